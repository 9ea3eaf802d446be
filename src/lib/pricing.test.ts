import { describe, expect, it } from 'vitest';
import { cartTotals, thankYouTotal } from './pricing.ts';

describe('cartTotals', () => {
  it('charges $9.99 shipping at or under $100 and says how much more makes it free', () => {
    const t = cartTotals([{ price: 7999, quantity: 1 }]);
    expect(t).toEqual({ subtotal: 7999, shipping: 999, tax: 640, total: 7999 + 999 + 640, toFreeShipping: 2002 });
    expect(cartTotals([{ price: 5000, quantity: 2 }]).shipping).toBe(999);
    expect(cartTotals([{ price: 5000, quantity: 2 }]).toFreeShipping).toBe(1);
  });
  it('ships free above $100', () => {
    const t = cartTotals([{ price: 7999, quantity: 2 }]);
    expect(t.shipping).toBe(0);
    expect(t.toFreeShipping).toBe(0);
    expect(t.tax).toBe(Math.round(15998 * 0.08));
    expect(t.total).toBe(15998 + 1280);
  });
  it('costs nothing when empty and can be told shipping is free (checkout page)', () => {
    expect(cartTotals([])).toEqual({ subtotal: 0, shipping: 0, tax: 0, total: 0, toFreeShipping: 0 });
    expect(cartTotals([{ price: 1000, quantity: 1 }], { freeShipping: true }).shipping).toBe(0);
  });
  it('sums many lines exactly, being in cents', () => {
    const lines = Array.from({ length: 10 }, () => ({ price: 10, quantity: 3 }));
    expect(cartTotals(lines).subtotal).toBe(300);
  });
});

describe('thankYouTotal', () => {
  it('is the order total times 1.08', () => {
    expect(thankYouTotal(10000)).toBe(10800);
    expect(thankYouTotal(7999)).toBe(8639);
  });
});
