import { describe, expect, it } from 'vitest';
import { cachedFiguresText, PRODUCT_CACHE_MS, readCachedFigures, type CachedFigures } from './figures-cache.ts';

const AT = 1_800_000_000_000;
const figures: CachedFigures = {
  at: AT,
  variants: { white: { price: 7999, regularPrice: 9999, stock: 4 }, black: { price: 8499, stock: 0 } },
};

describe('the product figures cache', () => {
  it('reads back what it wrote, for 5 minutes', () => {
    const text = cachedFiguresText(figures);
    expect(readCachedFigures(text, AT)).toEqual(figures);
    expect(readCachedFigures(text, AT + PRODUCT_CACHE_MS)).toEqual(figures);
    expect(readCachedFigures(text, AT + PRODUCT_CACHE_MS + 1)).toBeUndefined();
    // Kept before the clock was set back: its age is unknown.
    expect(readCachedFigures(text, AT - 1)).toBeUndefined();
  });

  it('ignores nothing, broken JSON and values of another shape', () => {
    for (const raw of [null, undefined, '', '{', 'null', '[]', '"x"', '{"at":1}', '{"variants":{}}']) {
      expect(readCachedFigures(raw, AT)).toBeUndefined();
    }
  });

  it('ignores figures that are not whole cents and whole stock, as a value edited by hand or kept by another version', () => {
    const edited = (variants: unknown, at: unknown = AT) => JSON.stringify({ at, variants });
    expect(readCachedFigures(edited({ white: { price: 79.99, stock: 4 } }), AT)).toBeUndefined();
    expect(readCachedFigures(edited({ white: { price: '7999', stock: 4 } }), AT)).toBeUndefined();
    expect(readCachedFigures(edited({ white: { price: 7999, stock: -1 } }), AT)).toBeUndefined();
    expect(readCachedFigures(edited({ white: { price: 1e9 + 1, stock: 1 } }), AT)).toBeUndefined();
    expect(readCachedFigures(edited({ white: { price: 7999, stock: 1.5 } }), AT)).toBeUndefined();
    expect(readCachedFigures(edited({ white: { price: 7999, regularPrice: null, stock: 1 } }), AT)).toBeUndefined();
    expect(readCachedFigures(edited({ white: null }), AT)).toBeUndefined();
    expect(readCachedFigures(edited({}, '1800000000000'), AT)).toBeUndefined();
    expect(readCachedFigures(edited({}), AT)).toEqual({ at: AT, variants: {} });
  });
});
