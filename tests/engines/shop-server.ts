// The shop the cross-engine tests visit: `npm start --no-build` over the dist/ the Chromium tests just built, on the
// test port (the build's pictures name it).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_PORT } from '../../scripts/server/config.ts';
import { SHOP } from './engine.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default async function setup(): Promise<() => Promise<void>> {
  const server = spawn(process.execPath, ['scripts/start.ts', '--no-build'], {
    cwd: root,
    env: { ...process.env, PORT: String(TEST_PORT), SITE_URL: SHOP },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Storefront ready at')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`npm start --no-build exited with ${code}:\n${output}`)));
  });
  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
}
