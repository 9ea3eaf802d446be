// The wallet payment button's stand-in, used on the product page, in the cart drawer and on
// /checkout. It is all that a page pays for up front: a placeholder of the button's exact height. The wallet code
// and the PayPal SDK (WalletButtonPayPal.tsx) load on the shopper's first interaction with the page, so a load
// that is only looked at (or measured by Lighthouse) requests neither. `eager` loads at once, for places the
// shopper only reaches by interacting (the drawer, /checkout). The server always renders the placeholder, so
// no Suspense boundary is ever streamed (its inline swap script would break the CSP).
import { lazy, Suspense, useEffect, useState } from 'react';
import { WalletPlaceholder } from './WalletPlaceholder.tsx';
import type { WalletButtonProps } from './sdk-options.ts';
import { onFirstInteraction } from '../../browser/first-interaction.ts';

const WalletButtonPayPal = lazy(() => import('./WalletButtonPayPal.tsx'));

// Hovering, tapping or tabbing to the placeholder are among these, wherever on the page they happen.
const WAKE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll', 'wheel', 'focusin'];

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
