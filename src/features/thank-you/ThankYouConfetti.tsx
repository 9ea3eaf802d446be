// Confetti, none for reduced motion. No worker: canvas-confetti's comes from a blob: URL, which the CSP refuses.
import { useEffect, useRef, useState } from 'react';

const COLORS = ['#0d7a6c', '#c9f5ec', '#ffc439', '#0f172a', '#f97316'];

export default function ThankYouConfetti() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [done, setDone] = useState(false);
  const [allowed] = useState(
    () => typeof matchMedia === 'function' && !matchMedia('(prefers-reduced-motion: reduce)').matches,
  );

  useEffect(() => {
    const target = canvas.current;
    if (!allowed || !target) return;
    let cancelled = false;
    let reset: (() => void) | undefined;
    void import('canvas-confetti')
      .then(async ({ create }) => {
        if (cancelled) return;
        const fire = create(target, { resize: true, useWorker: false, disableForReducedMotion: true });
        reset = fire.reset;
        const burst = (x: number, angle: number) =>
          fire({
            particleCount: 90,
            spread: 70,
            startVelocity: 45,
            angle,
            origin: { x, y: 0.7 },
            colors: COLORS,
            ticks: 220,
          });
        await Promise.all([burst(0.15, 60), burst(0.85, 120)]);
      })
      .catch((error: unknown) => console.warn('Thank-you: confetti could not be shown.', error))
      .finally(() => {
        if (!cancelled) setDone(true);
      });
    return () => {
      cancelled = true;
      reset?.();
    };
  }, [allowed]);

  if (!allowed || done) return null;
  return (
    <canvas
      ref={canvas}
      data-testid="confetti"
      aria-hidden="true"
      className="pointer-events-none fixed inset-0 z-40 h-full w-full"
    />
  );
}
