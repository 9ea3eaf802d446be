// Builds and serves the demo storefront for the bench through the `npm start` contract (scripts/start.ts):
// `--build-only --dist=<dir>` then `--no-build --dist=<dir>`, both with the same PORT so the image URLs baked into
// the pages are the ones the server answers on; then HTTPS with HTTP/2 in front of it (tls-front.ts says why).
// Each server is a process of its own, so that the bench's own work never delays a response.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const startOf = (root: string) => join(root, 'scripts', 'start.ts');
const TLS_FRONT = fileURLToPath(new URL('./tls-front.ts', import.meta.url));

/** A port that was free a moment ago on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** Starts `script` with Node in `cwd`, its output appended to `logFile`. */
function start(script: string, args: string[], env: NodeJS.ProcessEnv, logFile: string, cwd = ROOT): ChildProcess {
  const child = spawn(process.execPath, [script, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  // A log that cannot be written must not take the bench down.
  log.on('error', (error) => console.error(`bench: cannot write ${logFile}: ${error.message}`));
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.once('exit', () => log.end());
  return child;
}

const startEnv = (port: number) => ({ PORT: String(port), ASTRO_TELEMETRY_DISABLED: '1' });

/**
 * Builds the site into `distDir` with the `npm start` of the checkout at `root` (this one unless told); resolves with
 * the build's wall-clock seconds, rejects when it fails.
 */
export async function buildSite(
  distDir: string,
  port: number,
  logFile: string,
  siteUrl: string,
  root = ROOT,
): Promise<number> {
  const started = performance.now();
  const env = { ...startEnv(port), SITE_URL: siteUrl };
  const child = start(startOf(root), ['--build-only', `--dist=${distDir}`], env, logFile, root);
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  if (code !== 0) throw new Error(`The demo build failed (exit ${code ?? signal}); its output is in ${logFile}`);
  return (performance.now() - started) / 1000;
}

export interface Served {
  origin: string;
  stop: () => Promise<void>;
}

/** Starts a server process; resolves with the origin its ready line names (the first capture of `ready`). */
async function serve(what: string, child: ChildProcess, ready: RegExp, logFile: string): Promise<Served> {
  let timer: NodeJS.Timeout | undefined;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  try {
    const origin = await new Promise<string>((resolveReady, reject) => {
      // Whichever comes first settles it: the ready line, the process ending, or 30 s.
      timer = setTimeout(() => reject(new Error(`The ${what} was not ready in 30 s; see ${logFile}`)), 30_000);
      let seen = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        const match = ready.exec((seen += chunk.toString()))?.[1];
        if (match) resolveReady(match);
      });
      child.once('exit', (code, signal) =>
        reject(new Error(`The ${what} exited (${signal ?? code}) before it was ready; see ${logFile}`)),
      );
      child.once('error', reject);
    });
    return { origin, stop };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Serves an existing build on 127.0.0.1:port; resolves once the server prints that it is ready. */
export function serveSite(distDir: string, port: number, logFile: string, root = ROOT): Promise<Served> {
  const child = start(startOf(root), ['--no-build', `--dist=${distDir}`], startEnv(port), logFile, root);
  return serve('demo server', child, /Storefront ready at (\S+)\s/, logFile);
}

/** HTTPS with HTTP/2 on 127.0.0.1:port in front of the demo server on upstreamPort, with a certificate made in certDir. */
export function serveTlsFront(port: number, upstreamPort: number, certDir: string, logFile: string): Promise<Served> {
  const child = start(TLS_FRONT, [String(port), String(upstreamPort), certDir], {}, logFile);
  return serve('TLS front', child, /TLS front ready at (\S+)\s/, logFile);
}
