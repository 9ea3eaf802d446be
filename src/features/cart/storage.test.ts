import { describe, expect, it } from 'vitest';
import { cartStorageKey, decodeCart, encodeCart, mergeEarly } from './storage.ts';
import type { CartItem } from './cart-item.ts';

const item: CartItem = { id: 'p-v', productId: 'p', variantId: 'v', name: 'Cam', price: 79.99, color: 'White', size: 'One Size', maxQuantity: 5, quantity: 2 };

describe('cart storage', () => {
  it('uses a product-specific, versioned key', () => {
    expect(cartStorageKey('haven-cam-360')).toBe('haven-cart:v1:haven-cam-360');
  });
  it('round-trips a cart', () => {
    expect(decodeCart(encodeCart([item]))).toEqual({ items: [item] });
  });
  it('treats nothing stored as an empty cart without a problem', () => {
    expect(decodeCart(null)).toEqual({ items: [] });
  });
  it.each([
    ['not JSON', '{oops', 'not valid JSON'],
    ['a foreign value', '"hello"', 'unexpected shape'],
    ['an older version', JSON.stringify({ version: 0, items: [] }), 'unexpected shape'],
    ['a bad quantity', JSON.stringify({ version: 1, items: [{ ...item, quantity: 0 }] }), 'items.0.quantity'],
    ['a negative price', JSON.stringify({ version: 1, items: [{ ...item, price: -1 }] }), 'items.0.price'],
    ['a price of 1e308 (shown as $∞)', JSON.stringify({ version: 1, items: [{ ...item, price: 1e308 }] }), 'items.0.price'],
    ['a price just above 1e7', JSON.stringify({ version: 1, items: [{ ...item, price: 10_000_000.01 }] }), 'items.0.price'],
    // JSON has no Infinity, but a number too large for a double parses as one.
    ['an infinite price', `{"version":1,"items":[${JSON.stringify({ ...item, price: 0 }).replace('"price":0', '"price":1e400')}]}`, 'items.0.price'],
    ['a huge original price', JSON.stringify({ version: 1, items: [{ ...item, originalPrice: 1e308 }] }), 'items.0.originalPrice'],
    ['a bad line after a good one', JSON.stringify({ version: 1, items: [item, { ...item, variantId: 'w', price: -0.01 }] }), 'items.1.price'],
  ])('gives an empty cart and a reason for %s', (_label, raw, reason) => {
    const parsed = decodeCart(raw);
    expect(parsed.items).toEqual([]);
    expect(parsed.problem).toContain(reason);
  });
  it('accepts prices up to 1e7', () => {
    const big = { ...item, price: 1e7, originalPrice: 1e7 };
    expect(decodeCart(encodeCart([big]))).toEqual({ items: [big] });
  });
  it('drops a line with a maximum quantity of 0 and keeps the others, without calling the cart corrupt', () => {
    const soldOut = { ...item, id: 'p-w', variantId: 'w', maxQuantity: 0, quantity: 1 };
    expect(decodeCart(encodeCart([soldOut, item]))).toEqual({ items: [item] });
    expect(decodeCart(encodeCart([soldOut]))).toEqual({ items: [] });
  });
  it('re-derives ids, merges duplicates and clamps to the cap', () => {
    const raw = JSON.stringify({ version: 1, items: [{ ...item, id: 'forged' }, { ...item, quantity: 9 }] });
    expect(decodeCart(raw).items).toEqual([{ ...item, quantity: 5 }]);
  });
});

describe('mergeEarly', () => {
  const line = (variantId: string, quantity: number, maxQuantity = 5): CartItem => ({
    id: `p-${variantId}`,
    productId: 'p',
    variantId,
    name: 'Cam',
    price: 10,
    color: variantId,
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

  it('leaves out an early line that would pass the stored line\'s cap', () => {
    expect(mergeEarly([line('a', 5)], [line('a', 1)]).map((i) => i.quantity)).toEqual([5]);
  });
});
