// Deal banner: an hour from load, every 30 ms, shaking the last ten seconds. A tick writes the text into a contained
// box itself and calls React only when the phase changes.
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
  const shown = useRef<Phase>('running');
  useEffect(() => {
    // performance.now() starts at navigation: the hour runs from page load.
    const tick = () => {
      const left = remainingAt(0, performance.now());
      // In place: React's own view of the DOM stays valid.
      const text = timer.current?.firstChild;
      if (text) text.nodeValue = formatCountdown(left);
      const next = phaseOf(left);
      if (next !== shown.current) setPhase((shown.current = next));
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
            className="ml-1 inline-block h-5 w-[calc(8ch+0.75rem)] rounded bg-white/15 px-1.5 align-bottom font-mono font-semibold tabular-nums will-change-transform [contain:strict]"
          >
            {formatCountdown(DEAL_DURATION_MS)}
          </span>
        </span>
      )}
    </div>
  );
}
