// Confirms an approved payment: the capture, retried while its outcome is unknown (capture.ts), then what each
// outcome means for the shopper. Paid: the receipt is kept, the paid lines leave the cart, the confirmation page
// opens. Declined or refused: nothing was taken, the pending payment is forgotten. Still unknown after the tries:
// the pending payment stays in storage, every wallet button of the cart stays paused, and "Try again" runs the
// same capture. Used right after the approval and to resume one after a reload, in another tab or a later visit.
import { atom } from 'nanostores';
import { getApi } from '../../api/client.ts';
import { captureUntilKnown, type CaptureOutcome } from './capture.ts';
import { processRequest, thankYouPath } from './paypal-flow.ts';
import { $attempt, beginAttempt, endAttempt, updateAttempt, type Attempt } from './attempt.ts';
import { $payingElsewhere, takePaymentLock } from './payment-lock.ts';
import { dropPending, rereadPending } from './pending-store.ts';
import type { PendingPayment } from './pending-payment.ts';

export type CaptureState =
  | { phase: 'idle' }
  /** A try is out, or the next one is waiting; `retrying` once a try has failed. */
  | { phase: 'confirming'; orderId: string; retrying: boolean }
  /** Another tab of this browser is confirming it. */
  | { phase: 'elsewhere'; orderId: string }
  /** The tries ran out without an answer: the payment may or may not have been taken. */
  | { phase: 'unconfirmed'; orderId: string; detail: string }
  | { phase: 'paid'; orderId: string }
  /** Nothing was taken: the payment method was declined (a resumed capture has no wallet window to go back to). */
  | { phase: 'declined'; orderId: string; detail: string }
  /** Nothing was taken: the backend said no for good. */
  | { phase: 'refused'; orderId: string; detail: string };

/** This tab's part in confirming the cart's pending payment. */
export const $capture = atom<CaptureState>({ phase: 'idle' });

/** Owner (wallet button id) whose button shows the capture's state; the page banner shows it otherwise. */
export const $captureShownBy = atom<string | null>(null);

if (typeof window !== 'undefined') {
  // Back from /thank-you, the browser may restore this page as it left it: its capture is over.
  window.addEventListener('pageshow', (event) => event.persisted && $capture.set({ phase: 'idle' }));
}
// The other tab is done: settled (the pending payment is gone) or out of tries (it stays, with Try again here).
$payingElsewhere.listen((elsewhere) => {
  if (!elsewhere && $capture.get().phase === 'elsewhere') $capture.set({ phase: 'idle' });
});

/** The attempt this capture belongs to: the one that was approved on this page, or a new one for a resume. */
function attemptFor(given: Attempt | undefined): Attempt | null {
  if (given) return $attempt.get()?.id === given.id ? given : null;
  return beginAttempt('resume');
}

async function leaveForConfirmation(payment: PendingPayment, attempt: Attempt): Promise<void> {
  updateAttempt(attempt, { stage: 'redirecting' });
  $capture.set({ phase: 'paid', orderId: payment.orderId });
  // The confirmation page shows the order from what this browser keeps: a shopper has no token to read it back
  // from the backend. A receipt that cannot be kept costs the details on that page, never the redirect.
  await import('../thank-you/receipt-store.ts').then(
    ({ keepPaidOrder }) => keepPaidOrder(payment.order, payment.lines),
    (error: unknown) => console.warn('Receipts: could not keep the order in this browser.', error),
  );
  // The paid lines leave the cart, and only then is the payment forgotten: if the cart's code cannot load, the
  // payment stays pending (every wallet paused, so the lines cannot be paid twice) and the next page finishes this.
  await import('../cart/actions.ts').then(
    ({ removePaidItems }) => {
      removePaidItems(payment.lines);
      dropPending(payment.orderId);
    },
    (error: unknown) =>
      console.warn('Wallet: the paid lines are still in the cart; the next page removes them.', error),
  );
  window.location.assign(thankYouPath(payment.orderId));
}

export interface ConfirmOptions {
  /** The attempt approved on this page (it holds the payment lock); none for a resume. */
  attempt?: Attempt;
  /** The wallet window is still there: a declined method goes back to it instead of ending the payment. */
  canRestart?: boolean;
}

/**
 * Confirms `payment` and acts on the outcome; resolves with it ('elsewhere' when another tab is confirming it,
 * 'settled' when there was nothing left to confirm). Never rejects.
 */
export async function confirmPayment(
  payment: PendingPayment,
  { attempt: given, canRestart = false }: ConfirmOptions = {},
): Promise<CaptureOutcome['kind'] | 'elsewhere' | 'settled' | 'busy'> {
  const attempt = attemptFor(given);
  if (!attempt) return 'busy';
  if (!attempt.release) {
    const release = await takePaymentLock();
    if (!release) {
      endAttempt(attempt);
      $capture.set({ phase: 'elsewhere', orderId: payment.orderId });
      return 'elsewhere';
    }
    updateAttempt(attempt, { release });
  }
  // Another tab may have settled it while this one waited for the lock.
  if (rereadPending()?.orderId !== payment.orderId) {
    endAttempt(attempt);
    $capture.set({ phase: 'idle' });
    return 'settled';
  }
  updateAttempt(attempt, { stage: 'paying', orderId: payment.orderId });
  $capture.set({ phase: 'confirming', orderId: payment.orderId, retrying: false });
  const api = await getApi().catch(() => undefined);
  const outcome: CaptureOutcome = api
    ? await captureUntilKnown(
        async (signal) =>
          (
            await api.POST('/orders/{id}/process-payment', {
              params: { path: { id: payment.orderId }, header: { 'Idempotency-Key': payment.captureKey } },
              body: processRequest(payment.intentId),
              signal,
            })
          ).data,
        { onRetry: () => $capture.set({ phase: 'confirming', orderId: payment.orderId, retrying: true }) },
      )
    : { kind: 'unknown', detail: 'The payment code could not be loaded. Check your connection and try again.' };

  switch (outcome.kind) {
    case 'paid':
      await leaveForConfirmation(payment, attempt);
      return 'paid';
    case 'declined':
      dropPending(payment.orderId);
      // Back to the wallet window, still within this attempt (and its lock).
      if (canRestart) {
        $capture.set({ phase: 'idle' });
        return 'declined';
      }
      $capture.set({ phase: 'declined', orderId: payment.orderId, detail: outcome.detail });
      break;
    case 'refused':
      dropPending(payment.orderId);
      $capture.set({ phase: 'refused', orderId: payment.orderId, detail: outcome.detail });
      break;
    case 'unknown':
      $capture.set({ phase: 'unconfirmed', orderId: payment.orderId, detail: outcome.detail });
      break;
  }
  endAttempt(attempt);
  return outcome.kind;
}

/** Runs the same capture again (another tab may have settled it meanwhile: then there is nothing to do). */
export function retryCapture(): void {
  const payment = rereadPending();
  if (payment) void confirmPayment(payment);
  else $capture.set({ phase: 'idle' });
}

if (typeof window !== 'undefined') {
  // A payment left unconfirmed is tried again by itself when the connection comes back or the shopper returns to
  // the tab: the same capture, so nothing can be charged twice.
  const again = () => {
    if (document.visibilityState === 'visible' && $capture.get().phase === 'unconfirmed') retryCapture();
  };
  window.addEventListener('online', again);
  document.addEventListener('visibilitychange', again);
}

/** The shopper sets the pending payment aside, having been told it may have gone through: wallets work again. */
export function abandonPending(orderId: string): void {
  console.warn(`Wallet: the shopper set aside the unconfirmed payment of order ${orderId}.`);
  dropPending(orderId);
  $capture.set({ phase: 'idle' });
}

/** Forgets a shown outcome (the shopper dismissed it). */
export function dismissCapture(): void {
  const state = $capture.get();
  if (state.phase === 'declined' || state.phase === 'refused') $capture.set({ phase: 'idle' });
}
