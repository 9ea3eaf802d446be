import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CatalogError, DEFAULT_CATALOG_PATH, loadCatalogFile, parseCatalog } from './catalog.ts';
import { FIXTURE_CATALOG_PATH, fixtureCatalog } from './fixtures/harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'demo-catalog-'));
function writeCatalog(name: string, content: string): string {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}
/** The fixture catalogue as JSON, with the value at `path` replaced, or removed when no value is given. */
function mutated(path: (string | number)[], ...value: [unknown?]): string {
  const catalog = structuredClone(fixtureCatalog());
  let node = catalog as unknown as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value.length) node[last] = value[0];
  else delete node[last];
  return JSON.stringify(catalog);
}

describe('loadCatalogFile', () => {
  it('loads a valid catalogue', () => {
    expect(loadCatalogFile(FIXTURE_CATALOG_PATH).products[0]?.link).toBe('haven-cam-360');
  });

  it('defaults to client/mock/seed/catalog.json', () => {
    expect(DEFAULT_CATALOG_PATH.endsWith(join('client', 'mock', 'seed', 'catalog.json'))).toBe(true);
  });

  it.each([
    ['a missing file', () => join(dir, 'missing.json'), /missing\.json cannot be read: file not found$/],
    ['a directory', () => dir, /cannot be read: it is a directory$/],
    ['broken JSON', () => writeCatalog('broken.json', '{"store": '), /broken\.json is not valid JSON: /],
    [
      'no products',
      () => writeCatalog('empty.json', mutated(['products'], [])),
      /is invalid: products must contain at least 1 item$/,
    ],
    [
      'no store domain',
      () => writeCatalog('store.json', mutated(['store', 'domain'])),
      /is invalid: store\.domain is required$/,
    ],
    [
      'a price that is not a number',
      () => writeCatalog('price.json', mutated(['products', 0, 'variants', 1, 'price'], '54.50')),
      /is invalid: products\[0\]\.variants\[1\]\.price must be number$/,
    ],
    [
      'a fractional stock',
      () => writeCatalog('stock.json', mutated(['products', 0, 'variants', 0, 'stock'], 1.5)),
      /products\[0\]\.variants\[0\]\.stock must be integer$/,
    ],
    [
      'an image without url',
      () => writeCatalog('image.json', mutated(['products', 0, 'variants', 0, 'images'], [{ src: 'x' }])),
      /products\[0\]\.variants\[0\]\.images\[0\]\.url is required$/,
    ],
    [
      'a link with a slash',
      () => writeCatalog('link.json', mutated(['products', 0, 'link'], 'a/b')),
      /products\[0\]\.link must match pattern/,
    ],
    [
      'a duplicate variant id',
      () => writeCatalog('dup.json', mutated(['products', 0, 'variants', 1, 'id'], 'var-white')),
      /products\[0\]\.variants\[1\]\.id "var-white" is used twice$/,
    ],
  ])('stops with one line naming the file and the problem for %s', (_name, makeFile, message) => {
    const file = makeFile();
    let error: unknown;
    try {
      loadCatalogFile(file);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CatalogError);
    const text = (error as Error).message;
    expect(text).toContain(file);
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });

  it('parseCatalog refuses data that is not an object', () => {
    expect(() => parseCatalog([], 'inline')).toThrow('Demo catalogue inline is invalid: catalogue must be object');
  });
});
