// Whether this browser holds an approved payment awaiting confirmation, and when that changes (recovery.ts).
import { config } from '../../../config.ts';

/** One pending payment per cart: the key names the cart's product. */
export const PENDING_PAYMENT_KEY = `haven-payment:v1:${config.productLink}`;
/** Storage events reach other tabs only. */
const CHANGED = 'haven:pending-payment';

/** A payment storage refused, which this page holds in memory (store.ts). */
let heldHere = false;

export function hasPendingPayment(): boolean {
  if (heldHere) return true;
  try {
    return localStorage.getItem(PENDING_PAYMENT_KEY) !== null;
  } catch {
    return false;
  }
}

/** Calls `listener` whenever it may have changed, in any tab. */
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

/** `inMemory`: whether this page now holds a payment storage refused. */
export function announcePendingChange(inMemory: boolean): void {
  heldHere = inMemory;
  window.dispatchEvent(new Event(CHANGED));
}
