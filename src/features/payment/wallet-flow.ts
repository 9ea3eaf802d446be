// What every wallet button does, whatever the provider; its adapter maps the SDK's callbacks onto these. Before
// approval a failure ends the attempt; from the approval on, only a definitive answer does.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { prerender, withdrawPrerender } from '../../browser/prerender.ts';
import { config } from '../../config.ts';
import { getApi } from '../../api/client.ts';
import { cartTotals } from '../../lib/pricing.ts';
import { $cart } from '../cart/index.ts';
import {
  PAYMENT_FAILED,
  WalletFlowError,
  chargeNotice,
  checkoutStartEvent,
  createFailed,
  describeError,
  payableLines,
  paymentFailed,
  startPayment,
  type PaymentApi,
  type WalletMessage,
} from './start-payment.ts';
import { $attempt, attemptOf, beginAttempt, clearNotice, endAttempt, showNotice, updateAttempt } from './attempt.ts';
import type { PendingPayment } from './pending-payment.ts';
import { $pending, rereadPending } from './pending-store.ts';
import { $payingElsewhere, takePaymentLock, watchOtherTabs } from './payment-lock.ts';
import { $captureShownBy, confirmApproval, showDeclined } from './confirm-payment.ts';
import { newCaptureKey } from './capture.ts';
import { approvalRecord } from './settle.ts';
import type { WalletButtonProps } from './wallet-props.ts';
import type { WalletProvider } from './wallet-provider.ts';
import { trackLater } from '../../api/track-later.ts';

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

export type WalletPause = 'pending' | 'elsewhere' | null;

/** Until settled or set aside, never by the clock alone. */
function pauseOf(pending: PendingPayment | null, elsewhere: boolean): WalletPause {
  if (pending) return 'pending';
  return elsewhere ? 'elsewhere' : null;
}

const ELSEWHERE = 'A payment for this cart is already in progress in another tab.';

/** A capture never hands its lock back to a button that has gone. */
const mounted = new Set<string>();

export interface WalletFlow {
  disabled: boolean;
  pause: WalletPause;
  /** False: this click must not open the wallet. */
  begin(): boolean;
  createOrder(): Promise<string>;
  /** Declined by the instrument: the button stays on, and its next press asks again for the same order. */
  approve(walletOrderId: string): Promise<void>;
  cancel(): void;
  error(error: unknown): void;
}

export function useWalletFlow(owner: string, props: WalletButtonProps, provider: WalletProvider): WalletFlow {
  const { placement, pays, rules } = props;
  const attempt = useStore($attempt);
  const cart = useStore($cart);
  const pause = pauseOf(useStore($pending), useStore($payingElsewhere));
  const nothingToPay = payableLines(cart, pays).length === 0;
  const declined = attempt?.owner === owner && attempt.stage === 'declined';

  useEffect(watchOtherTabs, []);
  // A button gone mid-attempt (drawer closed) must not leave the others disabled; an approved capture goes on.
  useEffect(() => {
    mounted.add(owner);
    return () => {
      mounted.delete(owner);
      const mine = attemptOf(owner);
      if (mine && mine.stage !== 'paying' && mine.stage !== 'redirecting') endAttempt(mine);
      if ($captureShownBy.get() === owner) $captureShownBy.set(null);
    };
  }, [owner]);

  const fail = (message: WalletMessage) =>
    showNotice({ owner, tone: message.kind, title: message.title, detail: message.detail });

  return {
    disabled: (attempt !== null && !declined) || nothingToPay || pause !== null,
    pause,

    begin() {
      if (attemptOf(owner)?.stage === 'declined') return true;
      const lines = payableLines($cart.get(), pays);
      if (lines.length === 0 || pauseOf($pending.get(), $payingElsewhere.get()) || !beginAttempt(owner)) return false;
      const onCheckoutPage = placement === 'checkout' || window.location.pathname.replace(/\/+$/, '') === '/checkout';
      const event = onCheckoutPage ? undefined : checkoutStartEvent(lines);
      if (event) trackLater('CHECKOUT_START', event.productId, event.value);
      return true;
    },

    async createOrder() {
      const attempt = attemptOf(owner) ?? beginAttempt(owner);
      if (!attempt) throw new Error('Another payment is already in progress on this page.');
      if (attempt.stage === 'declined' && attempt.intentId) {
        updateAttempt(attempt, { stage: 'approving' });
        clearNotice(owner);
        return attempt.intentId;
      }
      showNotice({ owner, tone: 'progress', title: `Preparing your ${provider.name} checkout…` });
      try {
        if (!attempt.release) {
          const release = await takePaymentLock();
          if (!release) throw new WalletFlowError(createFailed(provider.name, ELSEWHERE));
          updateAttempt(attempt, { release });
        }
        // Another tab may have had a payment approved since this page last looked.
        if (pauseOf(rereadPending(), false)) {
          throw new WalletFlowError(
            createFailed(provider.name, 'An approved payment for this cart is still being confirmed.'),
          );
        }
        const lines = payableLines($cart.get(), pays);
        const started = await startPayment(
          await paymentApi(),
          lines,
          attempt.idempotencyKey,
          config.currency,
          provider,
        );
        updateAttempt(attempt, { stage: 'approving', lines, ...started });
        prerender('thank-you');
        const differs = chargeNotice(cartTotals(lines, rules).total, started.charge, provider.name);
        if (differs)
          showNotice({ owner, tone: 'info', title: 'Check the amount before you approve.', detail: differs });
        else clearNotice(owner);
        return started.intentId;
      } catch (error) {
        fail(error instanceof WalletFlowError ? error.notice : createFailed(provider.name, describeError(error)));
        endAttempt(attempt);
        throw error;
      }
    },

    async approve(walletOrderId) {
      const attempt = attemptOf(owner);
      if (!attempt?.orderId || !attempt.lines?.length) {
        fail(paymentFailed('This payment is no longer in progress. Please try again.'));
        return;
      }
      // Kept before the money may move: anything that follows resumes this capture, never a second order.
      const payment = approvalRecord(
        {
          orderId: attempt.orderId,
          intentId: walletOrderId || attempt.intentId || '',
          lines: [...attempt.lines],
          order: { ...(attempt.order ?? {}), id: attempt.orderId },
          wallet: provider.id,
        },
        { now: Date.now, newKey: newCaptureKey },
      );
      clearNotice(owner);
      $captureShownBy.set(owner);
      const outcome = await confirmApproval(payment, attempt, () => mounted.has(owner));
      if (outcome === 'restart' && !mounted.has(owner)) {
        endAttempt(attempt);
        showDeclined(payment.orderId);
        return;
      }
      if (outcome === 'restart') {
        updateAttempt(attempt, { stage: 'declined' });
        showNotice({
          owner,
          tone: 'info',
          title: 'Your payment method was declined.',
          detail: `Press the ${provider.name} button again to choose another way to pay for the same order.`,
        });
        return;
      }
      if (outcome !== 'paid' && outcome !== 'pending') endAttempt(attempt);
    },

    cancel() {
      const attempt = attemptOf(owner);
      // A late cancel must not give back the lock the capture holds: another tab could capture at once.
      if (attempt?.stage === 'paying' || attempt?.stage === 'redirecting') return;
      if (attempt) endAttempt(attempt);
      withdrawPrerender('thank-you');
      showNotice({
        owner,
        tone: 'info',
        title: 'Payment cancelled.',
        detail: 'Your cart has been kept, so you can pay whenever you are ready.',
      });
    },

    error(error) {
      console.error('Wallet: the payment did not go through.', error);
      const attempt = attemptOf(owner);
      // No attempt: createOrder showed it already. Once approved, the capture decides, not the SDK.
      if (!attempt || attempt.stage === 'paying' || attempt.stage === 'redirecting') return;
      showNotice({ owner, tone: 'payment-failed', title: PAYMENT_FAILED, detail: describeError(error) });
      endAttempt(attempt);
      withdrawPrerender('thank-you');
    },
  };
}
