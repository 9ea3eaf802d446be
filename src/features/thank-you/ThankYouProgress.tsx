// The thank-you page's four-step progress, lit one after another every 800 ms, the first at once
// (docs/requirements.md#thank-you-page).
import { useEffect, useState } from 'react';
import { CheckIcon } from '../../ui/icons.tsx';
import { whenShown } from '../../browser/activation.ts';

const STEPS = ['Order Confirmed', 'Processing', 'Shipped', 'Delivered'] as const;
const STEP_MS = 800;

export default function ThankYouProgress() {
  const [lit, setLit] = useState(1);
  useEffect(() => {
    if (lit >= STEPS.length) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = whenShown(() => (timer = setTimeout(() => setLit((n) => n + 1), STEP_MS)));
    return () => {
      stopWaiting();
      clearTimeout(timer);
    };
  }, [lit]);

  return (
    <ol aria-label="Order progress" className="grid grid-cols-4">
      {STEPS.map((step, i) => {
        const on = i < lit;
        return (
          <li
            key={step}
            data-lit={on}
            aria-current={i === lit - 1 ? 'step' : undefined}
            className="relative flex flex-col items-center text-center"
          >
            {i > 0 && (
              <span
                className="absolute top-4 right-1/2 h-1 w-full -translate-y-1/2 overflow-hidden bg-slate-200"
                aria-hidden="true"
              >
                <span
                  className={`block h-full origin-left bg-brand-600 transition-transform duration-500 ${on ? 'scale-x-100' : 'scale-x-0'}`}
                />
              </span>
            )}
            {/* An opacity fade runs without the main thread. */}
            <span
              className="relative z-10 flex h-8 w-8 items-center justify-center rounded-full border-2 border-slate-300 bg-white text-slate-400"
              aria-hidden="true"
            >
              <span className="text-xs font-bold">{i + 1}</span>
              <span
                className={`absolute -inset-0.5 flex items-center justify-center rounded-full bg-brand-600 text-white transition-opacity duration-300 ${on ? 'opacity-100' : 'opacity-0'}`}
              >
                <CheckIcon className="h-4 w-4" strokeWidth={3} />
              </span>
            </span>
            <span className={`mt-2 px-1 text-xs font-medium sm:text-sm ${on ? 'text-ink' : 'text-muted'}`}>{step}</span>
          </li>
        );
      })}
    </ol>
  );
}
