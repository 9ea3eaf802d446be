import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentFigures, createManifest, serializeManifest, type BuildManifest } from '../../src/build/index.ts';
import { parseCheckArgs, UsageError } from './args.ts';
import { loadManifest, ManifestError, parseManifest } from './manifest.ts';

const good = createManifest({
  store: { id: 'haven-home', domain: 'haven-home.test' },
  link: 'cam',
  product: {
    id: 'p',
    name: 'Cam',
    seoTitle: 'Cam',
    seoDescription: '',
    description: '',
    variants: [{ id: 'v', name: 'White', sku: 'W', price: 10, stock: 1, images: [{ url: '/w.webp' }] }],
  },
  apiVersion: '1.6.0',
  content: contentFigures([['faq/a.md', 'a']]),
});
const text = serializeManifest(good);

describe('parseManifest', () => {
  it('reads what the build writes', () => {
    expect(parseManifest(text, 'build.json')).toEqual(good);
    const browser = { apiBaseUrl: 'https://api.example.com/api/v1', walletCsp: 'paypal-recommended' };
    expect(parseManifest(serializeManifest({ ...good, browser }), 'build.json')).toEqual({ ...good, browser });
  });

  it('says what is wrong with something that is not a manifest', () => {
    expect(() => parseManifest('<html>', 'x.json')).toThrow('x.json is not JSON.');
    const broken = JSON.parse(text) as { product: { variants: { price: unknown }[] } };
    broken.product.variants[0]!.price = '10';
    expect(() => parseManifest(JSON.stringify(broken), 'x.json')).toThrow(
      /x\.json is not a build manifest: product\.variants\.0\.price/,
    );
  });

  it('refuses another manifest version with advice', () => {
    expect(() => parseManifest(JSON.stringify({ ...good, manifestVersion: 3 }), 'x.json')).toThrow(
      /manifest version 3; this check-product reads version 2\. Rebuild and deploy once/,
    );
  });

  it('notices figures edited by hand', () => {
    const edited = JSON.parse(text) as BuildManifest;
    edited.product.variants[0]!.stock = 99;
    expect(() => parseManifest(JSON.stringify(edited), 'x.json')).toThrow(
      'x.json is damaged: its product figures do not match',
    );
    const content = JSON.parse(text) as BuildManifest;
    content.content.files['faq/b.md'] = 'a'.repeat(64);
    expect(() => parseManifest(JSON.stringify(content), 'x.json')).toThrow('its content file list does not match');
  });
});

describe('loadManifest', () => {
  it('reads a file, and names a missing one with what to do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'manifest-'));
    writeFileSync(join(dir, 'build.json'), text);
    await expect(loadManifest(join(dir, 'build.json'), 1000)).resolves.toEqual(good);
    const missing = loadManifest(join(dir, 'none.json'), 1000);
    await expect(missing).rejects.toBeInstanceOf(ManifestError);
    await expect(missing).rejects.toThrow(/No manifest at .*none\.json\. Build the site first \(npm run build\)/);
  });
});

describe('parseCheckArgs', () => {
  const env = { API_BASE_URL: 'http://127.0.0.1:4321/api/v1/' };

  it('defaults to the build manifest, three retries and the manifest store', () => {
    expect(parseCheckArgs([], env, '/repo/dist/build.json')).toEqual({
      manifest: '/repo/dist/build.json',
      retries: 3,
      timeoutMs: 20_000,
      content: true,
      apiBaseUrl: 'http://127.0.0.1:4321/api/v1',
      storeId: undefined,
      storeDomain: undefined,
      productLink: undefined,
    });
  });

  it('takes a manifest URL, retries, timeout and the configured store', () => {
    const options = parseCheckArgs(
      ['--manifest=https://shop.test/build.json', '--retries=0', '--timeout=5', '--skip-content'],
      { ...env, PUBLIC_STORE_DOMAIN: 'shop.test', PUBLIC_PRODUCT_LINK: ' cam ' },
      '/d',
    );
    expect(options).toMatchObject({
      manifest: 'https://shop.test/build.json',
      retries: 0,
      timeoutMs: 5000,
      content: false,
      storeDomain: 'shop.test',
      productLink: 'cam',
    });
  });

  it('requires API_BASE_URL and refuses unknown arguments', () => {
    expect(() => parseCheckArgs([], {}, '/d')).toThrow(/API_BASE_URL is not set/);
    expect(() => parseCheckArgs([], { API_BASE_URL: '/api/v1' }, '/d')).toThrow(/absolute http\(s\) URL/);
    expect(() => parseCheckArgs(['--force'], env, '/d')).toThrow(UsageError);
    expect(() => parseCheckArgs(['--retries=many'], env, '/d')).toThrow(
      '--retries must be a whole number from 0 to 10',
    );
  });
});
