// The PayPal button, loaded by WalletButton.tsx. The SDK's loading shows in the button's own 48 px box.
import { useCallback, useEffect, useId, useState } from 'react';
import { atom } from 'nanostores';
import { DISPATCH_ACTION, PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { config } from '../../../config.ts';
import { walletScriptOptions, type WalletScriptOptions } from './sdk-options.ts';
import type { WalletButtonProps } from '../wallet-props.ts';
import { WalletPlaceholder } from './WalletPlaceholder.tsx';
import { usePayPalFlow } from './use-wallet-flow.ts';
import WalletButtonNotice from './WalletButtonNotice.tsx';

/** The placeholder's h-12: the SDK draws the button at this height, so swapping them moves nothing. */
const BUTTON_HEIGHT = 48;

function scriptOptions(): WalletScriptOptions | Error {
  try {
    return walletScriptOptions({ ...config.paypal, currency: config.currency });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

// Several buttons on a page: one loads the SDK, the others wait and find it there.
const $sdkTurn = atom<'free' | 'taken' | 'settled'>('free');

function useLoadTurn(): boolean {
  const [leader, setLeader] = useState(false);
  const [settled, setSettled] = useState(() => $sdkTurn.get() === 'settled');
  useEffect(
    () =>
      $sdkTurn.subscribe(() => {
        // The store, not the notified value: another button may have taken the turn meanwhile.
        const turn = $sdkTurn.get();
        if (turn === 'settled') setSettled(true);
        else if (turn === 'free' && !leader) {
          $sdkTurn.set('taken');
          setLeader(true);
        }
      }),
    [leader],
  );
  useEffect(() => {
    if (!leader) return;
    return () => {
      if ($sdkTurn.get() === 'taken') $sdkTurn.set('free');
    };
  }, [leader]);
  return leader || settled;
}

export default function WalletButtonPayPal(props: WalletButtonProps) {
  const [options] = useState(scriptOptions);
  const mayLoad = useLoadTurn();
  useEffect(() => {
    if (options instanceof Error) console.error('Wallet: the PayPal button is not configured.', options);
  }, [options]);
  if (options instanceof Error) {
    return <Unavailable text="PayPal is not available on this store right now." />;
  }
  return (
    <PayPalScriptProvider options={options} deferLoading={!mayLoad}>
      <WalletBody {...props} options={options} />
    </PayPalScriptProvider>
  );
}

function WalletBody({ options, ...props }: WalletButtonProps & { options: WalletScriptOptions }) {
  const { placement } = props;
  const owner = useId();
  const [{ isInitial, isResolved, isRejected }, dispatch] = usePayPalScriptReducer();
  const { disabled, pause, ...callbacks } = usePayPalFlow(owner, props);
  const [drawn, setDrawn] = useState(false);
  const [ineligible, setIneligible] = useState(false);

  useEffect(() => {
    if (isResolved || isRejected) $sdkTurn.set('settled');
  }, [isResolved, isRejected]);
  useEffect(() => {
    if (isRejected)
      console.error(
        `Wallet: the PayPal SDK could not be loaded from ${options.sdkBaseUrl ?? options.environment}; the ${placement} wallet button is unavailable.`,
      );
  }, [isRejected, options, placement]);

  const status = isRejected ? 'rejected' : isResolved ? 'resolved' : isInitial ? 'initial' : 'pending';
  // Until the SDK has drawn its button (onInit), the placeholder keeps the box filled.
  const covered = !isResolved || (!drawn && !ineligible);
  const retry = () => {
    setDrawn(false);
    dispatch({ type: DISPATCH_ACTION.RESET_OPTIONS, value: options });
  };
  const markIneligible = useCallback(() => setIneligible(true), []);

  return (
    <div data-wallet-status={status} data-wallet-placement={placement}>
      <div className="relative min-h-12">
        <PayPalButtons
          className="w-full"
          fundingSource="paypal"
          style={{ shape: 'pill', color: 'gold', label: 'paypal', height: BUTTON_HEIGHT }}
          disabled={disabled}
          onInit={() => setDrawn(true)}
          {...callbacks}
        >
          <Ineligible onShown={markIneligible} />
        </PayPalButtons>
        {covered && (
          <div className="absolute inset-0">
            {isRejected ? (
              <Unavailable text="PayPal could not be loaded." onRetry={retry} />
            ) : (
              <WalletPlaceholder loading />
            )}
          </div>
        )}
      </div>
      <WalletButtonNotice owner={owner} pause={pause} />
    </div>
  );
}

function Unavailable({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex h-12 items-center justify-center gap-3 rounded-full border border-amber-200 bg-amber-50 px-4 text-sm text-ink"
      data-wallet-status="rejected"
    >
      <span>{text}</span>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="shrink-0 rounded-full px-2 py-1 font-semibold underline underline-offset-2 hover:bg-amber-100"
        >
          Try again
        </button>
      )}
    </div>
  );
}

function Ineligible({ onShown }: { onShown: () => void }) {
  // onShown keeps its identity: this runs once.
  useEffect(onShown, [onShown]);
  return (
    <p className="flex h-12 items-center justify-center rounded-full bg-slate-50 text-sm text-muted">
      PayPal is not available for this purchase.
    </p>
  );
}
