// The approved payment this browser has not seen confirmed, in localStorage (pending-payment.ts has its format),
// shared by every tab: written the moment the buyer approves, removed once the backend has settled the capture.
// While it is there, no wallet button of this cart starts a new order, in any tab.
import { atom } from 'nanostores';
import { decodePending, encodePending, type PendingPayment } from './pending-payment.ts';
import { onActivation } from '../../browser/activation.ts';
import { announcePendingChange, onPendingChange, PENDING_PAYMENT_KEY as KEY } from './pending-signal.ts';

function read(): PendingPayment | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return null; // storage that refuses access keeps nothing, so there is nothing to resume
  }
  const { payment, problem } = decodePending(raw);
  if (problem) console.warn(`Wallet: ignoring "${KEY}": ${problem}.`);
  return payment;
}

/** The pending payment as storage holds it now; follows other tabs' writes. */
export const $pending = atom<PendingPayment | null>(typeof window === 'undefined' ? null : read());

if (typeof window !== 'undefined') {
  onPendingChange(() => $pending.set(read()));
  // A page restored from the back/forward cache missed the storage events of its time away.
  window.addEventListener('pageshow', (event) => event.persisted && $pending.set(read()));
  // So did a prerendered page, made before the shopper opened it.
  onActivation(() => $pending.set(read()));
}

/** Reads storage again (another tab may have settled the payment a moment ago) and returns what it holds. */
export function rereadPending(): PendingPayment | null {
  const payment = read();
  $pending.set(payment);
  return payment;
}

/**
 * Keeps an approved payment before its capture is sent. Storage that refuses it (full, blocked) still lets this
 * tab confirm it; only a resume after a reload is lost, and the warning says so.
 */
export function keepPending(payment: PendingPayment): void {
  try {
    localStorage.setItem(KEY, encodePending(payment));
  } catch (error) {
    console.warn('Wallet: could not keep the approved payment in this browser; a reload could not resume it.', error);
  }
  $pending.set(payment);
  announcePendingChange();
}

/** Forgets the pending payment of `orderId` once it is settled (never another order's, kept by another tab since). */
export function dropPending(orderId: string): void {
  if (read()?.orderId === orderId) {
    try {
      localStorage.removeItem(KEY);
    } catch {
      /* unreadable storage holds nothing */
    }
  }
  if ($pending.get()?.orderId === orderId) $pending.set(null);
  announcePendingChange();
}
