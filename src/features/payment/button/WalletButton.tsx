// Each wallet's button, a placeholder of its height until the page's first interaction (`eager`: at once) and
// its code are here; a failed load says so, with Try again.
import { startTransition, useEffect, useState } from 'react';
import { WalletPlaceholder } from '../notices/WalletPlaceholder.tsx';
import { WalletRejected } from '../notices/WalletRejected.tsx';
import type { WalletButtonProps } from '../wallet/props.ts';
import { WALLETS } from './wallets.ts';
import { onFirstInteraction } from '../../../browser/first-interaction.ts';
import { once, useLazy, type Loader } from '../../../ui/use-lazy.ts';

const BUTTONS = WALLETS.map(({ name, load }) => ({ name, load: once<WalletButtonProps>(load) }));

// Hovering, tapping or tabbing to the placeholder are among these.
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
    // In slices: a tap meanwhile comes first.
    const wake = () => startTransition(() => setWanted(true));
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
