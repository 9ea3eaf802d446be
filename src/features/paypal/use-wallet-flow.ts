// The wallet's callbacks (the payment flow) bound to the typed client, the cart and the page's attempt store.
// The decisions themselves live in the payment core (start-payment.ts before approval, settle.ts after it); this
// file wires them to PayPal's callbacks. Before the buyer approves, any failure ends the attempt and the next click starts
// over. From the approval on, the payment is kept in storage and confirmed (confirm-payment.ts), never restarted.
import { prerender, withdrawPrerender } from '../../browser/prerender.ts';
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { PayPalButtonsComponentProps } from '@paypal/react-paypal-js';
import { config } from '../../config.ts';
import {
  PAYMENT_FAILED,
  WalletFlowError,
  checkoutStartEvent,
  createFailed,
  describeError,
  payableLines,
  paymentFailed,
  startPayment,
  type Choice,
  type PaymentApi,
  type WalletMessage,
} from '../payment/start-payment.ts';
import type { WalletPlacement } from './sdk-options.ts';
import { getApi } from '../../api/client.ts';
import { $cart } from '../cart/store.ts';
import {
  $attempt,
  attemptOf,
  beginAttempt,
  clearNotice,
  endAttempt,
  showNotice,
  updateAttempt,
} from '../payment/attempt.ts';
import type { PendingPayment } from '../payment/pending-payment.ts';
import { $pending, rereadPending } from '../payment/pending-store.ts';
import { $payingElsewhere, takePaymentLock, watchOtherTabs } from '../payment/payment-lock.ts';
import { $captureShownBy, confirmApproval } from '../payment/confirm-payment.ts';
import { newCaptureKey } from '../payment/capture.ts';
import { approvalRecord } from '../payment/settle.ts';

type Callbacks = Required<
  Pick<PayPalButtonsComponentProps, 'onClick' | 'createOrder' | 'onApprove' | 'onCancel' | 'onError'>
>;

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

/** Why every wallet button of the cart is paused: an approved payment awaits confirmation, or another tab pays. */
export type WalletPause = 'pending' | 'elsewhere' | null;

/** A pending payment pauses the wallets until it is settled (never by the clock alone), or set aside. */
function pauseOf(pending: PendingPayment | null, elsewhere: boolean): WalletPause {
  if (pending) return 'pending';
  return elsewhere ? 'elsewhere' : null;
}

const ELSEWHERE = 'A payment for this cart is already in progress in another tab.';

export interface WalletFlow extends Callbacks {
  /** True while any wallet attempt is in flight on the page, when the cart's wallets are paused, or when there is nothing to pay for. */
  disabled: boolean;
  pause: WalletPause;
}

export function useWalletFlow(owner: string, placement: WalletPlacement, selection?: Choice): WalletFlow {
  const attempt = useStore($attempt);
  const cart = useStore($cart);
  const pause = pauseOf(useStore($pending), useStore($payingElsewhere));
  const nothingToPay = payableLines(cart, selection).length === 0;

  useEffect(watchOtherTabs, []);
  // A button that goes away mid-attempt (its drawer closed) must not leave the others disabled. Once the buyer
  // has approved, the capture goes on without it, and the page's banner shows it.
  useEffect(
    () => () => {
      const mine = attemptOf(owner);
      if (mine && mine.stage !== 'paying' && mine.stage !== 'redirecting') endAttempt(mine);
      if ($captureShownBy.get() === owner) $captureShownBy.set(null);
    },
    [owner],
  );

  const fail = (message: WalletMessage) =>
    showNotice({ owner, tone: message.kind, title: message.title, detail: message.detail });

  return {
    disabled: attempt !== null || nothingToPay || pause !== null,
    pause,

    onClick: (_data, actions) => {
      const lines = payableLines($cart.get(), selection);
      // Real PayPal buttons still call onClick while disabled: refusing here is what keeps one attempt per page.
      if (lines.length === 0 || pauseOf($pending.get(), $payingElsewhere.get()) || !beginAttempt(owner)) {
        return actions.reject();
      }
      // CHECKOUT_START (docs/requirements.md#analytics): a wallet flow started on the product page or in the cart drawer
      // starts a checkout; on /checkout (its own button or the drawer's) the opening of the page already counted
      // it. Fire-and-forget.
      const onCheckoutPage = placement === 'checkout' || window.location.pathname.replace(/\/+$/, '') === '/checkout';
      const event = onCheckoutPage ? undefined : checkoutStartEvent(lines);
      if (event)
        void import('../../api/analytics.ts').then(({ track }) =>
          track('CHECKOUT_START', event.productId, event.value),
        );
      return actions.resolve();
    },

    createOrder: async () => {
      const attempt = attemptOf(owner) ?? beginAttempt(owner);
      if (!attempt) throw new Error('Another payment is already in progress on this page.');
      // Creating the order and the intent takes two round trips before the wallet window has anything to show.
      showNotice({ owner, tone: 'progress', title: 'Preparing your PayPal checkout…' });
      try {
        // One attempt per cart across tabs: the lock is held from here to the capture's outcome.
        if (!attempt.release) {
          const release = await takePaymentLock();
          if (!release) throw new WalletFlowError(createFailed(ELSEWHERE));
          updateAttempt(attempt, { release });
        }
        // Another tab may have had a payment approved since this page last looked.
        if (pauseOf(rereadPending(), false)) {
          throw new WalletFlowError(createFailed('An approved payment for this cart is still being confirmed.'));
        }
        const lines = payableLines($cart.get(), selection);
        const started = await startPayment(await paymentApi(), lines, attempt.idempotencyKey, config.currency);
        updateAttempt(attempt, { stage: 'approving', lines, ...started });
        // The buyer is in the wallet now: the confirmation is prerendered meanwhile (it reads the order id and the
        // kept receipt when it is shown, after the capture).
        prerender('thank-you');
        clearNotice(owner);
        return started.intentId;
      } catch (error) {
        fail(error instanceof WalletFlowError ? error.notice : createFailed(describeError(error)));
        endAttempt(attempt);
        throw error;
      }
    },

    onApprove: async (data, actions) => {
      const attempt = attemptOf(owner);
      if (!attempt?.orderId || !attempt.lines?.length) {
        fail(paymentFailed('This payment is no longer in progress. Please try again.'));
        return;
      }
      // From here the money may move: kept first, so that a reload, a closed tab or another tab resumes this
      // capture instead of starting a second order.
      const payment = approvalRecord(
        {
          orderId: attempt.orderId,
          intentId: data.orderID || attempt.intentId || '',
          lines: [...attempt.lines],
          order: { ...(attempt.order ?? {}), id: attempt.orderId },
        },
        { now: Date.now, newKey: newCaptureKey },
      );
      clearNotice(owner);
      $captureShownBy.set(owner);
      const outcome = await confirmApproval(payment, attempt, true);
      if (outcome === 'declined') {
        updateAttempt(attempt, { stage: 'approving' });
        showNotice({
          owner,
          tone: 'info',
          title: 'Your payment method was declined.',
          detail: 'Please choose another way to pay in the PayPal window.',
        });
        actions.restart();
      } else if (outcome !== 'paid' && outcome !== 'pending') {
        // Unconfirmed, refused or settled elsewhere: this attempt is over, whatever remains is the banner's.
        endAttempt(attempt);
      }
    },

    onCancel: () => {
      const attempt = attemptOf(owner);
      // Once approved, the capture decides: a late cancel must not end the attempt and give back the lock the
      // capture now holds, which would let another tab capture at the same time.
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

    onError: (error) => {
      console.error('Wallet: the payment did not go through.', error);
      const attempt = attemptOf(owner);
      // No attempt left means the failure was already shown (createOrder reports its own). Once approved, the
      // capture decides the outcome, not the SDK.
      if (!attempt || attempt.stage === 'paying' || attempt.stage === 'redirecting') return;
      showNotice({ owner, tone: 'payment-failed', title: PAYMENT_FAILED, detail: describeError(error) });
      endAttempt(attempt);
      withdrawPrerender('thank-you');
    },
  };
}
