import { describe, expect, it } from 'vitest';
import { formatCents, formatUSD, percentOff, toCents } from './money.ts';

describe('money', () => {
  it('converts dollars to integer cents without float drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(79.99)).toBe(7999);
    expect(toCents(Number.NaN)).toBe(0);
  });
  it('formats as US dollars in en-US', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatUSD(9.99)).toBe('$9.99');
    expect(formatCents(0)).toBe('$0.00');
  });
  it('computes the whole-percent saving only for a real sale', () => {
    expect(percentOff(79.99, 99.99)).toBe(20);
    expect(percentOff(89.99, 89.99)).toBe(0);
    expect(percentOff(89.99, null)).toBe(0);
    expect(percentOff(99, 10)).toBe(0);
  });
});
