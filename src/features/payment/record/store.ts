// The approved payment not yet settled, shared by every tab: while it is there, no wallet starts a new order.
import { atom } from 'nanostores';
import { decodePending, encodePending, type PendingPayment, type RecordStore } from './pending.ts';
import { onActivation } from '../../../browser/activation.ts';
import { announcePendingChange, onPendingChange, PENDING_PAYMENT_KEY as KEY } from './signal.ts';

/** The record storage refused: this page holds it alone. */
let unkept: PendingPayment | null = null;

function read(): PendingPayment | null | 'unreadable' {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return 'unreadable';
  }
  const { payment, problem } = decodePending(raw);
  if (problem) console.warn(`Wallet: ignoring "${KEY}": ${problem}.`);
  return payment;
}

function view(): PendingPayment | null {
  const stored = read();
  return stored === 'unreadable' ? unkept : (stored ?? unkept);
}

export const $pending = atom<PendingPayment | null>(typeof window === 'undefined' ? null : view());

if (typeof window !== 'undefined') {
  onPendingChange(() => $pending.set(view()));
  // A page restored from the back/forward cache missed the storage events of its time away.
  window.addEventListener('pageshow', (event) => event.persisted && $pending.set(view()));
  // So did a prerendered page.
  onActivation(() => $pending.set(view()));
}

/** Another tab may have settled it a moment ago. */
export function rereadPending(): PendingPayment | null {
  const payment = view();
  $pending.set(payment);
  return payment;
}

export const pendingRecords: RecordStore = {
  read,
  write(payment) {
    let kept = true;
    try {
      localStorage.setItem(KEY, encodePending(payment));
    } catch (error) {
      kept = false;
      console.warn('Wallet: could not keep the approved payment in this browser; this page confirms it alone.', error);
    }
    unkept = kept ? null : payment;
    $pending.set(view());
    announcePendingChange(unkept !== null);
    return kept;
  },
  remove(orderId, approvedAt) {
    const stored = read();
    const same = (p: PendingPayment | null) => p?.orderId === orderId && (!approvedAt || p.approvedAt === approvedAt);
    if (stored !== 'unreadable' && same(stored)) {
      try {
        localStorage.removeItem(KEY);
      } catch {
        /* storage that refuses access holds nothing to remove */
      }
    }
    if (same(unkept)) unkept = null;
    $pending.set(view());
    announcePendingChange(unkept !== null);
  },
};
