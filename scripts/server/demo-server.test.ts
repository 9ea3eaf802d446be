import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoBackend } from '@haven/commerce-client/mock';
import { fixtureCatalog } from '@haven/commerce-client/mock/fixtures';
import { DemoServer, IMMUTABLE, PortInUseError } from './demo-server.ts';
import { FIXTURE_JS, makeFixtureDist } from './test-fixtures.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const backend = createDemoBackend({ catalog: fixtureCatalog() });
const server = new DemoServer({
  handlers: backend.handlers,
  imagesDir: join(root, 'client', 'mock', 'images'),
  sdkFile: join(root, 'client', 'mock', 'wallet', 'sdk.js'),
});
let origin = '';

beforeAll(async () => {
  origin = await server.listen(0);
  await server.serveSite(makeFixtureDist());
});
afterAll(() => server.close());

/** Raw request, so that paths reach the server exactly as written (fetch would normalise "..") */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('built site', () => {
  it.each([
    ['/', 'Fixture home'],
    ['/index', 'Fixture home'],
    ['/index.html', 'Fixture home'],
    ['/support', 'Fixture support'],
    ['/support/', 'Fixture support'],
    ['/support.html', 'Fixture support'],
    ['/links', 'Fixture links'],
    ['/links/', 'Fixture links'],
  ])('serves %s as HTML that must be revalidated', async (path, text) => {
    const response = await fetch(`${origin}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html; ?charset=utf-8$/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain(text);
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    // public/_headers is an instruction for hosts that read it, not a file to hand out.
    for (const path of ['/nope', '/support/extra', '/_astro/missing.js', '/_headers', '/_headers/']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html; ?charset=utf-8$/);
      expect(await response.text()).toContain('Fixture 404');
    }
  });

  it("reads a path that looks like a host's ('//') as a path, not an error", async () => {
    const { status, body } = await rawGet('//');
    expect(status).toBe(200);
    expect(body).toContain('Fixture home');
  });

  it('never serves files outside the site folder', async () => {
    for (const path of ['/%2e%2e/package.json', '/..%2fpackage.json', '/demo-images/%2e%2e/%2e%2e/sdk.js', '/%00']) {
      const { status, body } = await rawGet(path);
      expect(status).toBe(404);
      expect(body).not.toContain('"name"');
    }
  });

  it('serves hashed assets as immutable for a year, with the right type', async () => {
    const response = await fetch(`${origin}/_astro/app.Ab12Cd34.js`);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript');
    const svg = await fetch(`${origin}/favicon.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('cache-control')).toBe('no-cache');
  });

  it('revalidates with the ETag of each encoding: 304 for a matching If-None-Match', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const url = `${origin}/_astro/app.Ab12Cd34.js`;
      const first = await fetch(url, { headers: { 'accept-encoding': encoding } });
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const again = await fetch(url, { headers: { 'if-none-match': etag, 'accept-encoding': encoding } });
      expect(again.status).toBe(304);
      expect(again.headers.get('x-frame-options')).toBe('DENY');
      expect(again.headers.get('cache-control')).toBe(IMMUTABLE);
    }
    const stale = await fetch(`${origin}/_astro/app.Ab12Cd34.js`, { headers: { 'if-none-match': '"other"' } });
    expect(stale.status).toBe(200);
  });

  it('compresses text with gzip or brotli as the client accepts, and not images or tiny files', async () => {
    const gzip = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      httpRequest(`${origin}/_astro/app.Ab12Cd34.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(FIXTURE_JS);
    const br = await fetch(`${origin}/_astro/app.Ab12Cd34.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    // Compressed once at the highest settings, as a static host precompresses: the smallest bytes on the wire.
    expect(Number(br.headers.get('content-length'))).toBe(
      brotliCompressSync(FIXTURE_JS, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: FIXTURE_JS.length },
      }).length,
    );
    expect(gzip.body.length).toBe(gzipSync(FIXTURE_JS, { level: 9 }).length);
    expect(await br.text()).toBe(FIXTURE_JS);
    const small = await fetch(`${origin}/support`, { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('refuses other methods on static paths', async () => {
    const response = await fetch(`${origin}/support`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers HEAD with headers only', async () => {
    const response = await fetch(`${origin}/`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
  });
});

describe('demo API, SDK and images over HTTP', () => {
  it('serves the product with image urls absolute on the server origin, uncached', async () => {
    const response = await fetch(`${origin}/api/v1/stores/haven-home.test/products/haven-cam-360`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const product = (await response.json()) as { variants: { images: { url: string }[] }[] };
    expect(product.variants[0]?.images[0]?.url).toBe(`${origin}/demo-images/test/white-1.webp`);
  });

  it('makes image urls absolute on the host the client asked for', async () => {
    const port = new URL(origin).port;
    const path = '/api/v1/stores/haven-home.test/products/haven-cam-360';
    expect((await rawGet(path, { host: `localhost:${port}` })).body).toContain(
      `"http://localhost:${port}/demo-images/test/white-1.webp"`,
    );
    expect((await rawGet(path, { host: 'bad host/x' })).body).toContain(`"${origin}/demo-images/test/white-1.webp"`);
  });

  it('makes them https behind an HTTPS front that says so (X-Forwarded-Proto), and only then', async () => {
    const port = new URL(origin).port;
    const path = '/api/v1/stores/haven-home.test/products/haven-cam-360';
    expect((await rawGet(path, { host: `127.0.0.1:${port}`, 'x-forwarded-proto': 'https' })).body).toContain(
      `"https://127.0.0.1:${port}/demo-images/test/white-1.webp"`,
    );
    expect((await rawGet(path, { host: `127.0.0.1:${port}`, 'x-forwarded-proto': 'ftp' })).body).toContain(
      `"http://127.0.0.1:${port}/demo-images/test/white-1.webp"`,
    );
  });

  it('passes request bodies, headers and cookies through to the handlers', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${origin}/api/v1/orders/store/haven-home`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ items: [{ productId: 'prod-test-camera', variantId: 'var-white', quantity: 1 }] }),
      });
    const first = await post({ 'Idempotency-Key': 'http-1' });
    const replay = await post({ 'Idempotency-Key': 'http-1' });
    expect(((await replay.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
    expect((await post({ cookie: 'demo-scenario=server-error' })).status).toBe(500);
    const orders = (await (await fetch(`${origin}/__demo/orders`)).json()) as { orders: unknown[] };
    expect(orders.orders).toHaveLength(1);
    expect((await fetch(`${origin}/__demo/reset`, { method: 'POST' })).status).toBe(200);
  });

  it('passes the Authorization header through: a protected read needs a token the backend issued', async () => {
    const read = (headers: Record<string, string> = {}) => fetch(`${origin}/api/v1/orders/DEMO-0`, { headers });
    const refused = await read();
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('UNAUTHORIZED');
    const answer = await read({ authorization: `Bearer ${backend.issueToken()}` });
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { code: string }).code).toBe('ORDER_NOT_FOUND');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await fetch(`${origin}/api/v1/nothing`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('NOT_FOUND');
  });

  it('serves the fake wallet SDK for any query string', async () => {
    const response = await fetch(`${origin}/demo-wallet/sdk.js?client-id=demo-client-id&components=paypal-payments`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript');
    expect(await response.text()).toContain('createInstance');
    expect((await fetch(`${origin}/demo-wallet/other.js`)).status).toBe(404);
  });

  it('serves demo images from client/mock/images', async () => {
    const response = await fetch(`${origin}/demo-images/haven-cam-360/arctic-white-1.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((await fetch(`${origin}/demo-images/none.webp`)).status).toBe(404);
  });
});

describe('while building and on a taken port', () => {
  it('answers site paths with 503 while the site is being built', async () => {
    const building = new DemoServer({ handlers: backend.handlers, imagesDir: root, sdkFile: join(root, 'none.js') });
    const url = await building.listen(0);
    building.markBuilding();
    try {
      const response = await fetch(`${url}/`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect((await fetch(`${url}/api/v1/stores/haven-home/products/haven-cam-360`)).status).toBe(200);
    } finally {
      await building.close();
    }
  });

  it('rejects with PortInUseError when the port is taken', async () => {
    const port = Number(new URL(origin).port);
    const second = new DemoServer({ handlers: [], imagesDir: root, sdkFile: root });
    await expect(second.listen(port)).rejects.toThrow(new PortInUseError('127.0.0.1', port));
  });
});

describe('a site built for a path', () => {
  const under = new DemoServer({
    handlers: backend.handlers,
    imagesDir: join(root, 'client', 'mock', 'images'),
    sdkFile: join(root, 'client', 'mock', 'wallet', 'sdk.js'),
    base: '/shop',
  });
  let at = '';
  beforeAll(async () => {
    at = await under.listen(0);
    await under.serveSite(makeFixtureDist());
  });
  afterAll(() => under.close());

  it('serves the site under the path, and its immutable files with their header', async () => {
    for (const [path, text] of [
      ['/shop/', 'Fixture home'],
      ['/shop', 'Fixture home'],
      ['/shop/support?x=1', 'Fixture support'],
    ] as const) {
      const response = await fetch(`${at}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain(text);
    }
    expect((await fetch(`${at}/shop/_astro/app.Ab12Cd34.js`)).headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it("leads from the host's root to the shop, and answers other paths outside it with the 404 page", async () => {
    const root = await fetch(`${at}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/shop/');
    for (const path of ['/support', '/shopping', '/_astro/app.Ab12Cd34.js', '/shop/_headers']) {
      const response = await fetch(`${at}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('Fixture 404');
    }
  });

  it('keeps the API at the root, where the build calls it', async () => {
    expect((await fetch(`${at}/api/v1/stores/haven-home.test/products/haven-cam-360`)).status).toBe(200);
  });
});
