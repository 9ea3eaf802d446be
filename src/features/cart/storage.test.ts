import { describe, expect, it } from 'vitest';
import { cartStorageKey, decodeCart, decodeLegacyCart, encodeCart, mergeEarly } from './storage.ts';
import type { CartItem } from './cart-item.ts';

const item: CartItem = {
  id: 'p-v',
  productId: 'p',
  variantId: 'v',
  name: 'Cam',
  price: 7999,
  variantName: 'White',
  size: 'One Size',
  maxQuantity: 5,
  quantity: 2,
};
const { id: _id, ...stored } = item;
const saved = (...items: unknown[]) => JSON.stringify({ version: 2, items });

describe('cart storage', () => {
  it('uses a product-specific, versioned key', () => {
    expect(cartStorageKey('haven-cam-360')).toBe('haven-cart:v2:haven-cam-360');
    expect(cartStorageKey('haven-cam-360', 1)).toBe('haven-cart:v1:haven-cam-360');
  });
  it('round-trips a cart, prices in cents and ids derived, not stored', () => {
    expect(JSON.parse(encodeCart([item]))).toEqual({ version: 2, items: [stored] });
    expect(decodeCart(encodeCart([item]))).toEqual({ items: [item] });
  });
  it('treats nothing stored as an empty cart without a problem', () => {
    expect(decodeCart(null)).toEqual({ items: [] });
    expect(decodeCart('')).toEqual({ items: [] });
  });
  it.each([
    ['not JSON', '{oops', 'not valid JSON'],
    ['a foreign value', '"hello"', 'unexpected shape'],
    ['another version', JSON.stringify({ version: 1, items: [] }), 'unexpected shape'],
    ['a bad quantity', saved({ ...stored, quantity: 0 }), 'items.0.quantity'],
    ['a negative price', saved({ ...stored, price: -1 }), 'items.0.price'],
    ['a price in dollars (not whole cents)', saved({ ...stored, price: 79.99 }), 'items.0.price'],
    ['a price of 1e308 (shown as $∞)', saved({ ...stored, price: 1e308 }), 'items.0.price'],
    ['a price just above 1e9 cents', saved({ ...stored, price: 1e9 + 1 }), 'items.0.price'],
    // JSON has no Infinity, but a number too large for a double parses as one.
    ['an infinite price', saved({ ...stored, price: 0 }).replace('"price":0', '"price":1e400'), 'items.0.price'],
    ['a huge original price', saved({ ...stored, originalPrice: 1e308 }), 'items.0.originalPrice'],
  ])('gives an empty cart and a reason for %s', (_label, raw, reason) => {
    const parsed = decodeCart(raw);
    expect(parsed.items).toEqual([]);
    expect(parsed.problem).toContain(reason);
  });
  it('keeps the lines it can read and names the ones it left out', () => {
    const other = { ...stored, variantId: 'w' };
    const parsed = decodeCart(
      saved({ ...stored, price: -1 }, other, 'oops', { ...other, variantId: 'x', quantity: 0 }),
    );
    expect(parsed.items).toEqual([{ ...item, id: 'p-w', variantId: 'w' }]);
    expect(parsed.problem).toBe(
      'the stored cart has 3 lines of an unexpected shape, left out: items.0.price, items.2, items.3.quantity',
    );
    expect(decodeCart(saved(stored, { ...other, price: -1 }))).toEqual({
      items: [item],
      problem: 'the stored cart has a line of an unexpected shape, left out: items.1.price',
    });
  });
  it('accepts prices up to 1e9 cents', () => {
    const big = { ...item, price: 1e9, originalPrice: 1e9 };
    expect(decodeCart(encodeCart([big]))).toEqual({ items: [big] });
  });
  it('drops a line with a maximum quantity of 0 and keeps the others, without calling the cart corrupt', () => {
    const soldOut = { ...item, id: 'p-w', variantId: 'w', maxQuantity: 0, quantity: 1 };
    expect(decodeCart(encodeCart([soldOut, item]))).toEqual({ items: [item] });
    expect(decodeCart(encodeCart([soldOut]))).toEqual({ items: [] });
  });
  it('derives ids again, merges duplicates and clamps to the cap', () => {
    expect(decodeCart(saved({ ...stored, id: 'forged' }, { ...stored, quantity: 9 })).items).toEqual([
      { ...item, quantity: 5 },
    ]);
    expect(decodeCart(saved({ ...stored, quantity: 9 })).items).toEqual([{ ...item, quantity: 5 }]);
  });
});

describe('lines without product or variant ids', () => {
  const bare = { productId: '', name: 'Cam', variantName: 'White', price: 1000, maxQuantity: 5 };

  it('get the fixed size and an id that stays the same across a reload', () => {
    const [read] = decodeCart(JSON.stringify({ version: 2, items: [{ ...bare, quantity: 1 }] })).items;
    expect(read).toMatchObject({ id: 'cam-white-one-size', size: 'One Size' });
    expect(decodeCart(encodeCart([read!])).items[0]?.id).toBe(read?.id);
  });

  it('saved under the earlier rule (with and without a size), become one line within its cap', () => {
    const stored = {
      version: 2,
      items: [
        { ...bare, quantity: 2 },
        { ...bare, size: 'One Size', quantity: 4 },
      ],
    };
    expect(decodeCart(JSON.stringify(stored)).items).toEqual([
      { ...bare, size: 'One Size', id: 'cam-white-one-size', quantity: 5 },
    ]);
  });
});

describe('a cart saved in format 1 (dollars, the variant name as color)', () => {
  // As the storefront wrote carts before prices were kept in cents.
  const legacy = {
    id: 'p-v',
    productId: 'p',
    variantId: 'v',
    name: 'Cam',
    price: 79.99,
    originalPrice: 99.99,
    color: 'White',
    size: 'One Size',
    maxQuantity: 5,
    quantity: 2,
  };

  it("is read into today's lines: cents, and the variant name as variantName", () => {
    expect(decodeLegacyCart(JSON.stringify({ version: 1, items: [legacy] }))).toEqual({
      items: [{ ...item, originalPrice: 9999 }],
    });
  });
  it('gets the same checks', () => {
    const parsed = decodeLegacyCart(JSON.stringify({ version: 1, items: [{ ...legacy, price: 1e308 }] }));
    expect(parsed).toEqual({ items: [], problem: expect.stringContaining('items.0.price') });
    expect(decodeLegacyCart(encodeCart([item])).problem).toContain('unexpected shape');
  });
});

describe('mergeEarly', () => {
  const line = (variantId: string, quantity: number, maxQuantity = 5): CartItem => ({
    id: `p-${variantId}`,
    productId: 'p',
    variantId,
    name: 'Cam',
    price: 1000,
    variantName: variantId,
    size: 'One Size',
    maxQuantity,
    quantity,
  });

  it('adds early lines to the stored ones, growing a line both have within its cap', () => {
    expect(mergeEarly([line('a', 2)], [line('a', 1), line('b', 1)]).map((i) => [i.id, i.quantity])).toEqual([
      ['p-a', 3],
      ['p-b', 1],
    ]);
  });

  it("leaves out an early line that would pass the stored line's cap", () => {
    expect(mergeEarly([line('a', 5)], [line('a', 1)]).map((i) => i.quantity)).toEqual([5]);
  });
});
