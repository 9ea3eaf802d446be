// The page's attempt machine (attempt.ts) wired to the browser, and the hook every wallet button uses; its adapter
// maps the SDK's callbacks onto this.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { prerender, withdrawPrerender } from '../../../browser/prerender.ts';
import { config } from '../../../config.ts';
import { getApi } from '../../../api/client.ts';
import { cartTotals } from '../../../lib/pricing.ts';
import { $cart } from '../../cart/index.ts';
import { checkoutStartEvent, payableLines } from '../wallet/pays.ts';
import { type PaymentApi } from './order.ts';
import { $attempt, $walletNotice } from './state.ts';
import { createAttempts, pauseOf, type AttemptMachine, type Screen, type WalletPause } from './attempt.ts';
import { $pending, rereadPending } from '../record/store.ts';
import { $payingElsewhere, takePaymentLock, watchOtherTabs } from '../record/lock.ts';
import { $captureShownBy, confirmApproval, showDeclined } from '../settle/confirm.ts';
import { newCaptureKey } from '../settle/capture.ts';
import { newIdempotencyKey } from './order.ts';
import type { WalletButtonProps } from '../wallet/props.ts';
import type { WalletProvider } from '../wallet/provider.ts';
import { trackLater } from '../../../api/track-later.ts';
import { isShowing } from '../../../lib/href.ts';

async function paymentApi(): Promise<PaymentApi> {
  const api = await getApi();
  return {
    createOrder: async (items, key) =>
      (
        await api.POST('/orders/store/{storeId}', {
          params: { path: { storeId: config.storeId }, header: { 'Idempotency-Key': key } },
          body: { items },
        })
      ).data,
    createIntent: async (id, body) =>
      (await api.POST('/orders/{id}/payment-intent', { params: { path: { id } }, body })).data,
  };
}

/** A capture never hands its lock back to a button that has gone. */
const mounted = new Set<string>();

let machine: AttemptMachine | undefined;

function pageMachine(): AttemptMachine {
  machine ??= createAttempts(
    {
      api: paymentApi,
      takeLock: takePaymentLock,
      pending: rereadPending,
      confirm: (payment, release, canRestart) =>
        confirmApproval(payment, release, canRestart, () => {
          const current = $attempt.get();
          if (current) machine?.redirecting(current.id);
        }),
      present: (owner) => mounted.has(owner),
      declinedWithoutButton: showDeclined,
      now: Date.now,
      newKey: () => newIdempotencyKey(),
      newCaptureKey,
      later: (ms, then) => void setTimeout(then, ms),
      ordered: () => prerender('thank-you'),
      abandoned: () => withdrawPrerender('thank-you'),
    },
    $attempt,
    $walletNotice,
  );
  return machine;
}

// Restored from the back/forward cache mid-redirect: that attempt is over.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => event.persisted && machine?.left());
}

/** What this placement shows next to its button now. */
function screenOf({ pays, rules }: Pick<WalletButtonProps, 'pays' | 'rules'>): Screen {
  const lines = payableLines($cart.get(), pays);
  return { lines, total: cartTotals(lines, rules).total, currency: config.currency, paysCart: pays === 'cart' };
}

export interface WalletFlow {
  disabled: boolean;
  pause: WalletPause;
  /** False: this click must not open the wallet. */
  begin(): boolean;
  createOrder(): Promise<string>;
  approve(walletOrderId: string): Promise<void>;
  /** The press is over and the wallet never asked for an order. */
  unopened(): void;
  cancel(): void;
  error(error: unknown): void;
}

export function useWalletFlow(owner: string, props: WalletButtonProps, provider: WalletProvider): WalletFlow {
  const { placement, pays } = props;
  const attempt = useStore($attempt);
  const cart = useStore($cart);
  const pause = pauseOf(owner, attempt, useStore($pending), useStore($payingElsewhere));
  const nothingToPay = payableLines(cart, pays).length === 0;
  const busy = attempt?.owner === owner && attempt.stage !== 'declined';

  useEffect(watchOtherTabs, []);
  // A button gone mid-attempt (drawer closed) must not leave the others disabled; an approved capture goes on.
  useEffect(() => {
    mounted.add(owner);
    return () => {
      mounted.delete(owner);
      pageMachine().gone(owner);
      if ($captureShownBy.get() === owner) $captureShownBy.set(null);
    };
  }, [owner]);

  return {
    disabled: busy || nothingToPay || pause !== null,
    pause,

    begin() {
      const screen = screenOf(props);
      const declined = $attempt.get()?.owner === owner && $attempt.get()?.stage === 'declined';
      if (pauseOf(owner, $attempt.get(), $pending.get(), $payingElsewhere.get()) && !declined) return false;
      if (!pageMachine().press(owner, screen, provider)) return false;
      const onCheckoutPage = placement === 'checkout' || isShowing('/checkout');
      const event = declined || onCheckoutPage ? undefined : checkoutStartEvent(screen.lines);
      if (event) trackLater('CHECKOUT_START', event.productId, event.value);
      return true;
    },

    createOrder: () => pageMachine().order(owner, screenOf(props), provider),

    async approve(walletOrderId) {
      $captureShownBy.set(owner);
      await pageMachine().approved(owner, walletOrderId);
    },

    unopened() {
      pageMachine().unopened(owner);
    },

    cancel() {
      pageMachine().cancelled(owner);
    },

    error(error) {
      console.error('Wallet: the payment did not go through.', error);
      pageMachine().failed(owner, error);
    },
  };
}
