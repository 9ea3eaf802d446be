// Cache rules of `npm start` that scripts/server/demo-server.test.ts leaves open: error answers and the build
// manifest are never cached as if they were hashed assets, and static hosts get the same rule for /_astro/*.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoBackend } from '@haven/commerce-client/mock';
import { fixtureCatalog } from '@haven/commerce-client/mock/fixtures';
import { DemoServer, IMMUTABLE, REVALIDATE } from '../../scripts/server/demo-server.ts';
import { makeFixtureDist } from '../../scripts/server/test-fixtures.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const server = new DemoServer({
  handlers: createDemoBackend({ catalog: fixtureCatalog() }).handlers,
  imagesDir: join(root, 'client', 'mock', 'images'),
  sdkFile: join(root, 'client', 'mock', 'wallet', 'sdk.js'),
});
let origin = '';

beforeAll(async () => {
  const dist = makeFixtureDist();
  writeFileSync(join(dist, 'build.json'), '{"manifestVersion":1}\n');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  origin = await server.listen(0);
  await server.serveSite(dist);
});
afterAll(() => server.close());

describe('npm start cache headers', () => {
  it('never lets a missing hashed asset be cached for a year', async () => {
    const response = await fetch(`${origin}/_astro/app.Missing1.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe(REVALIDATE);
  });

  it('revalidates the 404 page', async () => {
    const response = await fetch(`${origin}/no-such-page`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/build.json', '/robots.txt'])('revalidates %s, which the next build may change', async (path) => {
    const response = await fetch(`${origin}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/);
  });

  it('answers a HEAD for a hashed asset with the immutable rule too', async () => {
    const response = await fetch(`${origin}/_astro/app.Ab12Cd34.js`, { method: 'HEAD' });
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
  });
});

describe('public/_headers', () => {
  it('gives static hosts the same rule for /_astro/*', () => {
    const text = readFileSync(join(root, 'public', '_headers'), 'utf8');
    const block = /^\/_astro\/\*\n((?:[ \t]+.*\n?)+)/m.exec(text)?.[1] ?? '';
    expect(block.trim()).toBe(`Cache-Control: ${IMMUTABLE}`);
  });
});
