// Sticky bottom bar with quantity and Add, rendered by ProductPurchase while the main Add to Cart
// button is out of view, above or below the viewport.
import { useEffect, useRef } from 'react';
import { formatCents } from '../../lib/money.ts';
import { useStore } from '@nanostores/react';
import { $mainAddOutOfView, $quantity, setQuantity } from './store.ts';
import type { PurchaseProduct } from './purchase.ts';
import { usePurchase } from './use-purchase.ts';
import QuantityStepper from './QuantityStepper.tsx';

/** Mounted once first needed; shown while the main button is out of view, hidden (not unmounted) otherwise. */
export default function StickyAddBar({ product }: { product: PurchaseProduct }) {
  const p = usePurchase(product);
  const shown = useStore($mainAddOutOfView);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The bar covers the bottom of the viewport: while it is shown the page ends with room for it (the footer's
    // padding, islands.css), so the footer's last line can still be scrolled into view above it. Its height is a
    // variable on the root, set only when it changes (a change restyles the whole page); showing and hiding the
    // bar toggles an attribute that only the footer and the payment banner follow.
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const fit = () => {
      const height = `${el.offsetHeight}px`;
      if (el.offsetHeight > 0 && root.style.getPropertyValue('--sticky-bar-height') !== height)
        root.style.setProperty('--sticky-bar-height', height);
    };
    const resized = new ResizeObserver(fit);
    resized.observe(el);
    fit();
    return () => {
      resized.disconnect();
      root.style.removeProperty('--sticky-bar-height');
    };
  }, []);
  useEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute('data-sticky-bar', shown);
    return () => root.removeAttribute('data-sticky-bar');
  }, [shown]);
  return (
    <div
      ref={bar}
      hidden={!shown}
      role="region"
      aria-label="Quick add"
      className="fixed inset-x-0 bottom-0 z-40 animate-[slide-up_0.2s_ease-out] border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgb(15_23_42/0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:px-6">
        <div className="hidden min-w-0 flex-1 sm:block">
          <p className="truncate font-semibold">{product.name}</p>
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
