// Deal banner (SPEC §2): one hour from page load, refreshed every 30 ms, shaking in the last ten seconds
// (never for shoppers who prefer reduced motion: `motion-safe:`).
import { useEffect, useState } from 'react';
import { DEAL_DURATION_MS, DEAL_TICK_MS, formatCountdown, remainingAt, shouldShake } from '../lib/countdown.ts';

export default function DealCountdown({ label }: { label: string }) {
  const [remaining, setRemaining] = useState(DEAL_DURATION_MS);
  useEffect(() => {
    // performance.now() starts at navigation, so the hour runs from page load even if hydration comes later.
    const startedAt = 0;
    const tick = () => {
      const left = remainingAt(startedAt, performance.now());
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, DEAL_TICK_MS);
    tick();
    return () => clearInterval(timer);
  }, []);
  const ended = remaining === 0;
  return (
    <div
      data-testid="deal-banner"
      data-shaking={shouldShake(remaining) || undefined}
      className={`bg-deal px-4 py-2 text-center text-sm font-medium text-white ${shouldShake(remaining) ? 'motion-safe:animate-shake' : ''}`}
    >
      {ended ? (
        <span>This deal has ended.</span>
      ) : (
        <span>
          {label} <span className="sr-only">Time left:</span>
          <span role="timer" className="ml-1 inline-block min-w-[8ch] rounded bg-white/15 px-1.5 font-mono font-semibold tabular-nums">
            {formatCountdown(remaining)}
          </span>
        </span>
      )}
    </div>
  );
}
