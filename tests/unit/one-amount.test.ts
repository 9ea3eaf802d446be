// The amount next to every pay button is the amount charged: the pages price a cart with src/lib/pricing.ts, the demo
// backend charges an order with its own code, both from the store's settings. They must agree to the cent.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { orderAmounts } from '@haven/commerce-client/mock';
import { cartTotals, shopRules } from '../../src/lib/pricing.ts';

const dollars = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((cents) => cents / 100);

describe('what a page shows and what the demo charges', () => {
  it('agree for any cart and any store settings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: fc.integer({ min: 1, max: 200_000 }), quantity: fc.integer({ min: 1, max: 9 }) }), {
          maxLength: 5,
        }),
        fc.record({
          freeShippingAbove: dollars(500),
          shippingFee: dollars(50),
          taxPercent: fc.constantFrom(0, 5, 7.25, 8, 20),
        }),
        (lines, pricing) => {
          const shown = cartTotals(lines, shopRules({ pricing }));
          const goods = lines.reduce((sum, l) => sum + l.price * l.quantity, 0) / 100;
          const charged = orderAmounts(goods, pricing);
          return (
            Math.round(charged.total * 100) === shown.total && Math.round(charged.shipping * 100) === shown.shipping
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});
