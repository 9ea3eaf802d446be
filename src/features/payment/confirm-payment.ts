// The page's settler (settle.ts) with the browser's parts: the typed client's capture call, localStorage, Web Locks
// and the real clock. Paid (or held for review): the receipt is kept, the paid lines leave the cart, the
// confirmation page opens. Used right after the approval and to resume one after a reload, in another tab or on a
// later visit; Try again and setting the payment aside go through it too.
import { atom } from 'nanostores';
import { getApi } from '../../api/client.ts';
import { newCaptureKey, verdictOf, type CaptureVerdict } from './capture.ts';
import { processRequest, thankYouPath } from './start-payment.ts';
import { updateAttempt, type Attempt } from './attempt.ts';
import { $payingElsewhere, takePaymentLock, webLocks } from './payment-lock.ts';
import { pendingRecords } from './pending-store.ts';
import type { PendingPayment } from './pending-payment.ts';
import { createSettler, type CaptureState, type SettleResult, type Settler } from './settle.ts';

export type { CaptureState } from './settle.ts';

/** This tab's part in settling the cart's pending payment. */
export const $capture = atom<CaptureState>({ phase: 'idle' });

/** Owner (wallet button id) whose button shows the capture's state; the page banner shows it otherwise. */
export const $captureShownBy = atom<string | null>(null);

/** Set while the confirmation page is opening: the attempt, if any, is told so. */
let leaving: Attempt | undefined;

async function capture(payment: PendingPayment, signal: AbortSignal): Promise<CaptureVerdict> {
  const api = await getApi().catch(() => undefined);
  if (!api) return { kind: 'unknown', detail: 'The payment code could not be loaded. Check your connection.' };
  return verdictOf(
    api
      .POST('/orders/{id}/process-payment', {
        params: { path: { id: payment.orderId }, header: { 'Idempotency-Key': payment.captureKey } },
        body: processRequest(payment.intentId),
        signal,
      })
      .then((answer) => answer.data),
  );
}

async function leaveForConfirmation(payment: PendingPayment, review: boolean): Promise<void> {
  if (leaving) updateAttempt(leaving, { stage: 'redirecting' });
  // The confirmation page shows the order from what this browser keeps: a shopper has no token to read it back
  // from the backend. A receipt that cannot be kept costs the details on that page, never the redirect.
  await import('../thank-you/receipt-store.ts').then(
    ({ keepPaidOrder }) => keepPaidOrder(payment.order, payment.lines, review),
    (error: unknown) => console.warn('Receipts: could not keep the order in this browser.', error),
  );
  // The paid lines leave the cart, and only then is the payment forgotten: if the cart's code cannot load, the
  // payment stays pending (every wallet paused, so the lines cannot be paid twice) and the next page finishes this.
  await import('../cart/actions.ts').then(
    ({ removePaidItems }) => {
      removePaidItems(payment.lines);
      pendingRecords.remove(payment.orderId);
    },
    (error: unknown) =>
      console.warn('Wallet: the paid lines are still in the cart; the next page removes them.', error),
  );
  window.location.assign(thankYouPath(payment.orderId));
}

let settler: Settler | undefined;

function theSettler(): Settler {
  settler ??= createSettler({
    tab: crypto.randomUUID?.() ?? `${Date.now()}-${Math.random()}`,
    capture,
    records: pendingRecords,
    ...(webLocks() ? { takeLock: takePaymentLock } : {}),
    now: Date.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    timeout: (ms) => AbortSignal.timeout(ms),
    newKey: newCaptureKey,
    finish: leaveForConfirmation,
    show: (state) => $capture.set(state),
  });
  return settler;
}

if (typeof window !== 'undefined') {
  // Back from /thank-you, the browser may restore this page as it left it: its capture is over.
  window.addEventListener('pageshow', (event) => event.persisted && $capture.set({ phase: 'idle' }));
  // A payment left unconfirmed is tried again by itself when the connection comes back or the shopper returns to
  // the tab: the same order, so nothing can be charged twice.
  const again = () => {
    if (document.visibilityState === 'visible' && $capture.get().phase === 'unconfirmed') void resumePayment();
  };
  window.addEventListener('online', again);
  document.addEventListener('visibilitychange', again);
}
// The other tab is done: settled (the pending payment is gone) or out of tries (it stays, with Try again here).
$payingElsewhere.listen((elsewhere) => {
  if (!elsewhere && $capture.get().phase === 'elsewhere') $capture.set({ phase: 'idle' });
});

const quietly = (work: Promise<SettleResult>) =>
  work.catch((error: unknown) => {
    console.error('Wallet: the capture stopped unexpectedly.', error);
    return 'unknown' as const;
  });

/**
 * Settles `payment`, just approved on this page in `attempt` (which holds the cart's lock). After a decline the
 * wallet can restart (`canRestart`) the attempt goes on; otherwise it is over, its lock the settler's. Never rejects.
 */
export async function confirmApproval(
  payment: PendingPayment,
  attempt: Attempt,
  canRestart: boolean,
): Promise<SettleResult> {
  leaving = attempt;
  updateAttempt(attempt, { stage: 'paying', orderId: payment.orderId });
  const result = await quietly(
    theSettler().approved(payment, { ...(attempt.release ? { release: attempt.release } : {}), canRestart }),
  );
  leaving = undefined;
  if (result !== 'declined' || !canRestart) updateAttempt(attempt, { release: () => undefined });
  return result;
}

/** Resumes the pending payment this browser keeps, if any (the page banner, on load). */
export const resumePayment = () => quietly(theSettler().resume());

/** Try again: the same order, asked under a new key, so no answer kept for an earlier try can stand in. */
export const retryCapture = () => void quietly(theSettler().tryAgain());

/** The shopper, warned that it may have gone through, sets the payment aside: one last try, then the wallets work. */
export function abandonPending(orderId: string): void {
  console.warn(`Wallet: the shopper set aside the unconfirmed payment of order ${orderId}; one last try first.`);
  void quietly(theSettler().setAside(orderId));
}

/** Forgets a shown outcome (the shopper dismissed it). */
export function dismissCapture(): void {
  const state = $capture.get();
  if (state.phase === 'declined' || state.phase === 'refused') $capture.set({ phase: 'idle' });
}
