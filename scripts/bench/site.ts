// Builds and serves the demo storefront for the bench through the `npm start` contract (scripts/start.ts):
// `--build-only --dist=<dir>` then `--no-build --dist=<dir>`, both with the same PORT so the image URLs baked into
// the pages are the ones the server answers on; then HTTPS with HTTP/2 in front of it (tls-front.ts says why).
// Each server runs in its own process so that Lighthouse's work in this process never delays a response.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START = fileURLToPath(new URL('../start.ts', import.meta.url));
const TLS_FRONT = fileURLToPath(new URL('./tls-front.ts', import.meta.url));

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

function startProcess(script: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile, { flags: 'a' });
  // A log that cannot be written must not take the bench down while a build is still running.
  log.on('error', (error) => console.error(`bench: cannot write ${logFile}: ${error.message}`));
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.once('exit', () => log.end());
  return child;
}

function startScript(args: string[], port: number, logFile: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  return startProcess(START, args, { ...process.env, ...env, PORT: String(port), ASTRO_TELEMETRY_DISABLED: '1' }, logFile);
}

/** Builds the site into `distDir`; resolves with the build's wall-clock seconds, rejects when it fails. */
export function buildSite(distDir: string, port: number, logFile: string, siteUrl?: string): Promise<number> {
  const started = performance.now();
  const child = startScript(['--build-only', `--dist=${distDir}`], port, logFile, siteUrl ? { SITE_URL: siteUrl } : {});
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

/** Waits until a started server prints its ready line; its origin is the line's first capture group. */
function whenReady(child: ChildProcess, ready: RegExp, what: string, logFile: string, timeoutMs: number): Promise<ServedSite> {
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
      reject(new Error(`The ${what} did not report ready within ${timeoutMs / 1000} s; see ${logFile}`));
    }, timeoutMs);
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = ready.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveServe({ origin: match[1], stop, ended: () => endedBy });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The ${what} exited (code ${code}) before it was ready; see ${logFile}`));
    });
  });
}

/** Serves an existing build on 127.0.0.1:port; resolves once the server prints that it is ready. */
export function serveSite(distDir: string, port: number, logFile: string, timeoutMs = 30_000): Promise<ServedSite> {
  const child = startScript(['--no-build', `--dist=${distDir}`], port, logFile);
  return whenReady(child, /Storefront ready at (http:\/\/127\.0\.0\.1:\d+)/, 'demo server', logFile, timeoutMs);
}

/**
 * HTTPS with HTTP/2 on 127.0.0.1:port in front of the demo server on upstreamPort (scripts/bench/tls-front.ts),
 * with a certificate made for this run in certDir.
 */
export function serveTlsFront(port: number, upstreamPort: number, certDir: string, logFile: string, timeoutMs = 30_000): Promise<ServedSite> {
  const child = startProcess(TLS_FRONT, [String(port), String(upstreamPort), certDir], process.env, logFile);
  return whenReady(child, /TLS front ready at (https:\/\/127\.0\.0\.1:\d+)/, 'TLS front', logFile, timeoutMs);
}
