// The wallet's callbacks (the payment flow) bound to the typed client, the cart and the page's attempt store.
// The decisions themselves live in src/features/wallet/paypal-flow.ts; this file wires them to the SDK's callbacks.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { PayPalButtonsComponentProps } from '@paypal/react-paypal-js';
import { config } from '../../config.ts';
import {
  PAYMENT_FAILED,
  WalletFlowError,
  checkoutStartEvent,
  completePayment,
  createFailed,
  describeError,
  payableLines,
  paymentFailed,
  startPayment,
  thankYouPath,
  type Choice,
  type PaymentApi,
  type WalletMessage,
} from './paypal-flow.ts';
import { getApi } from '../../stores/api.ts';
import { $cart } from '../cart/store.ts';
import { $attempt, attemptOf, beginAttempt, clearNotice, endAttempt, showNotice, updateAttempt } from './attempt.ts';
import type { WalletPlacement } from './wallet-props.ts';

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
    processPayment: async (id, body) =>
      (await api.POST('/orders/{id}/process-payment', { params: { path: { id } }, body })).data,
  };
}

export interface WalletFlow extends Callbacks {
  /** True while any wallet attempt is in flight on the page, or when there is nothing to pay for. */
  disabled: boolean;
}

export function useWalletFlow(owner: string, placement: WalletPlacement, selection?: Choice): WalletFlow {
  const attempt = useStore($attempt);
  const cart = useStore($cart);
  const nothingToPay = payableLines(cart, selection).length === 0;

  // A button that goes away mid-attempt (its drawer closed) must not leave the others disabled.
  useEffect(
    () => () => {
      const mine = attemptOf(owner);
      if (mine && mine.stage !== 'redirecting') endAttempt(mine);
    },
    [owner],
  );

  const fail = (message: WalletMessage) =>
    showNotice({ owner, tone: message.kind, title: message.title, detail: message.detail });

  return {
    disabled: attempt !== null || nothingToPay,

    onClick: (_data, actions) => {
      const lines = payableLines($cart.get(), selection);
      // Real PayPal buttons still call onClick while disabled: refusing here is what keeps one attempt per page.
      if (lines.length === 0 || !beginAttempt(owner)) return actions.reject();
      // CHECKOUT_START (docs/requirements.md, "Analytics"): a wallet flow started on the product page or in the cart drawer
      // starts a checkout; on /checkout (its own button or the drawer's) the opening of the page already counted
      // it. Fire-and-forget.
      const onCheckoutPage = placement === 'checkout' || window.location.pathname.replace(/\/+$/, '') === '/checkout';
      const event = onCheckoutPage ? undefined : checkoutStartEvent(lines);
      if (event)
        void import('../../stores/analytics.ts').then(({ track }) =>
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
        const lines = payableLines($cart.get(), selection);
        const started = await startPayment(await paymentApi(), lines, attempt.idempotencyKey, config.currency);
        updateAttempt(attempt, { stage: 'approving', lines, ...started });
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
      if (!attempt?.orderId) {
        fail(paymentFailed('This payment is no longer in progress. Please try again.'));
        return;
      }
      updateAttempt(attempt, { stage: 'paying' });
      showNotice({ owner, tone: 'progress', title: 'Processing your payment…' });
      try {
        const outcome = await completePayment(
          await paymentApi(),
          attempt.orderId,
          data.orderID || attempt.intentId || '',
        );
        if (outcome === 'declined') {
          updateAttempt(attempt, { stage: 'approving' });
          showNotice({
            owner,
            tone: 'info',
            title: 'Your payment method was declined.',
            detail: 'Please choose another way to pay in the PayPal window.',
          });
          actions.restart();
          return;
        }
        updateAttempt(attempt, { stage: 'redirecting' });
        showNotice({ owner, tone: 'progress', title: 'Payment complete. Taking you to your order confirmation…' });
        // The confirmation page shows the order from what this browser keeps: a shopper has no token to read it
        // back from the backend. A receipt that cannot be kept costs the details on that page, never the redirect.
        // Loaded here, not with the button: its storage checker would otherwise be listed on every page.
        await import('../thank-you/receipt-store.ts').then(
          ({ keepPaidOrder }) => keepPaidOrder(attempt.order ?? { id: attempt.orderId }, attempt.lines ?? []),
          (error: unknown) => console.warn('Receipts: could not keep the order in this browser.', error),
        );
        // Loaded on use like on the product page: static and dynamic imports of one module cost every page a
        // namespace helper chunk.
        const { removePaidItems } = await import('../cart/actions.ts');
        removePaidItems(attempt.lines ?? []);
        window.location.assign(thankYouPath(attempt.orderId));
      } catch (error) {
        fail(error instanceof WalletFlowError ? error.notice : paymentFailed(describeError(error)));
        endAttempt(attempt);
      }
    },

    onCancel: () => {
      const attempt = attemptOf(owner);
      if (attempt) endAttempt(attempt);
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
      // No attempt left means the failure was already shown (createOrder reports its own).
      if (!attempt) return;
      showNotice({ owner, tone: 'payment-failed', title: PAYMENT_FAILED, detail: describeError(error) });
      endAttempt(attempt);
    },
  };
}
