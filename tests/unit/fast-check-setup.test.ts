import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('property tests', () => {
  it('generate up to the length they name, not only fast-check’s default of about ten', () => {
    const lengths = fc.sample(fc.array(fc.constant(0), { maxLength: 40 }), 300).map((a) => a.length);
    expect(Math.max(...lengths)).toBeGreaterThan(20);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(40);
  });
});
