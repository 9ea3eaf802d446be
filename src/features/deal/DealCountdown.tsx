// Deal banner: an hour from load, every 30 ms, shaking the last ten seconds. The digits turn as animations run off
// the main thread; screen readers get the time left as text, once a second.
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  DEAL_DURATION_MS,
  countdownWheels,
  formatCountdown,
  nextPhaseAt,
  remainingAt,
  shouldShake,
} from './countdown.ts';

type Phase = 'running' | 'shaking' | 'ended';

const SAY_EVERY_MS = 1000;
const WHEELS = countdownWheels();

function phaseOf(remaining: number): Phase {
  if (remaining === 0) return 'ended';
  return shouldShake(remaining) ? 'shaking' : 'running';
}

const unchanging = () => () => {};
const hydrated = () => true;
const onServer = () => false;

// performance.now() and the document's timeline both start at navigation: the hour runs from page load.
const left = () => remainingAt(0, performance.now());

/** Each wheel's strip of labels slides one label per change, in steps, from page load. */
function turn(strips: HTMLElement[]): Animation[] {
  return strips.map((strip, w) => {
    const { labels, starts, periodMs, periods, endRow } = WHEELS[w]!;
    const at = (row: number) => `translateY(${(-100 * row) / labels.length}%)`;
    const keyframes: Keyframe[] = starts.map((offset, row) => ({ offset, transform: at(row), easing: 'step-end' }));
    keyframes.push({ offset: 1, transform: at(endRow) });
    const animation = strip.animate(keyframes, { duration: periodMs, iterations: periods, fill: 'forwards' });
    animation.startTime = 0;
    return animation;
  });
}

export default function DealCountdown({ label }: { label: string }) {
  const [phase, setPhase] = useState<Phase>('running');
  // All labels once hydrated; the server's HTML holds the first.
  const turning = useSyncExternalStore(unchanging, hydrated, onServer);
  const said = useRef<HTMLSpanElement>(null);
  const strips = useRef<HTMLElement[]>([]);

  useEffect(() => {
    const say = () => {
      const text = said.current?.firstChild;
      if (text) text.nodeValue = formatCountdown(left());
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      const remaining = left();
      setPhase(phaseOf(remaining));
      const next = nextPhaseAt(remaining);
      if (next !== undefined) timer = setTimeout(follow, remaining - next);
      else clearInterval(saying);
    };
    const saying = setInterval(say, SAY_EVERY_MS);
    say();
    follow();
    return () => {
      clearInterval(saying);
      clearTimeout(timer);
    };
  }, []);

  useLayoutEffect(() => {
    if (!turning || phase === 'ended') return;
    const animations = turn(strips.current);
    return () => animations.forEach((a) => a.cancel());
  }, [turning, phase]);

  const shaking = phase === 'shaking';
  return (
    <div
      data-testid="deal-banner"
      data-shaking={shaking || undefined}
      className={`bg-deal px-4 py-2 text-center text-sm font-medium text-white ${shaking ? 'motion-safe:animate-shake' : ''}`}
    >
      {phase === 'ended' ? (
        <span>This deal has ended.</span>
      ) : (
        <span>
          {label} <span className="sr-only">Time left:</span>
          <span ref={said} role="timer" className="sr-only">
            {formatCountdown(DEAL_DURATION_MS)}
          </span>
          <span
            aria-hidden="true"
            data-testid="countdown-face"
            className="ml-1 inline-block h-5 w-[calc(8ch+0.75rem)] rounded bg-white/15 px-1.5 align-bottom font-mono font-semibold whitespace-nowrap tabular-nums [contain:strict]"
          >
            {WHEELS.map((wheel, w) => (
              <span key={w}>
                {w === 1 ? ':' : w === 2 ? '.' : ''}
                <span className="inline-block h-5 overflow-hidden align-top">
                  <span
                    ref={(el) => {
                      if (el) strips.current[w] = el;
                    }}
                    className="block will-change-transform"
                  >
                    {(turning ? wheel.labels : wheel.labels.slice(0, 1)).map((text, row) => (
                      <span key={row} className="block">
                        {text}
                      </span>
                    ))}
                  </span>
                </span>
              </span>
            ))}
          </span>
        </span>
      )}
    </div>
  );
}
