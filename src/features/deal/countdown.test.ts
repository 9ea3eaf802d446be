import { describe, expect, it } from 'vitest';
import { DEAL_DURATION_MS, formatCountdown, remainingAt, shouldShake } from './countdown.ts';

describe('countdown', () => {
  it('formats minutes, seconds and hundredths', () => {
    expect(formatCountdown(DEAL_DURATION_MS)).toBe('60:00.00');
    expect(formatCountdown(59 * 60_000 + 59_970)).toBe('59:59.97');
    expect(formatCountdown(9_999)).toBe('00:09.99');
    expect(formatCountdown(-5)).toBe('00:00.00');
  });
  it('counts one hour down from the start and stops at zero', () => {
    expect(remainingAt(1000, 1000)).toBe(DEAL_DURATION_MS);
    expect(remainingAt(0, 30)).toBe(DEAL_DURATION_MS - 30);
    expect(remainingAt(0, DEAL_DURATION_MS + 5)).toBe(0);
  });
  it('shakes only in the last ten seconds, not after the end', () => {
    expect([10_000, 9_999, 1, 0].map(shouldShake)).toEqual([false, true, true, false]);
  });
});
