// Each wallet's button, in a placeholder of its height until the page's first interaction (`eager`: at once)
// and its code are here. A failed load says so there, with Try again.
import { useEffect, useState } from 'react';
import { WalletPlaceholder } from '../notices/WalletPlaceholder.tsx';
import { WalletRejected } from '../notices/WalletRejected.tsx';
import type { WalletButtonProps } from '../wallet/props.ts';
import { WALLETS, type WalletId } from './wallets.ts';
import { onFirstInteraction } from '../../../browser/first-interaction.ts';
import { once, useLazy, type Loader } from '../../../ui/use-lazy.ts';

const LOADERS: Record<WalletId, Loader<WalletButtonProps>> = {
  paypal: once(() => import('../paypal/WalletButtonPayPal.tsx')),
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
  const [Button, retry] = useLazy(load, wanted);
  if (Button) return <Button {...props} />;
  if (!retry) return <WalletPlaceholder name={name} loading={wanted} />;
  return <WalletRejected placement={props.placement} text={`${name} could not be loaded.`} onRetry={retry} />;
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
