// Builds and serves the demo storefront for the bench through the `npm start` contract (scripts/start.ts):
// `--build-only --dist=<dir>` then `--no-build --dist=<dir>`, both with the same PORT so the canonical URLs and
// image URLs baked into the pages are the ones the server answers on. The server runs in its own process so that
// Lighthouse's work in this process never delays a response.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START = fileURLToPath(new URL('../start.ts', import.meta.url));

/** A port that was free a moment ago on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function startScript(args: string[], port: number, logFile: string): ChildProcess {
  const child = spawn(process.execPath, [START, ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  // A log that cannot be written must not take the bench down while a build is still running.
  log.on('error', (error) => console.error(`bench: cannot write ${logFile}: ${error.message}`));
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.once('exit', () => log.end());
  return child;
}

/** Builds the site into `distDir`; resolves with the build's wall-clock seconds, rejects when it fails. */
export function buildSite(distDir: string, port: number, logFile: string): Promise<number> {
  const started = performance.now();
  const child = startScript(['--build-only', `--dist=${distDir}`], port, logFile);
  return new Promise((resolveBuild, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolveBuild((performance.now() - started) / 1000);
      else reject(new Error(`The demo build failed (exit ${code ?? signal}); its output is in ${logFile}`));
    });
  });
}

export interface ServedSite {
  origin: string;
  stop: () => Promise<void>;
  /** Why the server process ended, if it has (something outside the bench can stop it). */
  ended: () => string | undefined;
}

/** Serves an existing build on 127.0.0.1:port; resolves once the server prints that it is ready. */
export function serveSite(distDir: string, port: number, logFile: string, timeoutMs = 30_000): Promise<ServedSite> {
  const child = startScript(['--no-build', `--dist=${distDir}`], port, logFile);
  let endedBy: string | undefined;
  child.once('exit', (code, signal) => (endedBy = signal ? `signal ${signal}` : `exit code ${code}`));
  const stop = () =>
    new Promise<void>((resolveStop) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
      child.once('exit', () => resolveStop());
      child.kill('SIGTERM');
    });
  return new Promise((resolveServe, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`The demo server did not report ready within ${timeoutMs / 1000} s; see ${logFile}`));
    }, timeoutMs);
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const ready = /Storefront ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolveServe({ origin: ready[1], stop, ended: () => endedBy });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The demo server exited (code ${code}) before it was ready; see ${logFile}`));
    });
  });
}
