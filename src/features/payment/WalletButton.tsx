// The wallet button every placement shows: each wallet in turn, a placeholder of its exact height until the page's
// first interaction (`eager`: at once), then until its code is here. A failed load keeps the placeholder and retries
// when the connection is back, as the drawer does; the rest of the island stays.
import { useEffect, useState } from 'react';
import { WalletPlaceholder } from './WalletPlaceholder.tsx';
import type { WalletButtonProps } from './wallet-props.ts';
import { WALLETS, type WalletId } from './wallets.ts';
import { onFirstInteraction } from '../../browser/first-interaction.ts';
import { once, useLazy, type Loader } from '../../ui/use-lazy.ts';

const LOADERS: Record<WalletId, Loader<WalletButtonProps>> = {
  paypal: once(() => import('./paypal/WalletButtonPayPal.tsx')),
};
const BUTTONS = WALLETS.map(({ id, name }) => ({ name, load: LOADERS[id] }));

// Hovering, tapping or tabbing to the placeholder are among these, wherever on the page they happen.
const WAKE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll', 'wheel', 'focusin'];

function OneWallet({
  name,
  load,
  wanted,
  props,
}: {
  name: string;
  load: Loader<WalletButtonProps>;
  wanted: boolean;
  props: WalletButtonProps;
}) {
  const [Button] = useLazy(load, wanted);
  return Button ? <Button {...props} /> : <WalletPlaceholder name={name} loading={wanted} />;
}

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
      {BUTTONS.map(({ name, load }) => (
        <OneWallet key={name} name={name} load={load} wanted={wanted} props={props} />
      ))}
    </div>
  );
}
