// The countdown face's wheels.
import { DEAL_DURATION_MS, DEAL_TICK_MS, parts, two } from './countdown.ts';

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

/** Each of the face's strips gets its wheel's labels and slides one per change, in steps, from page load. */
export function turnFace(face: HTMLElement): () => void {
  const animations = countdownWheels().map(({ labels, starts, periodMs, periods, endRow }, w) => {
    const strip = face.children[w]?.lastElementChild?.firstElementChild as HTMLElement;
    strip.replaceChildren(
      ...labels.map((text) => Object.assign(document.createElement('span'), { className: 'block', textContent: text })),
    );
    const at = (row: number) => `translateY(${(-100 * row) / labels.length}%)`;
    const keyframes: Keyframe[] = starts.map((offset, row) => ({ offset, transform: at(row), easing: 'step-end' }));
    keyframes.push({ offset: 1, transform: at(endRow) });
    const animation = strip.animate(keyframes, { duration: periodMs, iterations: periods, fill: 'forwards' });
    animation.startTime = 0;
    return animation;
  });
  return () => animations.forEach((a) => a.cancel());
}
