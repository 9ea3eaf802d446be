// Deal banner: one hour from page load, refreshed every 30 ms, shaking in the last ten seconds (never for shoppers
// who prefer reduced motion: `motion-safe:`); those figures are requirements (docs/requirements.md#product-page).
// Each 30 ms tick writes the timer's text directly; React renders only when the phase changes (running,
// shaking, ended). Re-rendering 33 times a second costs main-thread time the page's first seconds need.
import { useEffect, useRef, useState } from 'react';
import { DEAL_DURATION_MS, DEAL_TICK_MS, formatCountdown, remainingAt, shouldShake } from './countdown.ts';

type Phase = 'running' | 'shaking' | 'ended';

function phaseOf(remaining: number): Phase {
  if (remaining === 0) return 'ended';
  return shouldShake(remaining) ? 'shaking' : 'running';
}

export default function DealCountdown({ label }: { label: string }) {
  const [phase, setPhase] = useState<Phase>('running');
  const timer = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // performance.now() starts at navigation, so the hour runs from page load even if hydration comes later.
    const tick = () => {
      const left = remainingAt(0, performance.now());
      // The text node React rendered is updated in place, so React's own view of the DOM stays valid.
      const text = timer.current?.firstChild;
      if (text) text.nodeValue = formatCountdown(left);
      setPhase(phaseOf(left)); // React skips the render when the phase is unchanged
      if (left === 0) clearInterval(interval);
    };
    const interval = setInterval(tick, DEAL_TICK_MS);
    tick();
    return () => clearInterval(interval);
  }, []);
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
          <span
            ref={timer}
            role="timer"
            className="ml-1 inline-block min-w-[8ch] rounded bg-white/15 px-1.5 font-mono font-semibold tabular-nums [contain:layout_paint]"
          >
            {formatCountdown(DEAL_DURATION_MS)}
          </span>
        </span>
      )}
    </div>
  );
}
