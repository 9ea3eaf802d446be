// `npm run check-product` as a process against the demo backend (`npm start --no-build` on a port of its own,
// DEMO_CATALOG pointing at a copy of the seed catalogue): unchanged exits 0, a changed price exits 1 naming it,
// a backend that is down exits 2.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '@haven/commerce-client/mock';
import { createManifest, serializeManifest, readContent } from '../../src/build/index.ts';
import { fetchApiVersion, fetchLiveProduct } from './live.ts';
import { cleanEnv, freePort, ROOT as root, runScript, startDemo, type RunningDemo } from './check-product.support.ts';

const work = mkdtempSync(join(tmpdir(), 'check-product-'));
const site = join(work, 'site');
const catalogPath = join(work, 'catalog.json');
const seed = JSON.parse(readFileSync(join(root, 'client/mock/seed/catalog.json'), 'utf8')) as Catalog;
let port = 0;
let api = '';
let demo: RunningDemo | undefined;

async function startWith(catalog: unknown): Promise<void> {
  writeFileSync(catalogPath, JSON.stringify(catalog));
  demo = await startDemo(port, site, { DEMO_CATALOG: catalogPath });
}

async function stopDemo(): Promise<void> {
  await demo?.stop();
  demo = undefined;
}

const checkProduct = (...args: string[]) =>
  runScript('scripts/check-product.ts', args, cleanEnv({ API_BASE_URL: api }));

beforeAll(async () => {
  port = await freePort();
  api = `http://127.0.0.1:${port}/api/v1`;
  mkdirSync(site);
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>site</title>');
  await startWith(seed);
  // The manifest a build against this backend writes (src/pages/build.json.ts makes it with the same functions;
  // tests/unit/demo-build.test.ts checks a real build's manifest with check-product).
  const live = {
    baseUrl: api,
    storeDomain: seed.store.domain,
    productLink: 'haven-cam-360',
    retries: 0,
    timeoutMs: 5000,
  };
  const manifest = createManifest({
    store: seed.store,
    link: 'haven-cam-360',
    product: await fetchLiveProduct(live),
    apiVersion: await fetchApiVersion(live),
    content: await readContent(join(root, 'src/content')),
  });
  writeFileSync(join(work, 'build.json'), serializeManifest(manifest));
  writeFileSync(join(site, 'build.json'), serializeManifest(manifest));
});

afterAll(async () => {
  await stopDemo();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run check-product', () => {
  it('exits 0 when nothing changed, reading the manifest from a file or from the deployed site', async () => {
    const fromFile = await checkProduct(`--manifest=${join(work, 'build.json')}`);
    expect(fromFile.err).toBe('');
    expect(fromFile.out).toContain('check-product: no change since the last build');
    expect(fromFile.code).toBe(0);
    const fromSite = await checkProduct(`--manifest=http://127.0.0.1:${port}/build.json`);
    expect(fromSite.out).toContain('no change since the last build');
    expect(fromSite.code).toBe(0);
  });

  it("keeps a built rating out of the comparison when the backend's reviews cannot be read, saying so", async () => {
    // The contract asks a token for the reviews, and the demo enforces it: check-product has none.
    const built = JSON.parse(readFileSync(join(work, 'build.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(work, 'rated.json'), JSON.stringify({ ...built, rating: { value: 4.6, count: 12 } }));
    const run = await checkProduct('--manifest', join(work, 'rated.json'));
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/note: the backend's reviews could not be read \(.+\): the rating is not compared/);
  });

  it('exits 2 when the manifest is missing', async () => {
    const run = await checkProduct(`--manifest=${join(work, 'missing.json')}`);
    expect(run.code).toBe(2);
    expect(run.err).toContain('check-product: cannot tell whether the product changed.');
    expect(run.err).toContain('Build the site first (npm run build)');
  });

  it('exits 1 and names the changes when a price and a stock figure changed', async () => {
    const changed = structuredClone(seed);
    const variants = changed.products[0]!.variants;
    variants.find((v) => v.id === 'var_midnight_black')!.price = 74.99;
    variants.find((v) => v.id === 'var_sage_green')!.stock = 7;
    await stopDemo();
    await startWith(changed);
    const run = await checkProduct(`--manifest=${join(work, 'build.json')}`);
    expect(run.out).toContain('check-product: 2 changes since the last build');
    expect(run.out).toContain('  - price of "Midnight Black" (var_midnight_black) from $84.99 to $74.99\n');
    expect(run.out).toContain('  - stock of "Sage Green" (var_sage_green) from 0 to 7 (back in stock)\n');
    expect(run.out).toContain('A rebuild is needed');
    expect(run.code).toBe(1);
  });

  it('exits 2 with a clear message when the backend is down', async () => {
    await stopDemo();
    const run = await checkProduct(`--manifest=${join(work, 'build.json')}`, '--retries=1');
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    expect(run.err).toContain('check-product: cannot tell whether the product changed.');
    expect(run.err).toContain(
      `Could not fetch the product from ${api}/stores/haven-home.test/products/haven-cam-360 after 2 tries`,
    );
    expect(run.err).toContain('it could not be reached (ECONNREFUSED)');
  });
});
