// Variant picker, quantity, Add to Cart, Buy Now, wallet button and share (SPEC §2, §4, §5).
// The choice lives in ?variant=<slug>, replaced in place (no history entries) whenever the shopper picks.
import { useEffect, useRef, useState } from 'react';
import { formatUSD, percentOff } from '../lib/money.ts';
import { initialVariant, isAvailable, lowStockLabel, NOTICE_ALL_OUT, outOfStockTitle, withVariantParam } from '../lib/variants.ts';
import { $quantity, $variantId, setQuantity } from '../stores/selection.ts';
import { ensureFreshProduct } from '../stores/live.ts';
import { onFirstInteraction } from './parts/first-interaction.ts';
import { usePurchase, type PurchaseProduct } from './parts/purchase.ts';
import QuantityStepper from './parts/QuantityStepper.tsx';
import ShareButton from './parts/ShareButton.tsx';
import Tooltip from './parts/Tooltip.tsx';
import { once, useLazy } from './parts/use-lazy.ts';
import WalletButton from './WalletButton.tsx';

// The sticky bar is needed only once the shopper scrolls past the main button: its code waits until then.
const loadStickyBar = once(() => import('./parts/StickyAddBar.tsx'));

export default function ProductPurchase({ product }: { product: PurchaseProduct }) {
  const p = usePurchase(product);
  const [notices, setNotices] = useState<string[]>(() => initialVariant(product.variants).notices);
  const addButton = useRef<HTMLButtonElement>(null);
  const [scrolledPast, setScrolledPast] = useState(false);
  const StickyAddBar = useLazy(loadStickyBar, scrolledPast);
  useEffect(() => {
    const target = addButton.current;
    if (!target) return;
    // A scroll listener rather than an IntersectionObserver: a jump (an anchor link, a restored position) from
    // below the button to past it never crosses the viewport, so an observer would not report it.
    let frame = 0;
    const check = () => {
      frame = 0;
      setScrolledPast(target.getBoundingClientRect().bottom < 0);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);

  useEffect(() => {
    const choice = initialVariant(product.variants, new URLSearchParams(window.location.search).get('variant'));
    setNotices(choice.notices);
    if (choice.variant) $variantId.set(choice.variant.id);
    const stopWaiting = onFirstInteraction(() => {
      void ensureFreshProduct();
      // A product view is counted once the shopper engages with the page (README, "Analytics").
      const price = product.variants.find((x) => x.id === $variantId.get())?.price ?? 0;
      void import('../stores/analytics.ts').then(({ track }) => track('PRODUCT_VIEW', product.id, price));
    });
    // The URL always names the variant on screen, replaced in place so Back still leaves the page.
    const showInUrl = (id: string | undefined) => {
      const v = product.variants.find((x) => x.id === id);
      if (!v) return;
      const next = `${location.pathname}${withVariantParam(location.search, v)}${location.hash}`;
      if (next !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(history.state, '', next);
    };
    showInUrl(choice.variant?.id);
    const stopListening = $variantId.listen(showInUrl);
    return () => {
      stopWaiting();
      stopListening();
    };
  }, [product.id, product.variants]);

  const pick = (id: string) => {
    // A shopper's own pick replaces the notices about the URL's choice; 'all out' stays true regardless.
    setNotices((n) => n.filter((x) => x === NOTICE_ALL_OUT));
    p.selectVariant(id);
  };

  const v = p.selected;
  const off = v ? percentOff(v.price, v.regularPrice) : 0;
  const low = v ? lowStockLabel(v.stock) : undefined;

  return (
    <div className="space-y-6">
      {v && (
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="price">
          <span className="text-3xl font-bold tracking-tight">{formatUSD(v.price)}</span>
          {off > 0 && v.regularPrice !== undefined && (
            <>
              <s className="text-lg text-muted" aria-label={`Regular price ${formatUSD(v.regularPrice)}`}>{formatUSD(v.regularPrice)}</s>
              <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-sale">Save {off}%</span>
            </>
          )}
        </div>
      )}

      <fieldset>
        <legend className="text-sm font-medium text-muted">
          Color: <span className="font-semibold text-ink">{v?.name ?? 'None'}</span>
        </legend>
        {notices.length > 0 && (
          <ul className="mt-2 space-y-1 text-sm font-medium text-amber-800" data-testid="stock-notices">
            {notices.map((n) => <li key={n}>{n}</li>)}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label="Color">
          {p.variants.map((variant) => {
            const available = isAvailable(variant);
            const checked = variant.id === v?.id;
            const option = (describedBy?: string) => (
              <label
                title={available ? undefined : outOfStockTitle(variant.stock)}
                aria-describedby={describedBy}
                className={`relative flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-4 py-2 text-sm font-medium transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2 ${
                  checked ? 'border-brand-700 bg-brand-50 text-brand-800 ring-1 ring-brand-700' : 'border-slate-300 bg-white hover:border-slate-400'
                } ${available ? '' : 'cursor-not-allowed border-dashed text-slate-500 hover:border-slate-300'}`}
              >
                <input
                  type="radio"
                  name="variant"
                  value={variant.slug}
                  checked={checked}
                  disabled={!available}
                  onChange={() => pick(variant.id)}
                  className="sr-only"
                />
                <span className={`min-w-0 wrap-anywhere ${available ? '' : 'line-through decoration-slate-400'}`}>{variant.name}</span>
                {!available && <span className="text-xs font-normal">Sold out</span>}
              </label>
            );
            return available ? <div key={variant.id}>{option()}</div> : (
              <Tooltip key={variant.id} content={outOfStockTitle(variant.stock)}>{(id) => option(id)}</Tooltip>
            );
          })}
        </div>
      </fieldset>

      {v && (
        <p className={`flex items-center gap-2 text-sm font-medium ${isAvailable(v) ? (low ? 'text-amber-800' : 'text-emerald-700') : 'text-sale'}`} data-testid="stock-status">
          <span className={`h-2 w-2 rounded-full ${isAvailable(v) ? (low ? 'bg-amber-500' : 'bg-emerald-500') : 'bg-red-500'}`} aria-hidden="true" />
          {isAvailable(v) ? (low ?? 'In stock, ready to ship') : 'Out of stock'}
        </p>
      )}

      <div className="flex flex-wrap items-end gap-3">
        <QuantityStepper id="quantity" store={$quantity} onChange={setQuantity} />
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <button
          id="main-add-button"
          ref={addButton}
          type="button"
          onClick={() => void p.addToCart()}
          disabled={!p.canBuy}
          aria-busy={p.adding}
          className="btn-primary h-13 text-base"
        >
          {p.label}
        </button>
        <button
          type="button"
          onClick={() => void p.buyNow()}
          disabled={!p.canBuy}
          className="btn-dark h-13 text-base"
        >
          Buy Now
        </button>
      </div>
      <WalletButton placement="product" selection={p.canBuy && p.selected ? { productId: product.id, variantId: p.selected.id, quantity: p.quantity, price: p.selected.price } : undefined} />
      <ShareButton />
      {scrolledPast && StickyAddBar && <StickyAddBar product={product} />}
    </div>
  );
}
