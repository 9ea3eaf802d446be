// The wallet button every placement shows: each wallet in turn, a placeholder of its exact height until the page's
// first interaction (`eager`: at once). The server renders the placeholder: no Suspense swap script to break the CSP.
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { WalletPlaceholder } from './WalletPlaceholder.tsx';
import type { WalletButtonProps } from './wallet-props.ts';
import { WALLETS, type WalletId } from './wallets.ts';
import { onFirstInteraction } from '../../browser/first-interaction.ts';

const LOADERS: Record<WalletId, LazyExoticComponent<ComponentType<WalletButtonProps>>> = {
  paypal: lazy(() => import('./paypal/WalletButtonPayPal.tsx')),
};
const BUTTONS = WALLETS.map(({ id, name }) => ({ name, Button: LOADERS[id] }));

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
  return (
    <div className="flex flex-col gap-2">
      {BUTTONS.map(({ name, Button }) =>
        wanted ? (
          <Suspense key={name} fallback={<WalletPlaceholder name={name} loading />}>
            <Button {...props} />
          </Suspense>
        ) : (
          <WalletPlaceholder key={name} name={name} loading={false} />
        ),
      )}
    </div>
  );
}
