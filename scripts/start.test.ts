// `npm start` as a user runs it: a real process on a free port (PORT=0), talked to over HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_CATALOG_PATH } from '@haven/commerce-client/mock/fixtures';
import { makeFixtureDist } from './server/test-fixtures.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const START = join(root, 'scripts', 'start.ts');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function start(args: string[], env: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, [START, ...args], {
    cwd: root,
    env: { ...process.env, PORT: '0', DEMO_CATALOG: FIXTURE_CATALOG_PATH, DEMO_SCENARIO: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves with the URL of the ready line, or fails with the output if the process exits first. */
async function ready(started: Started, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /Storefront ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(started.output());
    if (match?.[1]) return match[1];
    if (started.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`start.ts did not get ready (exit ${started.child.exitCode}):\n${started.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function occupyPort(): Promise<{ blocker: Server; port: number }> {
  return new Promise((resolve) => {
    const blocker = createServer();
    blocker.listen(0, '127.0.0.1', () => {
      const address = blocker.address();
      resolve({ blocker, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

describe('node scripts/start.ts --no-build', () => {
  it('serves the site, the demo API and the fake SDK from one origin, and stops cleanly on SIGTERM', async () => {
    const started = start(['--no-build', `--dist=${makeFixtureDist()}`]);
    const url = await ready(started);

    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(await home.text()).toContain('Fixture home');

    const asset = await fetch(`${url}/_astro/app.Ab12Cd34.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const missing = await fetch(`${url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Fixture 404');

    const product = await fetch(`${url}/api/v1/stores/haven-home.test/products/haven-cam-360`);
    expect(product.status).toBe(200);
    expect(JSON.stringify(await product.json())).toContain(`${url}/demo-images/`);

    const sdk = await fetch(`${url}/demo-wallet/sdk.js?client-id=demo-client-id&components=buttons`);
    expect(sdk.status).toBe(200);
    expect(sdk.headers.get('content-type')).toContain('text/javascript');

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('stopping the storefront server');
  });

  it('applies DEMO_SCENARIO to the whole run', async () => {
    const started = start(['--no-build', `--dist=${makeFixtureDist()}`], { DEMO_SCENARIO: 'server-error' });
    const url = await ready(started);
    expect(started.output()).toContain('scenario server-error');
    const order = await fetch(`${url}/api/v1/orders/store/haven-home`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: 'prod-test-camera', variantId: 'var-white', quantity: 1 }] }),
    });
    expect(order.status).toBe(500);
    expect(((await order.json()) as { traceId?: string }).traceId).toBeTruthy();
  });
});

describe('clear one-line errors instead of stack traces', () => {
  const expectOneLineFailure = async (started: Started, pattern: RegExp) => {
    expect(await started.exited).toBe(1);
    const lines = started.output().trim().split('\n');
    const last = lines.at(-1) ?? '';
    expect(last).toMatch(pattern);
    expect(started.output()).not.toMatch(/\n\s+at /);
  };

  it('a taken port', async () => {
    const { blocker, port } = await occupyPort();
    try {
      const started = start(['--no-build', `--dist=${makeFixtureDist()}`], { PORT: String(port) });
      await expectOneLineFailure(
        started,
        new RegExp(`^Port ${port} on 127\\.0\\.0\\.1 is already in use\\. .*PORT=${port + 1} npm start$`),
      );
    } finally {
      blocker.close();
    }
  });

  it('a missing DEMO_CATALOG file', async () => {
    const file = join(tmpdir(), 'no-such-catalog.json');
    await expectOneLineFailure(
      start(['--no-build'], { DEMO_CATALOG: file }),
      new RegExp(`^Demo catalogue ${file} cannot be read: file not found$`),
    );
  });

  it('an invalid DEMO_CATALOG file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'catalog-')), 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({ store: { id: 's', domain: 'd' }, products: [{ link: 'x', id: 'p', name: 'n' }] }),
    );
    await expectOneLineFailure(
      start(['--no-build'], { DEMO_CATALOG: file }),
      /^Demo catalogue .*bad\.json is invalid: products\[0\]\.variants is required$/,
    );
  });

  it('an unknown DEMO_SCENARIO', async () => {
    await expectOneLineFailure(
      start(['--no-build'], { DEMO_SCENARIO: 'broken' }),
      /^DEMO_SCENARIO: Unknown demo scenario "broken"/,
    );
  });

  it('an invalid PORT', async () => {
    await expectOneLineFailure(
      start(['--no-build'], { PORT: 'http' }),
      /^PORT must be a whole number from 0 to 65535, got "http"$/,
    );
  });

  it('--no-build without a built site', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'empty-dist-'));
    await expectOneLineFailure(start(['--no-build', `--dist=${empty}`]), /has no index\.html to serve: build it first/);
  });

  it('an unknown argument', async () => {
    await expectOneLineFailure(start(['--serve']), /^Unknown option '--serve'.* Usage: /);
  });
});

// The real build that succeeds, and its --no-build serving, are in tests/unit/demo-build.test.ts.
describe('real build', () => {
  it('a failing build stops start-up with exit code 1 (PUBLIC_PAYPAL_ENV other than production or sandbox)', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'demo-build-'));
    const built = start(['--build-only', `--dist=${dist}`], { DEMO_CATALOG: '', PUBLIC_PAYPAL_ENV: 'live' });
    expect(await built.exited).toBe(1);
    expect(built.output()).toContain('PUBLIC_PAYPAL_ENV');
    expect(built.output().trim().split('\n').at(-1)).toBe(
      'The storefront build failed (astro build exited with code 1); see its output above.',
    );
  }, 60_000);
});
