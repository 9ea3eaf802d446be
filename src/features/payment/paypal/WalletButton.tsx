// The wallet button's stand-in, of its exact height: the wallet code and SDK load at the page's first interaction
// (`eager`: at once). The server renders the placeholder, so no Suspense swap script breaks the CSP.
import { lazy, Suspense, useEffect, useState } from 'react';
import { WalletPlaceholder } from './WalletPlaceholder.tsx';
import type { WalletButtonProps } from '../wallet-props.ts';
import { onFirstInteraction } from '../../../browser/first-interaction.ts';

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
