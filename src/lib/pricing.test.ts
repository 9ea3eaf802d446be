import { describe, expect, it } from 'vitest';
import { cartTotals, shopRules, taxLabel } from './pricing.ts';

/** The figures the shop ships with. */
const rules = shopRules({ pricing: { freeShippingAbove: 100, shippingFee: 9.99, taxPercent: 8 } });

describe('cartTotals', () => {
  it('charges $9.99 shipping at or under $100 and says how much more makes it free', () => {
    const t = cartTotals([{ price: 7999, quantity: 1 }], rules);
    expect(t).toEqual({ subtotal: 7999, shipping: 999, tax: 640, total: 7999 + 999 + 640, toFreeShipping: 2002 });
    expect(cartTotals([{ price: 5000, quantity: 2 }], rules).shipping).toBe(999);
    expect(cartTotals([{ price: 5000, quantity: 2 }], rules).toFreeShipping).toBe(1);
  });
  it('ships free above $100', () => {
    const t = cartTotals([{ price: 7999, quantity: 2 }], rules);
    expect(t.shipping).toBe(0);
    expect(t.toFreeShipping).toBe(0);
    expect(t.tax).toBe(Math.round(15998 * 0.08));
    expect(t.total).toBe(15998 + 1280);
  });
  it('costs nothing when empty', () => {
    expect(cartTotals([], rules)).toEqual({ subtotal: 0, shipping: 0, tax: 0, total: 0, toFreeShipping: 0 });
  });
  it('sums many lines exactly, being in cents', () => {
    const lines = Array.from({ length: 10 }, () => ({ price: 10, quantity: 3 }));
    expect(cartTotals(lines, rules).subtotal).toBe(300);
  });
});

describe("the owner's own figures", () => {
  const other = shopRules({ pricing: { freeShippingAbove: 49.5, shippingFee: 4.25, taxPercent: 20 } });

  it('takes dollars from the settings and prices in cents', () => {
    expect(other).toEqual({ freeShippingAbove: 4950, shippingFee: 425, taxPercent: 20 });
    expect(cartTotals([{ price: 4950, quantity: 1 }], other)).toEqual({
      subtotal: 4950,
      shipping: 425,
      tax: 990,
      total: 4950 + 425 + 990,
      toFreeShipping: 1,
    });
    expect(cartTotals([{ price: 4951, quantity: 1 }], other).shipping).toBe(0);
  });

  it('labels the tax with its rate', () => {
    expect(taxLabel(rules)).toBe('Tax (8%)');
    expect(taxLabel({ taxPercent: 7.25 })).toBe('Tax (7.25%)');
  });
});
