// Paid orders kept in this browser; storage blocked, full or corrupt costs the receipt, never the page.
import { decodeReceipts, encodeReceipts, RECEIPTS_STORAGE_KEY, withReceipt } from './receipt-storage.ts';
import { paidOrder, type KeptOrder, type PaymentOutcome, type ShownLine } from './receipt.ts';

function readAll(): KeptOrder[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(RECEIPTS_STORAGE_KEY);
  } catch {
    return []; // some privacy modes throw on mere access
  }
  const { orders, problem } = decodeReceipts(raw);
  if (problem) console.warn(`Receipts: ignoring part of "${RECEIPTS_STORAGE_KEY}": ${problem}.`);
  return orders;
}

export function findReceipt(orderId: string): KeptOrder | undefined {
  return readAll().find((o) => o.id === orderId);
}

/** As the most recent one; a refusal costs a warning. */
export function keepReceipt(order: KeptOrder): void {
  try {
    localStorage.setItem(RECEIPTS_STORAGE_KEY, encodeReceipts(withReceipt(readAll(), order)));
  } catch (error) {
    console.warn('Receipts: could not keep the order in this browser.', error);
  }
}

export function keepPaidOrder(created: unknown, lines: readonly ShownLine[], outcome: PaymentOutcome): void {
  const order = paidOrder(created, lines, new Date(), outcome);
  if (order) keepReceipt(order);
  else console.warn('Receipts: the order answer has no order id; nothing is kept.', created);
}
