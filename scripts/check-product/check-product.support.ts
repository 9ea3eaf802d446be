// Process helpers for the tests that run `npm start` and `npm run check-product` for real.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * This process's environment as a shell would give it, plus `extra`: without the storefront variables a developer
 * may have set, and without vitest's NODE_ENV=test, which would make `astro build` emit React's development build.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ASTRO_TELEMETRY_DISABLED: '1' };
  for (const name of Object.keys(env)) {
    if (/^(API_BASE_URL|IMAGE_HOSTS|PUBLIC_|SITE_URL|DEMO_|NODE_ENV$|VITEST)/.test(name)) delete env[name];
  }
  return { ...env, ...extra };
}

export interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** Runs a project script with this Node (24) and collects its output. */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, env, timeout: timeoutMs });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

export interface RunningDemo {
  stop(): Promise<void>;
}

/** `node scripts/start.ts --no-build`: the demo API and the site in `distDir`, until stop(). */
export async function startDemo(
  port: number,
  distDir: string,
  extra: Record<string, string> = {},
): Promise<RunningDemo> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.ts'), '--no-build', `--dist=${distDir}`], {
    cwd: ROOT,
    env: cleanEnv({ PORT: String(port), ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Storefront ready at')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the demo server exited with ${code}:\n${output}`)));
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
