// Whether this browser holds an approved payment awaiting confirmation, and when that changes: all the page's
// payment banner needs at first load (recovery.ts), without the code that reads and checks the payment.
import { config } from '../../config.ts';

/** One pending payment per cart, so the key names the cart's product, as the cart's own key does. */
export const PENDING_PAYMENT_KEY = `haven-payment:v1:${config.productLink}`;
/** Dispatched on window when this tab keeps or drops the pending payment (storage events reach other tabs only). */
const CHANGED = 'haven:pending-payment';

export function hasPendingPayment(): boolean {
  try {
    return localStorage.getItem(PENDING_PAYMENT_KEY) !== null;
  } catch {
    return false; // storage that refuses access holds nothing
  }
}

/** Calls `listener` whenever the pending payment may have changed, in this tab or another; returns a stop. */
export function onPendingChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === PENDING_PAYMENT_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGED, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGED, listener);
  };
}

export function announcePendingChange(): void {
  window.dispatchEvent(new Event(CHANGED));
}
