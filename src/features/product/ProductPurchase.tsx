// Variant picker, quantity, Add to Cart, Buy Now, wallet button and share. The choice lives in ?variant=<slug>.
import { useLayoutEffect, useRef, useState } from 'react';
import { trackBeacon } from '@haven/commerce-client/beacon';
import { config } from '../../config.ts';
import { refreshDue } from '../../api/client.ts';
import { formatCents, percentOff, toDollars } from '../../lib/money.ts';
import { cartTotals, type ShopRules } from '../../lib/pricing.ts';
import {
  initialVariant,
  isAvailable,
  $liveFigures,
  lowStockLabel,
  NOTICE_ALL_OUT,
  outOfStockTitle,
  withFigures,
  withVariantParam,
} from '../catalog/index.ts';
import { $quantity, $variantId, setQuantity } from './store.ts';
import { refreshCartFigures } from '../cart/index.ts';
import { afterLoadWhenIdle } from '../../browser/after-load.ts';
import { onFirstInteraction } from '../../browser/first-interaction.ts';
import { afterNextPaint } from '../../browser/after-paint.ts';
import type { PurchaseProduct } from './purchase.ts';
import { usePurchase } from './use-purchase.ts';
import QuantityStepper from './QuantityStepper.tsx';
import ShareButton from './ShareButton.tsx';
import Tooltip from './Tooltip.tsx';
import WalletButton from '../payment/button/WalletButton.tsx';
import StickyAddBar from './StickyAddBar.tsx';
import { inBackground } from '../../browser/leaving.ts';
import { trackLater } from '../../api/track-later.ts';

export default function ProductPurchase({ product, rules }: { product: PurchaseProduct; rules: ShopRules }) {
  const p = usePurchase(product);
  const choice = p.canBuy && p.selected ? { product, variant: p.selected, quantity: p.quantity } : undefined;
  // The wallet below pays this choice alone, whatever the cart holds.
  const express = choice && cartTotals([{ price: choice.variant.price, quantity: choice.quantity }], rules).total;
  const [notices, setNotices] = useState<string[]>(() => initialVariant(product.variants).notices);
  const picked = useRef(false);

  // Before any tap is handled.
  useLayoutEffect(() => {
    // The URL as the shopper arrived, before showInUrl rewrites it.
    const wanted = new URLSearchParams(location.search).get('variant');
    // Until the shopper picks, the starting choice and its notices follow current stock.
    const choose = (live = $liveFigures.get()) => {
      const choice = initialVariant(
        product.variants.map((v) => withFigures(v, live)),
        wanted,
      );
      const next = picked.current ? choice.notices.filter((x) => x === NOTICE_ALL_OUT) : choice.notices;
      setNotices((shown) => (shown.join('\n') === next.join('\n') ? shown : next));
      if (!picked.current && choice.variant) $variantId.set(choice.variant.id);
    };
    choose();
    const stopLive = $liveFigures.listen(choose);
    const stopWaiting = onFirstInteraction(() => {
      void refreshCartFigures();
      inBackground(import('./add-selection.ts'));
    });
    // One product view per page view; the beacon leaves even as the page closes.
    const stopView = afterLoadWhenIdle(() => {
      const price = product.variants.find((x) => x.id === $variantId.get())?.price ?? 0;
      if (refreshDue()) {
        trackLater('PRODUCT_VIEW', product.id, price);
        return;
      }
      void trackBeacon(config.apiBaseUrl, config.storeId, {
        event: 'PRODUCT_VIEW',
        productId: product.id,
        value: toDollars(price),
      });
    });
    // Replaced in place, so Back still leaves the page.
    const showInUrl = (id: string | undefined) => {
      const v = product.variants.find((x) => x.id === id);
      if (!v) return;
      const next = `${location.pathname}${withVariantParam(location.search, v)}${location.hash}`;
      if (next !== `${location.pathname}${location.search}${location.hash}`)
        history.replaceState(history.state, '', next);
    };
    showInUrl($variantId.get());
    // Once the pick is painted.
    let cancelUrl = () => {};
    const stopListening = $variantId.listen((id) => {
      cancelUrl();
      cancelUrl = afterNextPaint(() => showInUrl(id));
    });
    return () => {
      stopWaiting();
      stopView();
      stopListening();
      cancelUrl();
      stopLive();
    };
  }, [product.id, product.variants]);

  const pick = (id: string) => {
    // A pick is kept and clears the notices about the URL's choice.
    picked.current = true;
    setNotices([]);
    p.selectVariant(id);
  };

  const v = p.selected;
  const off = v ? percentOff(v.price, v.regularPrice) : 0;
  const low = v ? lowStockLabel(v.stock) : undefined;

  return (
    <div className="space-y-6">
      {v && (
        <div className="price-row" data-testid="price">
          <span>{formatCents(v.price)}</span>
          {off > 0 && v.regularPrice !== undefined && (
            <>
              <s>
                <span className="sr-only">Regular price </span>
                {formatCents(v.regularPrice)}
              </s>
              <b>Save {off}%</b>
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
            {notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap gap-2" role="radiogroup" aria-label="Color">
          {p.variants.map((variant) => {
            const available = isAvailable(variant);
            const checked = variant.id === v?.id;
            // On the hidden radio, the title makes no native tooltip; screen readers get it as the description.
            const option = (describedBy?: string) => (
              <label className="variant-option">
                <input
                  type="radio"
                  name="variant"
                  value={variant.slug}
                  checked={checked}
                  disabled={!available}
                  title={available ? undefined : outOfStockTitle(variant.stock)}
                  aria-describedby={describedBy}
                  onChange={() => pick(variant.id)}
                  className="sr-only"
                />
                <span className="min-w-0 wrap-anywhere">{variant.name}</span>
                {!available && <span className="text-xs font-normal">Sold out</span>}
              </label>
            );
            return available ? (
              <div key={variant.id}>{option()}</div>
            ) : (
              <Tooltip key={variant.id} content={outOfStockTitle(variant.stock)}>
                {(id) => option(id)}
              </Tooltip>
            );
          })}
        </div>
      </fieldset>

      {v && (
        <p
          className="stock-status"
          data-state={isAvailable(v) ? (low ? 'low' : 'in') : 'out'}
          data-testid="stock-status"
        >
          <span aria-hidden="true" />
          {isAvailable(v) ? (low ?? 'In stock, ready to ship') : 'Out of stock'}
        </p>
      )}

      <div className="flex flex-wrap items-end gap-3">
        <QuantityStepper id="quantity" store={$quantity} onChange={setQuantity} />
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <button
          id="main-add-button"
          type="button"
          onClick={() => void p.addToCart()}
          disabled={!p.canBuy}
          aria-disabled={p.adding}
          aria-busy={p.adding}
          className="btn-primary h-13 text-base"
        >
          {p.label}
        </button>
        <button
          type="button"
          onClick={() => void p.buyNow()}
          disabled={!p.canBuy}
          aria-disabled={p.adding}
          className="btn-dark h-13 text-base"
        >
          Buy Now
        </button>
      </div>
      <div>
        {choice && express !== undefined && (
          <p className="mb-2 text-center text-sm text-muted" data-testid="express-total">
            Or pay now: <strong className="font-semibold text-ink">{formatCents(express)}</strong> for{' '}
            {choice.variant.name}&nbsp;×&nbsp;{choice.quantity}, shipping and tax included.
          </p>
        )}
        <WalletButton placement="product" pays={choice} rules={rules} />
      </div>
      <ShareButton />
      <StickyAddBar name={product.name} purchase={p} />
    </div>
  );
}
