// PayPal's button on SDK v6: PayPalProvider loads the SDK, a one-time payment session takes the flow's callbacks,
// `<paypal-button>` starts it.
import { startTransition, useCallback, useEffect, useId, useState } from 'react';
import {
  INSTANCE_LOADING_STATE,
  PayPalProvider,
  usePayPal,
  usePayPalOneTimePaymentSession,
  type OnErrorData,
} from '@paypal/react-paypal-js/sdk-v6';
import { PUBLIC_PAYPAL_CLIENT_ID, PUBLIC_PAYPAL_ENV, PUBLIC_PAYPAL_SDK_URL } from 'astro:env/client';
import { config } from '../../../config.ts';
import { logLoadFailure } from '../../../browser/leaving.ts';
import type { WalletButtonProps } from '../wallet/props.ts';
import { WalletPlaceholder } from '../notices/WalletPlaceholder.tsx';
import { WalletRejected } from '../notices/WalletRejected.tsx';
import { WalletUnavailable } from '../notices/WalletUnavailable.tsx';
import WalletButtonNotice from '../notices/WalletButtonNotice.tsx';
import { loadDemoSdk } from './demo-sdk.ts';
import { pageType, walletSdkOptions, type WalletSdkOptions } from './sdk-options.ts';
import { usePayPalFlow, type PayPalFlow } from './use-wallet-flow.ts';
import { paypal } from './provider.ts';

/** The SDK on its way, PayPal's button (or word that it is not offered), or a failure. */
type Shown = 'pending' | 'resolved' | 'rejected';

function sdkOptions(): WalletSdkOptions | Error {
  try {
    return walletSdkOptions({
      clientId: PUBLIC_PAYPAL_CLIENT_ID,
      environment: PUBLIC_PAYPAL_ENV,
      sdkBaseUrl: PUBLIC_PAYPAL_SDK_URL,
    });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

export default function WalletButtonPayPal(props: WalletButtonProps) {
  const [options] = useState(sdkOptions);
  useEffect(() => {
    if (options instanceof Error) console.error('Wallet: the PayPal button is not configured.', options);
  }, [options]);
  if (options instanceof Error) {
    return <WalletRejected placement={props.placement} text="PayPal is not available on this store right now." />;
  }
  return <PayPalWallet {...props} options={options} />;
}

/** The demo's stand-in SDK, loaded before PayPal's provider looks for one; without a demo, ready at once. */
function useDemoSdk(url: string | undefined, round: number): Shown {
  const [loaded, setLoaded] = useState<{ round: number; shown: Shown } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    const settle = (shown: Shown) => live && startTransition(() => setLoaded({ round, shown }));
    loadDemoSdk(url).then(
      () => settle('resolved'),
      () => settle('rejected'),
    );
    return () => {
      live = false;
    };
  }, [url, round]);
  if (!url) return 'resolved';
  return loaded?.round === round ? loaded.shown : 'pending';
}

function PayPalWallet({ options, ...props }: WalletButtonProps & { options: WalletSdkOptions }) {
  const { placement } = props;
  const owner = useId();
  const flow = usePayPalFlow(owner, props);
  // Try again makes a new provider, which loads the SDK anew.
  const [round, setRound] = useState(0);
  const script = useDemoSdk(options.demoSdkUrl, round);
  const [sdk, setSdk] = useState<{ round: number; shown: Shown } | null>(null);
  const shown: Shown = script !== 'resolved' ? script : sdk?.round === round ? sdk.shown : 'pending';
  const report = useCallback((state: Shown) => startTransition(() => setSdk({ round, shown: state })), [round]);

  useEffect(() => {
    if (shown === 'rejected')
      logLoadFailure(
        `Wallet: the PayPal SDK could not be loaded from ${options.demoSdkUrl ?? options.environment}; the ${placement} wallet button is unavailable.`,
      );
  }, [shown, options, placement]);

  return (
    <div data-wallet-status={shown} data-wallet-placement={placement}>
      <div className="relative min-h-12">
        {script === 'resolved' && (
          <PayPalProvider
            key={round}
            clientId={options.clientId}
            environment={options.environment}
            components={options.components}
            pageType={pageType(placement)}
            {...(options.testBuyerCountry ? { testBuyerCountry: options.testBuyerCountry } : {})}
          >
            <PayPalSlot flow={flow} onShown={report} />
          </PayPalProvider>
        )}
        {shown !== 'resolved' && (
          <div className="absolute inset-0">
            {shown === 'rejected' ? (
              <WalletUnavailable text="PayPal could not be loaded." onRetry={() => setRound((r) => r + 1)} />
            ) : (
              <WalletPlaceholder name={paypal.name} loading />
            )}
          </div>
        )}
      </div>
      <WalletButtonNotice owner={owner} pause={flow.pause} />
    </div>
  );
}

/** The SDK's state, the buyer's eligibility, and the button that starts the session. */
function PayPalSlot({ flow, onShown }: { flow: PayPalFlow; onShown: (shown: Shown) => void }) {
  const { loadingStatus, sdkInstance } = usePayPal();
  const [eligible, setEligible] = useState<boolean | 'error' | null>(null);
  const { begin, unopened, disabled, createOrder, onApprove, onCancel, onError, onShippingAddressChange } = flow;
  const { handleClick } = usePayPalOneTimePaymentSession({
    presentationMode: 'auto',
    createOrder,
    onApprove,
    onCancel,
    onError,
    onShippingAddressChange,
  });

  useEffect(() => {
    if (!sdkInstance) return;
    let live = true;
    sdkInstance.findEligibleMethods({ currencyCode: config.currency }).then(
      (methods) => live && startTransition(() => setEligible(methods.isEligible('paypal'))),
      (error: unknown) => {
        // A misconfiguration (a sandbox client id on production) is a failure, not "not offered".
        console.error('Wallet: PayPal could not say whether it is offered here.', error);
        if (live) startTransition(() => setEligible('error'));
      },
    );
    return () => {
      live = false;
    };
  }, [sdkInstance]);

  const failed = loadingStatus === INSTANCE_LOADING_STATE.REJECTED || eligible === 'error';
  const shown: Shown = failed ? 'rejected' : sdkInstance && eligible !== null ? 'resolved' : 'pending';
  useEffect(() => onShown(shown), [shown, onShown]);

  if (shown !== 'resolved') return null;
  if (!eligible) {
    return (
      <p className="flex h-12 items-center justify-center rounded-full bg-slate-50 text-sm text-muted">
        PayPal is not available for this purchase.
      </p>
    );
  }
  const press = () => {
    // Refused here, not by the SDK: one attempt per page, whichever button was pressed.
    if (!begin()) return;
    // No await before it: a popup opened later is blocked.
    handleClick().then(unopened, (error: unknown) => onError(error as OnErrorData));
  };
  return <paypal-button type="pay" disabled={disabled} className="block h-12 w-full" onClick={press} />;
}
