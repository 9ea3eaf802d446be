import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  contentFigures,
  createManifest,
  fingerprintOf,
  fingerprintProduct,
  productFigures,
  readApiVersion,
  readContent,
  serializeManifest,
  sha256Hex,
} from './fingerprint.ts';
import { normalizeProduct, type ProductAnswer } from '../features/catalog/answer.ts';

const answer = {
  id: 'prod_1',
  name: 'Cam',
  seoTitle: 'Cam title',
  seoDescription: 'Cam seo',
  description: '<p>Sees all</p>',
  updatedAt: '2026-11-01T10:00:00Z',
  variants: [
    {
      id: 'v1',
      name: 'White',
      sku: 'W',
      price: 79.99,
      regularPrice: 99.99,
      stock: 4,
      images: [{ url: '/a1.webp' }, { url: '/a2.webp' }],
    },
    { id: 'v2', name: 'Black', sku: 'B', price: 84.99, stock: 0, images: [{ url: '/b1.webp' }] },
  ],
};

const product = (input: unknown = answer): ProductAnswer => normalizeProduct(input).product;
const fingerprint = (p: ProductAnswer) => fingerprintProduct(productFigures(p, 'cam')).fingerprint;

/** The same object with its keys (at every level) in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reversedKeys(v)]),
    );
  }
  return value;
}

function edited(change: (copy: typeof answer) => void): ProductAnswer {
  const copy = structuredClone(answer);
  change(copy);
  return product(copy);
}

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonicalJson([{ y: 1, x: 2 }])).toBe('[{"x":2,"y":1}]');
  });

  it('writes undefined as JSON.stringify does: left out of objects, null in lists', () => {
    expect(canonicalJson({ a: undefined, b: 'x' })).toBe('{"b":"x"}');
    expect(canonicalJson([undefined, null, 1])).toBe(JSON.stringify([undefined, null, 1]));
  });

  it('refuses numbers JSON cannot carry', () => {
    expect(() => canonicalJson({ price: Number.NaN })).toThrow(/NaN/);
    expect(() => canonicalJson([Number.POSITIVE_INFINITY])).toThrow(/Infinity/);
  });

  it('gives the same text for any key order (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(reversedKeys(value))).toBe(canonicalJson(value));
      }),
    );
  });
});

describe('product fingerprint', () => {
  it('does not depend on the order of the fields in the answer', () => {
    expect(fingerprint(product(reversedKeys(answer)))).toBe(fingerprint(product()));
  });

  it('ignores fields the pages are not built from', () => {
    expect(fingerprint(edited((a) => void (a.updatedAt = '2026-11-02T00:00:00Z')))).toBe(fingerprint(product()));
  });

  it.each([
    ['a price', (a: typeof answer) => void (a.variants[1]!.price = 74.99)],
    ['a regular price', (a: typeof answer) => void (a.variants[0]!.regularPrice = 109.99)],
    ['a stock figure', (a: typeof answer) => void (a.variants[0]!.stock = 3)],
    ['an image URL', (a: typeof answer) => void (a.variants[0]!.images[1]!.url = '/a2-new.webp')],
    ['the image order', (a: typeof answer) => void a.variants[0]!.images.reverse()],
    ['the variant order', (a: typeof answer) => void a.variants.reverse()],
    ['a variant name', (a: typeof answer) => void (a.variants[0]!.name = 'Snow')],
    ['a SKU', (a: typeof answer) => void (a.variants[0]!.sku = 'W2')],
    ['the description', (a: typeof answer) => void (a.description = '<p>Sees more</p>')],
    ['the SEO description', (a: typeof answer) => void (a.seoDescription = 'new')],
    ['the name', (a: typeof answer) => void (a.name = 'Cam 2')],
    ['a removed variant', (a: typeof answer) => void a.variants.pop()],
  ])('changes with %s', (_what, change) => {
    expect(fingerprint(edited(change))).not.toBe(fingerprint(product()));
  });

  it('changes with the product link', () => {
    const p = product();
    expect(fingerprintProduct(productFigures(p, 'other')).fingerprint).not.toBe(fingerprint(p));
  });

  it('keeps the figures check-product reports from', () => {
    const figures = productFigures(product(), 'cam');
    expect(figures.descriptionSha256).toBe(sha256Hex('<p>Sees all</p>'));
    expect(figures.variants).toEqual([
      {
        id: 'v1',
        name: 'White',
        sku: 'W',
        price: 79.99,
        regularPrice: 99.99,
        stock: 4,
        images: ['/a1.webp', '/a2.webp'],
      },
      { id: 'v2', name: 'Black', sku: 'B', price: 84.99, stock: 0, images: ['/b1.webp'] },
    ]);
    expect(fingerprintProduct(figures).fingerprint).toBe(fingerprintOf(figures));
    expect(fingerprintOf(figures)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe('content fingerprint', () => {
  const files: [string, string][] = [
    ['policy/returns.md', '---\ntitle: Returns\n---\n30 days'],
    ['faq/setup.md', '---\nquestion: How?\n---\nEasily'],
  ];

  it('does not depend on the order files are listed in, and lists them by path', () => {
    const a = contentFigures(files);
    const b = contentFigures([...files].reverse());
    expect(b).toEqual(a);
    expect(Object.keys(a.files)).toEqual(['faq/setup.md', 'policy/returns.md']);
    expect(a.files['faq/setup.md']).toBe(sha256Hex('---\nquestion: How?\n---\nEasily'));
  });

  it('uses forward slashes whatever the platform, and paths relative to the content folder', () => {
    expect(contentFigures(files.map(([p, t]) => [p.replace('/', '\\'), t] as const))).toEqual(contentFigures(files));
    expect(contentFigures(files.map(([p, t]) => [`/${p}`, t] as const))).toEqual(contentFigures(files));
  });

  it('reads every file under the folder but dot-files, as a build would', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'content-'));
    try {
      await mkdir(join(dir, 'faq'));
      for (const [path, text] of files.slice(1)) await writeFile(join(dir, path), text);
      await writeFile(join(dir, '.DS_Store'), 'x');
      await writeFile(join(dir, 'faq', '.setup.md.swp'), 'x');
      expect(await readContent(dir)).toEqual(contentFigures(files.slice(1)));
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('changes when a file is edited, added or renamed', () => {
    const base = contentFigures(files).fingerprint;
    expect(contentFigures([files[0]!, [files[1]![0], 'edited']]).fingerprint).not.toBe(base);
    expect(contentFigures([...files, ['support/new.md', 'x']]).fingerprint).not.toBe(base);
    expect(contentFigures([files[0]!, ['faq/setup-renamed.md', files[1]![1]]]).fingerprint).not.toBe(base);
  });

  it('refuses a path listed twice', () => {
    expect(() => contentFigures([...files, ['faq\\setup.md', 'again']])).toThrow(
      'content file listed twice: faq/setup.md',
    );
  });
});

describe('readApiVersion', () => {
  it.each([
    [{ version: '1.6.0' }, '1.6.0'],
    [{ version: ' 1.7.0 ' }, '1.7.0'],
    [{ version: '' }, undefined],
    [{ version: 16 }, undefined],
    [{ version: 'x'.repeat(65) }, undefined],
    ['1.6.0', undefined],
    [null, undefined],
  ])('reads %j as %j', (data, expected) => {
    expect(readApiVersion(data)).toBe(expected);
  });
});

describe('manifest', () => {
  const input = {
    store: { id: 'haven-home', domain: 'haven-home.test' },
    link: 'cam',
    product: product(),
    content: contentFigures([['faq/setup.md', 'text']]),
  };

  it('serialises to the same bytes every time, without timestamps', () => {
    const text = serializeManifest(createManifest({ ...input, apiVersion: '1.6.0' }));
    expect(serializeManifest(createManifest({ ...input, apiVersion: '1.6.0' }))).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T|"(time|date|built|generated)/i);
    expect(JSON.parse(text)).toMatchObject({ manifestVersion: 2, store: input.store, apiVersion: '1.6.0' });
  });

  it('leaves the API version out when the backend reported none', () => {
    expect('apiVersion' in createManifest(input)).toBe(false);
    expect('apiVersion' in createManifest({ ...input, apiVersion: undefined })).toBe(false);
  });

  it("records what the pages do in the browser (their API and page policy), outside the product's fingerprint", () => {
    const browser = { apiBaseUrl: '/api/v1', walletCsp: 'strict' };
    const withBrowser = createManifest({ ...input, browser });
    expect(withBrowser.browser).toEqual(browser);
    expect(withBrowser.product.fingerprint).toBe(createManifest(input).product.fingerprint);
    expect('browser' in createManifest(input)).toBe(false);
  });
});
