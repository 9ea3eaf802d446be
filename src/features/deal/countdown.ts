// The deal banner's countdown: one hour from page load, refreshed every 30 ms, shaking under 10 s.
export const DEAL_DURATION_MS = 60 * 60 * 1000;
export const DEAL_TICK_MS = 30;
const SHAKE_BELOW_MS = 10_000;

const two = (n: number) => String(n).padStart(2, '0');

function parts(remainingMs: number): [number, number, number] {
  const ms = Math.max(0, Math.min(DEAL_DURATION_MS, Math.floor(remainingMs)));
  return [Math.floor(ms / 60_000), Math.floor((ms % 60_000) / 1000), Math.floor((ms % 1000) / 10)];
}

/** 'mm:ss.cc' (minutes, seconds, hundredths); 60:00.00 at the start, 00:00.00 at the end. */
export function formatCountdown(remainingMs: number): string {
  const [minutes, seconds, hundredths] = parts(remainingMs);
  return `${two(minutes)}:${two(seconds)}.${two(hundredths)}`;
}

export function remainingAt(startedAt: number, now: number): number {
  return Math.max(0, DEAL_DURATION_MS - (now - startedAt));
}

export function shouldShake(remainingMs: number): boolean {
  return remainingMs > 0 && remainingMs < SHAKE_BELOW_MS;
}

/** The time left at the next phase: shaking, then the end. */
export function nextPhaseAt(remainingMs: number): number | undefined {
  if (remainingMs >= SHAKE_BELOW_MS) return SHAKE_BELOW_MS;
  return remainingMs > 0 ? 0 : undefined;
}

/** A part of the face (minutes, seconds, hundredths) as a wheel: its labels in turn, each label's start in its period. */
interface Wheel {
  labels: string[];
  starts: number[];
  periodMs: number;
  periods: number;
  endRow: number;
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
const TICKS = DEAL_DURATION_MS / DEAL_TICK_MS;

function wheel(part: 0 | 1 | 2, unitMs: number, stepMs: number): Wheel {
  const periodTicks = Math.min(TICKS, unitMs / gcd(unitMs, DEAL_TICK_MS));
  const labels: string[] = [];
  const starts: number[] = [];
  // Straight to the tick where the part next changes.
  for (let k = 0; k < periodTicks;) {
    const remaining = DEAL_DURATION_MS - k * DEAL_TICK_MS;
    labels.push(two(parts(remaining)[part]));
    starts.push(k / periodTicks);
    k = Math.floor((DEAL_DURATION_MS - Math.floor(remaining / stepMs) * stepMs) / DEAL_TICK_MS) + 1;
  }
  const periods = TICKS / periodTicks;
  return { labels, starts, periodMs: periodTicks * DEAL_TICK_MS, periods, endRow: periods > 1 ? 0 : labels.length - 1 };
}

export const countdownWheels = (): Wheel[] => [
  wheel(0, DEAL_DURATION_MS, 60_000),
  wheel(1, 60_000, 1000),
  wheel(2, 1000, 10),
];
