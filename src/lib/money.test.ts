import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCents, formatUSD, formatWholeCents, percentOff, toCents, toDollars } from './money.ts';

describe('money', () => {
  it('converts dollars to integer cents without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(79.99)).toBe(7999);
    expect(toCents(Number.NaN)).toBe(0);
    expect(toCents(Infinity)).toBe(0);
    expect(toCents(-Infinity)).toBe(0);
    expect(toDollars(7999)).toBe(79.99);
  });
  it('formats as US dollars in en-US', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatUSD(9.99)).toBe('$9.99');
    expect(formatCents(0)).toBe('$0.00');
  });
  // Up to $10 trillion: beyond, the double cents / 100 no longer holds every cent, for Intl as for toFixed.
  it('writes every amount up to $10 trillion as Intl does, whole cents by hand and the rest through Intl', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const whole = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    });
    const amounts = fc.oneof(
      fc.integer({ min: -1e6, max: 1e6 }),
      fc.integer({ min: -1e15, max: 1e15 }),
      fc.double({ noNaN: false }).filter((x) => !(Number.isSafeInteger(x) && Math.abs(x) > 1e15)),
      fc.constantFrom(-0, 1e15, -1e15, Infinity, -Infinity, NaN),
    );
    fc.assert(
      fc.property(amounts, (cents) => {
        expect(formatCents(cents)).toBe(usd.format(cents / 100));
        expect(formatWholeCents(cents)).toBe((cents % 100 === 0 ? whole : usd).format(cents / 100));
      }),
      { numRuns: 5000 },
    );
  });
  it('drops the cents of whole dollars in running text only', () => {
    expect(formatWholeCents(10000)).toBe('$100');
    expect(formatWholeCents(4950)).toBe('$49.50');
    expect(formatWholeCents(123400)).toBe('$1,234');
  });
  it('computes the whole-percent saving only for a real sale', () => {
    expect(percentOff(7999, 9999)).toBe(20);
    expect(percentOff(8999, 8999)).toBe(0);
    expect(percentOff(8999, null)).toBe(0);
    expect(percentOff(9900, 1000)).toBe(0);
    expect(percentOff(-100, 1000)).toBe(0);
  });

  it('never says more is saved than is', () => {
    expect(percentOff(2500, 3000)).toBe(16);
    expect(percentOff(4, 1000)).toBe(99);
    expect(percentOff(800, 1000)).toBe(20);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (price, regular) => {
        const off = percentOff(price, regular);
        expect(off).toBeGreaterThanOrEqual(0);
        expect(off).toBeLessThanOrEqual(100);
        // In whole numbers: the saving is at least off% of the regular price, and less than one percent more.
        if (price < regular) {
          expect((regular - price) * 100).toBeGreaterThanOrEqual(regular * off);
          expect((regular - price) * 100).toBeLessThan(regular * (off + 1));
        } else expect(off).toBe(0);
      }),
    );
  });
});
