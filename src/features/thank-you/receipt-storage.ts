// The kept orders' storage format, newest first, checked entry by entry: one corrupt order hides no other.
import * as v from 'valibot';
import type { KeptOrder } from './receipt.ts';

export const RECEIPTS_STORAGE_KEY = 'haven-orders:v1';
const VERSION = 1;
/** A shared computer keeps no long history. */
export const RECEIPT_CAP = 10;

/** Above any real amount (cents); an edited entry with 1e308 would otherwise show '$∞'. */
const MAX_AMOUNT = 1e11;
const money = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_AMOUNT));
const label = v.pipe(v.string(), v.minLength(1), v.maxLength(500));
const ItemSchema = v.object({
  productId: v.optional(label),
  variantId: v.optional(label),
  name: label,
  variantName: v.optional(label),
  sku: v.optional(label),
  image: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)),
  unitPrice: money,
  lineTotal: money,
});
const OrderSchema = v.object({
  id: label,
  status: v.optional(label),
  createdAt: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  items: v.array(ItemSchema),
  subtotal: money,
  shipping: v.optional(money),
  tax: v.optional(money),
  total: money,
  charged: v.optional(money),
  takenIn: v.optional(v.object({ amount: money, currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)) })),
});
const Stored = v.object({ version: v.literal(VERSION), orders: v.array(v.unknown()) });

export interface DecodedReceipts {
  orders: KeptOrder[];
  problem?: string;
}

/** Never throws: an invalid order is left out, the problem described. */
export function decodeReceipts(raw: string | null | undefined): DecodedReceipts {
  if (raw == null || raw === '') return { orders: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { orders: [], problem: 'the stored orders are not valid JSON' };
  }
  const stored = v.safeParse(Stored, json);
  if (!stored.success) return { orders: [], problem: 'the stored orders have an unexpected shape' };
  const orders: KeptOrder[] = [];
  let skipped = 0;
  for (const entry of stored.output.orders) {
    const order = v.safeParse(OrderSchema, entry);
    if (order.success && !orders.some((o) => o.id === order.output.id)) orders.push(order.output);
    else skipped += 1;
  }
  return skipped ? { orders, problem: `${skipped} stored order(s) could not be read` } : { orders };
}

export function encodeReceipts(orders: readonly KeptOrder[]): string {
  return JSON.stringify({ version: VERSION, orders });
}

export function withReceipt(orders: readonly KeptOrder[], order: KeptOrder, cap = RECEIPT_CAP): KeptOrder[] {
  return [order, ...orders.filter((o) => o.id !== order.id)].slice(0, cap);
}
