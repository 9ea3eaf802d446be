import { describe, expect, it } from 'vitest';
import {
  DEAL_DURATION_MS,
  DEAL_TICK_MS,
  countdownWheels,
  formatCountdown,
  nextPhaseAt,
  remainingAt,
  shouldShake,
} from './countdown.ts';

/** What a wheel shows at `ms` after the start: the label whose start its turn has passed last. */
function shown(wheel: ReturnType<typeof countdownWheels>[number], ms: number): string {
  const periods = Math.floor(ms / wheel.periodMs);
  if (periods >= wheel.periods) return wheel.labels[wheel.endRow]!;
  const share = (ms - periods * wheel.periodMs) / wheel.periodMs;
  const row = wheel.starts.findLastIndex((start) => start <= share + 1e-9);
  return wheel.labels[row]!;
}

describe('countdown', () => {
  it('formats minutes, seconds and hundredths', () => {
    expect(formatCountdown(DEAL_DURATION_MS)).toBe('60:00.00');
    expect(formatCountdown(59 * 60_000 + 59_970)).toBe('59:59.97');
    expect(formatCountdown(9_999)).toBe('00:09.99');
    expect(formatCountdown(-5)).toBe('00:00.00');
    // A clock set back since the start leaves more than the hour.
    expect(formatCountdown(DEAL_DURATION_MS + 61_000)).toBe('60:00.00');
  });
  it('counts one hour down from the start and stops at zero', () => {
    expect(remainingAt(1000, 1000)).toBe(DEAL_DURATION_MS);
    expect(remainingAt(0, 30)).toBe(DEAL_DURATION_MS - 30);
    expect(remainingAt(0, DEAL_DURATION_MS + 5)).toBe(0);
  });
  it('shakes only in the last ten seconds, not after the end', () => {
    expect([10_000, 9_999, 1, 0].map(shouldShake)).toEqual([false, true, true, false]);
  });
  it('names the next change of phase: the shaking, then the end, then none', () => {
    expect([DEAL_DURATION_MS, 10_000, 9_999, 1, 0].map(nextPhaseAt)).toEqual([10_000, 10_000, 0, 0, undefined]);
  });
});

describe('the face as three wheels', () => {
  const wheels = countdownWheels();
  const face = (ms: number) => {
    const [minutes, seconds, hundredths] = wheels.map((wheel) => shown(wheel, ms));
    return `${minutes}:${seconds}.${hundredths}`;
  };

  it('shows, at every tick of the hour, the time left then', () => {
    for (let tick = 0; tick <= DEAL_DURATION_MS / DEAL_TICK_MS; tick += 7) {
      const ms = tick * DEAL_TICK_MS;
      expect(face(ms), `tick ${tick}`).toBe(formatCountdown(DEAL_DURATION_MS - ms));
    }
  });
  it('holds each face until the next tick, and ends at 00:00.00', () => {
    expect(face(DEAL_TICK_MS - 1)).toBe('60:00.00');
    expect(face(DEAL_TICK_MS)).toBe('59:59.97');
    expect(face(DEAL_DURATION_MS)).toBe('00:00.00');
  });
  it('turns the hundredths every 3 s, the seconds every minute and the minutes once', () => {
    expect(wheels.map((w) => [w.periodMs, w.periods])).toEqual([
      [DEAL_DURATION_MS, 1],
      [60_000, 60],
      [3000, 1200],
    ]);
    expect(wheels[2]!.labels.slice(0, 4)).toEqual(['00', '97', '94', '91']);
  });
});
