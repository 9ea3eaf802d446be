// The page's settler (settle.ts) with the browser's parts.
import { atom } from 'nanostores';
import { getApi } from '../../../api/client.ts';
import { config } from '../../../config.ts';
import { newCaptureKey, statusVerdictOf, verdictOf, type CaptureVerdict } from './capture.ts';
import { paidCartLines } from '../wallet/pays.ts';
import { processRequest } from './capture.ts';
import { thankYouPath } from '../../../lib/pages.ts';
import { randomId } from '../../../lib/random-id.ts';
import { $payingElsewhere, takePaymentLock, webLocks } from '../record/lock.ts';
import { pendingRecords } from '../record/store.ts';
import type { PendingPayment } from '../record/pending.ts';
import { createSettler, type CaptureState, type Paid, type SettleResult, type Settler } from './settle.ts';
import { href } from '../../../lib/href.ts';
import { inBackground } from '../../../browser/leaving.ts';

export type { CaptureState } from './settle.ts';

export const $capture = atom<CaptureState>({ phase: 'idle' });

/** The wallet button showing the capture's state, else the banner does. */
export const $captureShownBy = atom<string | null>(null);

let leaving: (() => void) | undefined;

async function capture(payment: PendingPayment, signal: AbortSignal): Promise<CaptureVerdict> {
  const api = await getApi().catch(() => undefined);
  if (!api) return { kind: 'unknown', detail: 'The payment code could not be loaded. Check your connection.' };
  const { wallet } = payment;
  return verdictOf(
    api
      .POST('/orders/{id}/process-payment', {
        params: { path: { id: payment.orderId }, header: { 'Idempotency-Key': payment.captureKey } },
        body: processRequest(payment.intentId, wallet.id),
        signal,
      })
      .then((answer) => answer.data),
    wallet.name,
  );
}

async function paymentStatus(payment: PendingPayment, signal: AbortSignal): Promise<CaptureVerdict> {
  const api = await getApi().catch(() => undefined);
  if (!api) return { kind: 'unknown', detail: 'The payment code could not be loaded. Check your connection.' };
  return statusVerdictOf(
    api
      .GET('/orders/{id}/payment-status', { params: { path: { id: payment.orderId } }, signal })
      .then((answer) => answer.data),
    payment.wallet.name,
    payment.orderId,
  );
}

async function leaveForConfirmation(payment: PendingPayment, paid: Paid): Promise<void> {
  leaving?.();
  const outcome = {
    review: paid.kind === 'pending',
    charged: paid.charged,
    currency: paid.currency,
    shopCurrency: config.currency.toUpperCase(),
    wallet: payment.wallet.name,
  };
  // A receipt that cannot be kept costs the details, never the redirect.
  await import('../../thank-you/receipt-store.ts').then(
    ({ keepPaidOrder }) => keepPaidOrder(payment.order, payment.lines, outcome),
    (error: unknown) => console.warn('Receipts: could not keep the order in this browser.', error),
  );
  // Forgotten only once the paid lines left the cart: else it stays pending and wallets paused.
  await import('../../cart/actions.ts').then(
    ({ removePaidItems }) => {
      removePaidItems(paidCartLines(payment.order, payment.lines));
      pendingRecords.remove(payment.orderId);
    },
    (error: unknown) =>
      console.warn('Wallet: the paid lines are still in the cart; the next page removes them.', error),
  );
  window.location.assign(href(thankYouPath(payment.orderId)));
}

let settler: Settler | undefined;

function theSettler(): Settler {
  settler ??= createSettler({
    tab: randomId(),
    capture,
    paymentStatus,
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
  // Unconfirmed is tried again when the connection or the shopper comes back.
  const again = () => {
    if (document.visibilityState === 'visible' && $capture.get().phase === 'unconfirmed') void resumePayment();
  };
  window.addEventListener('online', again);
  document.addEventListener('visibilitychange', again);
}
/** While this page alone holds an approved payment, leaving asks first. */
const askBeforeLeaving = (event: BeforeUnloadEvent) => event.preventDefault();
$capture.subscribe((state) => {
  if (typeof window === 'undefined') return;
  const alone = (state.phase === 'confirming' || state.phase === 'unconfirmed') && !state.kept;
  // Only meanwhile: some browsers keep no page with the listener in their back/forward cache.
  if (alone) window.addEventListener('beforeunload', askBeforeLeaving);
  else window.removeEventListener('beforeunload', askBeforeLeaving);
});

// The other tab is done: settled (the pending payment is gone) or out of tries (it stays, with Try again here).
$payingElsewhere.listen((elsewhere) => {
  if (!elsewhere && $capture.get().phase === 'elsewhere') $capture.set({ phase: 'idle' });
});

const quietly = (work: Promise<SettleResult>) =>
  work.catch((error: unknown) => {
    console.error('Wallet: the capture stopped unexpectedly.', error);
    return 'unknown' as const;
  });

/** The lock is the settler's from here, unless it hands it back for a restart. */
export async function confirmApproval(
  payment: PendingPayment,
  release: (() => void) | undefined,
  canRestart: () => boolean,
  redirecting: () => void,
): Promise<SettleResult> {
  leaving = redirecting;
  // Loaded during the capture, not after its answer.
  inBackground(import('../../thank-you/receipt-store.ts'));
  inBackground(
    import('../../thank-you/receipt-ahead.ts').then(({ announceReceipt }) =>
      announceReceipt(payment.order, payment.lines, payment.wallet.name),
    ),
  );
  inBackground(import('../../cart/actions.ts'));
  const result = await quietly(theSettler().approved(payment, { ...(release ? { release } : {}), canRestart }));
  leaving = undefined;
  return result;
}

export const resumePayment = () => quietly(theSettler().resume());

export const retryCapture = () => void quietly(theSettler().tryAgain());

/** The shopper's warned choice: one last try, then the wallets work. */
export function abandonPending(orderId: string): void {
  console.warn(`Wallet: the shopper set aside the unconfirmed payment of order ${orderId}; one last try first.`);
  void quietly(theSettler().setAside(orderId));
}

export function showDeclined(orderId: string, step: boolean): void {
  $capture.set({ phase: 'declined', orderId, detail: '', ...(step ? { step: true } : {}) });
}

export function dismissCapture(): void {
  const state = $capture.get();
  if (state.phase === 'declined' || state.phase === 'refused') $capture.set({ phase: 'idle' });
}
