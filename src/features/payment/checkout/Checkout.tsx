// /checkout. The cart lives in the browser: the server renders a skeleton of the same size.
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $cart, type CartItem, $cartLoading, refreshCartFigures } from '../../cart/index.ts';
import { formatCents } from '../../../lib/money.ts';
import { cartTotals, type ShopRules } from '../../../lib/pricing.ts';
import CheckoutSummary from './CheckoutSummary.tsx';
import { $attempt } from '../attempt/state.ts';
import { checkoutStartEvent } from '../wallet/pays.ts';
import { walletNames } from '../button/wallets.ts';
import WalletButton from '../button/WalletButton.tsx';
import { CartIcon } from '../../../ui/icons.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { isPrerendering, whenShown } from '../../../browser/activation.ts';
import { afterNextPaint } from '../../../browser/after-paint.ts';
import { trackLater, loadTracking } from '../../../api/track-later.ts';
import { href } from '../../../lib/href.ts';

interface Props {
  productName: string;
  rules: ShopRules;
  shippingTimes: string;
}

export default function Checkout({ productName, rules, shippingTimes }: Props) {
  const loading = useStore($cartLoading, { ssr: 'initial' });
  const items = useStore($cart, { ssr: 'initial' });
  const attempt = useStore($attempt, { ssr: 'initial' });
  // Current figures before paying; an empty cart costs no request.
  const hasLines = !loading && items.length > 0;
  useEffect(() => {
    if (hasLines) void refreshCartFigures();
  }, [hasLines]);

  // A paid cart is emptied just before the browser leaves for /thank-you: keep showing it until then.
  const [lastItems, setLastItems] = useState<readonly CartItem[]>(items);
  if (items !== lastItems && items.length > 0) setLastItems(items);
  const shown = attempt?.stage === 'redirecting' ? lastItems : items;

  // CHECKOUT_START once per visit with items; a prerendered page only when opened.
  const opened = useRef(false);
  const counted = useRef(false);
  const countStart = useCallback(() => {
    const lines = $cart.get();
    if (!opened.current || $cartLoading.get() || counted.current || lines.length === 0) return;
    counted.current = true;
    const event = checkoutStartEvent(lines);
    if (event) trackLater('CHECKOUT_START', event.productId, event.value);
  }, []);
  useEffect(() => {
    if (isPrerendering()) loadTracking();
    let cancel = () => {};
    // After the paint: the cart has been read again by then.
    const stopWaiting = whenShown(() => {
      opened.current = true;
      cancel = afterNextPaint(countStart);
    });
    return () => {
      stopWaiting();
      cancel();
    };
  }, [countStart]);
  useEffect(countStart, [countStart, loading, items]);

  // Deferred: React builds the page in short tasks.
  const skeleton = useDeferredValue(loading);
  if (skeleton) return <CheckoutSkeleton />;
  if (shown.length === 0) return <EmptyCheckout productName={productName} />;
  const { total, shipping } = cartTotals(shown, rules);
  return (
    <div className={GRID}>
      <section aria-labelledby="express-title" className={`${CARD} ${LEFT}`}>
        <h2 id="express-title" className="text-lg font-semibold">
          Express checkout
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted">
          Pay <strong className="font-semibold text-ink">{formatCents(total)}</strong> securely with {walletNames()}.
          Your order is placed as soon as you approve the payment.
        </p>
        <WalletButton placement="checkout" eager pays="cart" rules={rules} />
      </section>
      <div className={RIGHT}>
        <CheckoutSummary items={shown} rules={rules} />
      </div>
      <ContactSection />
      <section aria-labelledby="shipping-title" className={`${CARD} ${LEFT}`}>
        <h2 id="shipping-title" className="text-lg font-semibold">
          Shipping
        </h2>
        <p className="mt-3 flex items-center justify-between gap-4 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm">
          <span>
            <span className="font-medium text-ink">Standard shipping</span>
            <span className="block text-muted">{shippingTimes}</span>
          </span>
          <span className="font-semibold text-brand-800">{shipping === 0 ? 'Free' : formatCents(shipping)}</span>
        </p>
      </section>
    </div>
  );
}

const GRID = 'grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-x-10';
const CARD = 'rounded-2xl border border-slate-200 p-5 sm:p-6';
const LEFT = 'lg:col-start-1';
const RIGHT = 'lg:col-start-2 lg:row-span-3 lg:row-start-1';

function ContactSection() {
  return (
    <section aria-labelledby="contact-title" className={`${CARD} ${LEFT}`}>
      <h2 id="contact-title" className="text-lg font-semibold">
        Contact
      </h2>
      <label htmlFor="checkout-email" className="mt-4 block text-sm font-medium">
        Email
      </label>
      <input
        id="checkout-email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        aria-describedby="checkout-email-hint"
        className="mt-1.5 block h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base placeholder:text-slate-500 user-invalid:border-sale"
      />
      <p id="checkout-email-hint" className="mt-1.5 text-sm text-muted">
        For your order confirmation and shipping updates.
      </p>
      <label className="mt-4 flex items-center gap-3 text-sm">
        <input type="checkbox" defaultChecked className="h-5 w-5 rounded border-slate-300 accent-brand-700" />
        Email me with news and offers
      </label>
    </section>
  );
}

function EmptyCheckout({ productName }: { productName: string }) {
  return (
    <StatePanel
      icon={<CartIcon className="h-7 w-7" />}
      tone="brand"
      title="Your cart is empty"
      level={2}
      framed
      actions={
        <a href={href('/')} className="btn-primary min-h-12 px-6 py-3 text-center">
          Shop the {productName}
        </a>
      }
    >
      <p>Add the {productName} to your cart, then come back here to check out in seconds.</p>
    </StatePanel>
  );
}

/** The same boxes as the loaded page: nothing jumps when the cart is read. */
function CheckoutSkeleton() {
  const bar = 'rounded-full bg-slate-200';
  return (
    <div className={GRID} aria-busy="true">
      <p role="status" className="sr-only">
        Loading your cart…
      </p>
      <div className={`${CARD} ${LEFT} h-[12.5rem] sm:h-[11.5rem]`} aria-hidden="true">
        <div className={`${bar} h-5 w-1/2`} />
        <div className={`${bar} mt-3 h-3 w-3/4`} />
        <div className="mt-6 h-12 rounded-full bg-slate-100" />
      </div>
      <div className={`${RIGHT} ${CARD} h-[30.5rem] bg-slate-50`} aria-hidden="true">
        <div className={`${bar} h-5 w-1/2`} />
        <div className="mt-5 flex gap-4">
          <div className="h-18 w-18 rounded-xl bg-slate-200" />
          <div className="flex-1 space-y-2 pt-1">
            <div className={`${bar} h-4 w-3/4`} />
            <div className={`${bar} h-3 w-1/2`} />
          </div>
        </div>
        <div className="mt-8 h-11 rounded-xl bg-slate-100" />
        <div className="mt-8 space-y-3">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex justify-between">
              <div className={`${bar} h-3 w-20`} />
              <div className={`${bar} h-3 w-14`} />
            </div>
          ))}
        </div>
      </div>
      <div className={`${CARD} ${LEFT} h-60 sm:h-57`} aria-hidden="true">
        <div className={`${bar} h-5 w-1/2`} />
        <div className="mt-6 h-12 rounded-xl bg-slate-100" />
      </div>
      <div className={`${CARD} ${LEFT} h-42 sm:h-39`} aria-hidden="true">
        <div className={`${bar} h-5 w-1/2`} />
        <div className="mt-5 h-16 rounded-xl bg-slate-100" />
      </div>
    </div>
  );
}
