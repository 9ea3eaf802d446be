// The quick add: quantity and Add, fixed over the bottom of the viewport whenever the main button is not in view.
// Rendered with the purchase island, so it is in the static page; CSS shows and hides it (islands.css, sticky-add),
// and only where CSS cannot does a script tell it when (sticky-fallback.ts).
import { useEffect } from 'react';
import { formatCents } from '../../lib/money.ts';
import { $quantity, setQuantity } from './store.ts';
import type { Purchase } from './use-purchase.ts';
import QuantityStepper from './QuantityStepper.tsx';
import { inBackground } from '../../browser/leaving.ts';

const VIEW_TIMELINES = 'animation-timeline: --main-add';

export default function StickyAddBar({ name, purchase: p }: { name: string; purchase: Purchase }) {
  useEffect(() => {
    if (CSS.supports(VIEW_TIMELINES)) return;
    let stop: (() => void) | undefined;
    let gone = false;
    inBackground(
      import('./sticky-fallback.ts').then(({ followMainAdd }) => {
        if (!gone) stop = followMainAdd();
      }),
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
  return (
    <div role="region" aria-label="Quick add" className="sticky-add">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 sm:px-6">
        <div className="hidden min-w-0 flex-1 sm:block">
          <p className="truncate font-semibold">{name}</p>
          {p.selected && (
            <p className="text-sm text-muted">
              {p.selected.name} · {formatCents(p.selected.price)}
            </p>
          )}
        </div>
        <QuantityStepper id="sticky-quantity" store={$quantity} onChange={setQuantity} compact />
        <button
          type="button"
          onClick={() => void p.addToCart()}
          disabled={!p.canBuy}
          aria-disabled={p.adding}
          aria-busy={p.adding}
          className="btn-primary h-11 flex-1 sm:flex-none"
        >
          {p.label}
        </button>
      </div>
    </div>
  );
}
