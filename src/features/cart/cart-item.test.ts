import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { badgeText, capFor, cartItemId, itemCount, type CartItem, type NewCartItem } from './cart-item.ts';
import { addItem, removeItem, updateQuantity, withoutPaid } from './operations.ts';
import { cartTotals, lineTotal, shopRules } from '../../lib/pricing.ts';

const white: NewCartItem = {
  productId: 'prod_1',
  variantId: 'Var White',
  name: 'Cam',
  price: 7999,
  variantName: 'Arctic White',
  maxQuantity: 3,
};

describe('cartItemId', () => {
  it('joins product and variant ids, lowercased with hyphens', () => {
    expect(cartItemId(white)).toBe('prod_1-var-white');
  });
  it('falls back to name, variant name and size, each missing part the word default', () => {
    expect(cartItemId({ productId: '', name: 'Haven Cam', variantName: 'Sage Green', size: 'One Size' })).toBe(
      'haven-cam-sage-green-one-size',
    );
    expect(cartItemId({ productId: 'p', name: 'Haven Cam', size: 'Large' })).toBe('haven-cam-default-large');
    expect(cartItemId({ productId: 'p', name: '', variantName: '  ', size: '' })).toBe('default-default-default');
  });
  it("gives a line without size the id it has once it gets the 'One Size' default: stable across a reload", () => {
    const bare = { productId: 'p', name: 'Haven Cam', variantName: 'Sage Green', price: 1000 };
    expect(cartItemId(bare)).toBe(cartItemId({ ...bare, size: 'One Size' }));
    const [added] = addItem([], bare, 1).items;
    expect(added?.size).toBe('One Size');
    expect(added?.id).toBe(cartItemId(bare));
  });
});

describe('addItem', () => {
  it('adds a new line with the requested quantity and the fixed size', () => {
    const r = addItem([], white, 2);
    expect(r.ok && r.items).toEqual([{ ...white, id: 'prod_1-var-white', size: 'One Size', quantity: 2 }]);
  });
  it('merges into an existing line', () => {
    const first = addItem([], white, 1);
    const r = addItem(first.items, white, 2);
    expect(r.ok).toBe(true);
    expect(r.items).toHaveLength(1);
    expect(r.items[0]?.quantity).toBe(3);
  });
  it('takes the newest price and stock into the line it grows, which keeps its place', () => {
    const black = { ...white, variantId: 'black', variantName: 'Midnight Black' };
    const items = addItem(addItem([], white, 1).items, black, 1).items;
    const dearer = addItem(items, { ...white, price: 8999, maxQuantity: 1 }, 1);
    expect(dearer).toMatchObject({ ok: false, reason: 'max-quantity', max: 1 });
    const r = addItem(items, { ...white, price: 8999, maxQuantity: 5 }, 1);
    expect(r.items.map((i) => [i.variantName, i.price, i.maxQuantity, i.quantity])).toEqual([
      ['Arctic White', 8999, 5, 2],
      ['Midnight Black', 7999, 3, 1],
    ]);
  });
  it('refuses to pass maxQuantity and leaves the cart unchanged', () => {
    const first = addItem([], white, 2);
    const r = addItem(first.items, white, 2);
    expect(r).toMatchObject({ ok: false, reason: 'max-quantity', max: 3 });
    expect(r.items).toEqual(first.items);
  });
  it('caps at 999 without a stock figure', () => {
    const { maxQuantity: _ignored, ...noMax } = white;
    expect(capFor({})).toBe(999);
    expect(addItem([], noMax, 999).ok).toBe(true);
    expect(addItem([], noMax, 1000)).toMatchObject({ ok: false, max: 999 });
  });
  it('refuses non-positive or fractional quantities', () => {
    expect(addItem([], white, 0).ok).toBe(false);
    expect(addItem([], white, 1.5).ok).toBe(false);
  });
});

describe('update and remove', () => {
  const items = addItem([], white, 2).items;
  it('removes the line when set to zero or less, or to no number', () => {
    expect(updateQuantity(items, 'prod_1-var-white', 0)).toEqual([]);
    expect(updateQuantity(items, 'prod_1-var-white', -4)).toEqual([]);
    expect(updateQuantity(items, 'prod_1-var-white', Number.NaN)).toEqual([]);
  });
  it('sets the quantity in whole units, never above the cap', () => {
    expect(updateQuantity(items, 'prod_1-var-white', 1)[0]?.quantity).toBe(1);
    expect(updateQuantity(items, 'prod_1-var-white', 50)[0]?.quantity).toBe(3);
    expect(updateQuantity(items, 'prod_1-var-white', 2.7)[0]?.quantity).toBe(2);
  });
  it('removes by id', () => {
    expect(removeItem(items, 'nope')).toEqual(items);
    expect(removeItem(items, 'prod_1-var-white')).toEqual([]);
  });
  it('counts items and caps the badge at 99+', () => {
    expect(itemCount(items)).toBe(2);
    expect([0, 99, 100].map(badgeText)).toEqual(['0', '99', '99+']);
  });
});

describe('withoutPaid', () => {
  const two = addItem([], white, 2).items;
  it('removes the lines that were paid in full', () => {
    expect(withoutPaid(two, [{ id: 'prod_1-var-white', quantity: 2 }])).toEqual([]);
  });
  it('keeps what was added while the payment was in progress', () => {
    const raised = updateQuantity(two, 'prod_1-var-white', 3);
    expect(withoutPaid(raised, [{ id: 'prod_1-var-white', quantity: 2 }])).toEqual([{ ...two[0], quantity: 1 }]);
  });
  it('adds up what was paid of one line in two parts', () => {
    const paidTwice = [
      { id: 'prod_1-var-white', quantity: 1 },
      { id: 'prod_1-var-white', quantity: 1 },
    ];
    expect(withoutPaid(two, paidTwice)).toEqual([]);
  });
  it('leaves the cart alone for a selection that never was in it', () => {
    expect(withoutPaid(two, [{ quantity: 1 }, { id: 'other', quantity: 1 }])).toEqual(two);
  });
});

describe('cart invariants over random action sequences', () => {
  const variants = ['a', 'b', 'c'].map((id, i) => ({
    productId: 'p',
    variantId: id,
    name: 'Cam',
    price: [7999, 8499, 10][i] ?? 100,
    maxQuantity: [3, 999, 5][i],
  }));
  const action = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), v: fc.nat(2), q: fc.integer({ min: -2, max: 1200 }) }),
    fc.record({ kind: fc.constant('update' as const), v: fc.nat(2), q: fc.integer({ min: -3, max: 1200 }) }),
    fc.record({ kind: fc.constant('remove' as const), v: fc.nat(2), q: fc.constant(0) }),
  );
  it('keeps ids unique, quantities within 1..cap, totals equal to the sum of lines', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        let items: CartItem[] = [];
        for (const a of actions) {
          const item = variants[a.v]!;
          const id = cartItemId(item);
          if (a.kind === 'add') items = addItem(items, item, a.q).items;
          else if (a.kind === 'update') items = updateQuantity(items, id, a.q);
          else items = removeItem(items, id);
        }
        const ids = items.map((i) => i.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const i of items) {
          expect(Number.isInteger(i.quantity)).toBe(true);
          expect(i.quantity).toBeGreaterThanOrEqual(1);
          expect(i.quantity).toBeLessThanOrEqual(capFor(i));
        }
        const totals = cartTotals(
          items,
          shopRules({ pricing: { freeShippingAbove: 100, shippingFee: 9.99, taxPercent: 8 } }),
        );
        expect(totals.subtotal).toBe(items.reduce((s, i) => s + lineTotal(i), 0));
        expect(totals.total).toBe(totals.subtotal + totals.shipping + totals.tax);
      }),
    );
  });
});
