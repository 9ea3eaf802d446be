// Confetti, none for reduced motion, drawn by a worker of the site's own: the page's main thread stays free.
import { useEffect, useRef, useState } from 'react';
import { fireBursts } from './confetti-bursts.ts';
import { whenShown } from '../../browser/activation.ts';

function drawInWorker(target: HTMLCanvasElement, fallen: () => void): Worker | undefined {
  if (typeof Worker !== 'function' || typeof target.transferControlToOffscreen !== 'function') return undefined;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./confetti.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return undefined;
  }
  target.width = target.clientWidth;
  target.height = target.clientHeight;
  const offscreen = target.transferControlToOffscreen();
  worker.onmessage = fallen;
  worker.onerror = () => {
    console.warn('Thank-you: the confetti worker stopped.');
    fallen();
  };
  worker.postMessage({ canvas: offscreen }, [offscreen]);
  return worker;
}

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
    let stop: (() => void) | undefined;
    const fallen = () => {
      if (!cancelled) setDone(true);
    };
    const stopWaiting = whenShown(() => {
      const worker = drawInWorker(target, fallen);
      if (worker) stop = () => worker.terminate();
      else
        void import('canvas-confetti')
          .then(({ create }) => {
            if (cancelled) return;
            const fire = create(target, { resize: true, useWorker: false, disableForReducedMotion: true });
            stop = fire.reset;
            return fireBursts(fire);
          })
          .catch((error: unknown) => console.warn('Thank-you: confetti could not be shown.', error))
          .finally(fallen);
    });
    return () => {
      cancelled = true;
      stopWaiting();
      stop?.();
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
