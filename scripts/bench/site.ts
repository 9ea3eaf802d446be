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
const START = fileURLToPath(new URL('../start.ts', import.meta.url));
const TLS_FRONT = fileURLToPath(new URL('./tls-front.ts', import.meta.url));

/** A port that was free a moment ago on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** Starts `script` with Node, its output appended to `logFile`. */
function start(script: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile, { flags: 'a' });
  // A log that cannot be written must not take the bench down.
  log.on('error', (error) => console.error(`bench: cannot write ${logFile}: ${error.message}`));
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.once('exit', () => log.end());
  return child;
}

const startEnv = (port: number) => ({ PORT: String(port), ASTRO_TELEMETRY_DISABLED: '1' });

/** Builds the site into `distDir`; resolves with the build's wall-clock seconds, rejects when it fails. */
export async function buildSite(distDir: string, port: number, logFile: string, siteUrl: string): Promise<number> {
  const started = performance.now();
  const child = start(START, ['--build-only', `--dist=${distDir}`], { ...startEnv(port), SITE_URL: siteUrl }, logFile);
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  if (code !== 0) throw new Error(`The demo build failed (exit ${code ?? signal}); its output is in ${logFile}`);
  return (performance.now() - started) / 1000;
}

/**
 * A server process the bench keeps running: `ensure` starts it again on its port if something outside the bench
 * stopped it, so one stray signal does not void the bench. `origin` is what its ready line names.
 */
function keptRunning(what: string, launch: () => ChildProcess, ready: RegExp, logFile: string) {
  let child: ChildProcess | undefined;
  let ended: string | undefined;
  const server = {
    what,
    origin: '',
    ended: () => ended,
    async start(): Promise<void> {
      const started = (child = launch());
      ended = undefined;
      started.once('exit', (code, signal) => (ended = signal ? `signal ${signal}` : `exit code ${code}`));
      let timer: NodeJS.Timeout | undefined;
      try {
        server.origin = await new Promise<string>((resolveReady, reject) => {
          // Whichever comes first settles it: the ready line, the process ending, or 30 s.
          timer = setTimeout(() => reject(new Error(`The ${what} was not ready in 30 s; see ${logFile}`)), 30_000);
          let seen = '';
          started.stdout?.on('data', (chunk: Buffer) => {
            const origin = ready.exec((seen += chunk.toString()))?.[1];
            if (origin) resolveReady(origin);
          });
          started.once('exit', () => reject(new Error(`The ${what} exited (${ended}) before it was ready; see ${logFile}`)));
          started.once('error', reject);
        });
      } catch (error) {
        started.kill();
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    async stop(): Promise<void> {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
  return server;
}

/** The demo server on `port` and, in front of it, HTTPS with HTTP/2 on `tlsPort` (a certificate made in `certDir`). */
export function serveBenchSite(distDir: string, port: number, tlsPort: number, certDir: string, logDir: string) {
  const [siteLog, frontLog] = [join(logDir, 'server.log'), join(logDir, 'tls-front.log')];
  const site = keptRunning('demo server', () => start(START, ['--no-build', `--dist=${distDir}`], startEnv(port), siteLog), /Storefront ready at (\S+)\s/, siteLog);
  const front = keptRunning('TLS front', () => start(TLS_FRONT, [String(tlsPort), String(port), certDir], {}, frontLog), /TLS front ready at (\S+)\s/, frontLog);
  /** When and why a server was restarted: pages whose visit depends on the server's state prepare it again. */
  const restarts: string[] = [];
  return {
    site,
    front,
    restarts,
    start: async () => {
      await site.start();
      await front.start();
    },
    async ensure(): Promise<void> {
      for (const server of [site, front]) {
        const ended = server.ended();
        if (!ended) continue;
        console.log(`  the ${server.what} stopped (${ended}), not by the bench: restarting it on its port`);
        restarts.push(`${new Date().toISOString()} ${server.what} ${ended}`);
        await server.start();
      }
    },
    stop: async () => {
      await front.stop();
      await site.stop();
    },
    /** A URL of the demo server as the browsers load it: through the front. */
    throughFront: (url: string) => (url.startsWith(site.origin) ? `${front.origin}${url.slice(site.origin.length)}` : url),
  };
}

export type BenchSite = ReturnType<typeof serveBenchSite>;
