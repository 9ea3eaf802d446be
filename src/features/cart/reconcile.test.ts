import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Figures } from '../catalog/product.ts';
import { applyFigures } from './reconcile.ts';
import { capFor, type CartItem } from './cart-item.ts';

const line = (variantId: string, variantName: string, over: Partial<CartItem> = {}): CartItem => ({
  id: `p-${variantId}`,
  productId: 'p',
  variantId,
  name: 'Cam',
  price: 1000,
  variantName,
  size: 'One Size',
  maxQuantity: 40,
  quantity: 2,
  ...over,
});

const black = line('black', 'Midnight Black');
const white = line('white', 'Arctic White', { price: 7999, originalPrice: 9999, maxQuantity: 42, quantity: 1 });

describe('applyFigures', () => {
  it('takes the current price, regular price and stock as the cap', () => {
    const r = applyFigures([black], { black: { price: 8499, regularPrice: 9999, stock: 3 } });
    expect(r.items).toEqual([{ ...black, price: 8499, originalPrice: 9999, maxQuantity: 3 }]);
    expect(r.clamped).toEqual([]);
    expect(r.removed).toEqual([]);
    expect(capFor(r.items[0]!)).toBe(3);
  });

  it.each([
    ['a new price', { price: 8499, regularPrice: 9999, stock: 42 }, { price: 8499 }],
    ['a new stock still above the quantity', { price: 7999, regularPrice: 9999, stock: 5 }, { maxQuantity: 5 }],
  ])('follows %s, nothing else changing', (_, figures, change) => {
    const r = applyFigures([white], { white: figures });
    expect(r.items).toEqual([{ ...white, ...change }]);
    expect(r.clamped).toEqual([]);
  });

  it('drops the original price when the variant is no longer on sale', () => {
    const r = applyFigures([white], { white: { price: 7999, stock: 42 } });
    const { originalPrice: _sale, ...notOnSale } = white;
    expect(r.items).toStrictEqual([notOnSale]);
  });

  it('clamps a quantity above the stock and reports the line as it now is', () => {
    const r = applyFigures([{ ...black, quantity: 7 }], { black: { price: 8499, stock: 3 } });
    expect(r.items).toMatchObject([{ id: 'p-black', quantity: 3, maxQuantity: 3, price: 8499 }]);
    expect(r.clamped).toEqual(r.items);
    expect(r.removed).toEqual([]);
  });

  it('removes a line whose variant is out of stock and reports it as it was', () => {
    const r = applyFigures([black, white], {
      black: { price: 8499, stock: 0 },
      white: { price: 7999, regularPrice: 9999, stock: 42 },
    });
    expect(r.items).toEqual([white]);
    expect(r.items[0]).toBe(white); // an unchanged line keeps its identity too
    expect(r.removed).toEqual([black]);
    expect(r.clamped).toEqual([]);
  });

  it('leaves lines of unknown variants, or without a variant id, as they are', () => {
    const { variantId: _none, ...noVariant } = line('x', 'Old');
    const r = applyFigures([black, noVariant], { white: { price: 100, stock: 1 } });
    expect(r.items).toEqual([black, noVariant]);
  });

  it('ignores figures that are not usable (a tampered session cache) and inherited keys', () => {
    const odd = { black: { price: Number.NaN, stock: 3 } } as Record<string, Figures>;
    expect(applyFigures([black], odd).items).toEqual([black]);
    expect(applyFigures([black], { black: { price: 8499, stock: -1 } }).items).toEqual([black]);
    const proto = line('toString', 'Proto');
    expect(applyFigures([proto], {}).items).toEqual([proto]);
  });

  it('treats a fractional stock as the whole units in it', () => {
    const r = applyFigures([{ ...black, quantity: 5 }], { black: { price: 1000, stock: 2.7 } });
    expect(r.items).toMatchObject([{ quantity: 2, maxQuantity: 2 }]);
    expect(applyFigures([black], { black: { price: 1000, stock: 0.5 } }).removed).toEqual([black]);
  });

  it('returns the very same array when nothing changes, so a subscriber that writes it back does not loop', () => {
    const items = [white, black];
    const live = { white: { price: 7999, regularPrice: 9999, stock: 42 }, black: { price: 1000, stock: 40 } };
    expect(applyFigures(items, live).items).toBe(items);
    expect(applyFigures(items, {}).items).toBe(items);
    const once = applyFigures(items, { ...live, black: { price: 8499, stock: 3 } });
    expect(once.items).not.toBe(items);
    expect(applyFigures(once.items, { ...live, black: { price: 8499, stock: 3 } }).items).toBe(once.items);
  });

  it('never leaves a line above its variant stock or at zero, over random carts and figures', () => {
    const variants = ['a', 'b', 'c', 'd'];
    const arbLine = fc.record({
      v: fc.constantFrom(...variants),
      quantity: fc.integer({ min: 1, max: 999 }),
      price: fc.integer({ min: 0, max: 1e6 }),
      maxQuantity: fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }),
    });
    const arbLive = fc.dictionary(
      fc.constantFrom(...variants),
      fc.record({ price: fc.integer({ min: 0, max: 1e6 }), stock: fc.integer({ min: 0, max: 50 }) }),
    );
    fc.assert(
      fc.property(fc.uniqueArray(arbLine, { selector: (l) => l.v }), arbLive, (lines, live) => {
        const items = lines.map((l) =>
          line(l.v, l.v, {
            quantity: l.quantity,
            price: l.price,
            ...(l.maxQuantity !== undefined ? { maxQuantity: l.maxQuantity } : {}),
          }),
        );
        const r = applyFigures(items, live);
        for (const item of r.items) {
          const f = live[item.variantId!];
          if (!f) continue;
          expect(item.quantity).toBeGreaterThanOrEqual(1);
          expect(item.quantity).toBeLessThanOrEqual(f.stock);
          expect(item.price).toBe(f.price);
          expect(capFor(item)).toBe(f.stock);
        }
        expect(r.items.length + r.removed.length).toBe(items.length);
        expect(r.removed.every((i) => live[i.variantId!]?.stock === 0)).toBe(true);
        // Applying the same figures again changes nothing.
        expect(applyFigures(r.items, live).items).toBe(r.items);
      }),
    );
  });
});
