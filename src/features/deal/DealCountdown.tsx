// Deal banner: an hour from load, every 30 ms, shaking the last ten seconds. The digits turn as animations run off
// the main thread (turn.ts); screen readers get the time left as text, once a second.
import { useEffect, useRef, useState } from 'react';
import { DEAL_DURATION_MS, formatCountdown, nextPhaseAt, remainingAt, shouldShake } from './countdown.ts';
import { turnFace } from './turn.ts';

type Phase = 'running' | 'shaking' | 'ended';

const SAY_EVERY_MS = 1000;
const FIRST_LABELS = formatCountdown(DEAL_DURATION_MS).split(/[:.]/);

function phaseOf(remaining: number): Phase {
  if (remaining === 0) return 'ended';
  return shouldShake(remaining) ? 'shaking' : 'running';
}

// From navigation, as the document's timeline.
const left = () => remainingAt(0, performance.now());

export default function DealCountdown({ label }: { label: string }) {
  const [phase, setPhase] = useState<Phase>('running');
  const said = useRef<HTMLSpanElement>(null);
  const face = useRef<HTMLSpanElement>(null);

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
    const stopTurning = face.current && turnFace(face.current);
    return () => {
      stopTurning?.();
      clearInterval(saying);
      clearTimeout(timer);
    };
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
          <span ref={said} role="timer" className="sr-only">
            {formatCountdown(DEAL_DURATION_MS)}
          </span>
          <span
            ref={face}
            aria-hidden="true"
            data-testid="countdown-face"
            className="ml-1 inline-block h-5 w-[calc(8ch+0.75rem)] rounded bg-white/15 px-1.5 align-bottom font-mono font-semibold whitespace-nowrap tabular-nums [contain:strict]"
          >
            {FIRST_LABELS.map((text, w) => (
              <span key={w}>
                {['', ':', '.'][w]}
                <span className="inline-block h-5 overflow-hidden align-top">
                  <span className="block whitespace-pre will-change-transform">{text}</span>
                </span>
              </span>
            ))}
          </span>
        </span>
      )}
    </div>
  );
}
