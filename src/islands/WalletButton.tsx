// The wallet payment button's stand-in (issue 5 item 1), used on the product page, in the cart drawer and on
// /checkout. It is all that a page pays for up front: a placeholder of the button's exact height. The wallet code
// and the PayPal SDK (WalletButtonPayPal.tsx) load on the shopper's first interaction with the page, so a load
// that is only looked at (or measured by Lighthouse) requests neither. `eager` loads at once, for places the
// shopper only reaches by interacting (the drawer, /checkout). The server always renders the placeholder, so
// no Suspense boundary is ever streamed (its inline swap script would break the CSP).
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Choice } from '../lib/payment-paypal.ts';
import { onFirstInteraction } from './parts/first-interaction.ts';

const WalletButtonPayPal = lazy(() => import('./WalletButtonPayPal.tsx'));

export type WalletPlacement = 'product' | 'cart-drawer' | 'checkout';

export interface WalletButtonProps {
  placement: WalletPlacement;
  eager?: boolean;
  /** Product page: what is paid for when the cart is empty (the current variant and quantity). */
  selection?: Choice | undefined;
}

// Hovering, tapping or tabbing to the placeholder are among these, wherever on the page they happen.
const WAKE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll', 'focusin'];

/** Same box as the rendered button (48 px pill), so nothing moves when the button replaces it. */
export function WalletPlaceholder({ loading }: { loading: boolean }) {
  return (
    <div className="flex h-12 items-center justify-center gap-2 rounded-full bg-slate-100 text-sm font-semibold text-slate-600" data-wallet-status={loading ? 'pending' : 'initial'}>
      {loading && <span className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-slate-600" aria-hidden="true" />}
      <span role={loading ? 'status' : undefined}>{loading ? 'Loading PayPal…' : 'PayPal'}</span>
    </div>
  );
}

export default function WalletButton(props: WalletButtonProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const wake = () => setWanted(true);
    if (props.eager) return wake();
    return onFirstInteraction(wake, WAKE_EVENTS);
  }, [wanted, props.eager]);
  if (!wanted) return <WalletPlaceholder loading={false} />;
  return (
    <Suspense fallback={<WalletPlaceholder loading />}>
      <WalletButtonPayPal {...props} />
    </Suspense>
  );
}
