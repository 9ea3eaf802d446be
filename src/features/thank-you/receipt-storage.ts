// The kept orders' storage format, newest first, checked entry by entry: one corrupt order hides no other.
import * as v from 'valibot';
import { LineSchema } from '../../lib/line.ts';
import { readJson } from '../../lib/stored-json.ts';

export const RECEIPTS_STORAGE_KEY = 'haven-orders:v1';
const VERSION = 1;
/** A shared computer keeps no long history. */
export const RECEIPT_CAP = 10;

/** Above any real amount (cents): an edited 1e308 would show '$∞'. */
const MAX_AMOUNT = 1e11;
const money = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_AMOUNT));
const label = v.pipe(v.string(), v.minLength(1), v.maxLength(500));
const { name, quantity, productId, variantId, variantName, image } = LineSchema.entries;
const OrderLineSchema = v.object({
  name,
  quantity,
  productId: v.optional(productId),
  variantId,
  variantName,
  image,
  sku: v.optional(label),
  unitPrice: money,
  lineTotal: money,
});
const KeptOrderSchema = v.object({
  id: label,
  status: v.optional(label),
  createdAt: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  items: v.array(OrderLineSchema),
  subtotal: money,
  shipping: v.optional(money),
  tax: v.optional(money),
  total: money,
  /** What the payment's answer said was taken. */
  charged: v.optional(money),
  /** Taken in another currency than the shop's. */
  takenIn: v.optional(v.object({ amount: money, currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)) })),
  paidWith: v.optional(label),
});
export type OrderLine = v.InferOutput<typeof OrderLineSchema>;
export type KeptOrder = v.InferOutput<typeof KeptOrderSchema>;

const Stored = v.object({ version: v.literal(VERSION), orders: v.array(v.unknown()) });

export interface DecodedReceipts {
  orders: KeptOrder[];
  problem?: string;
}

/** Never throws: an invalid order is left out, the problem described. */
export function decodeReceipts(raw: string | null | undefined): DecodedReceipts {
  if (raw == null || raw === '') return { orders: [] };
  const stored = readJson(Stored, raw, 'the stored orders', { plural: true, at: false });
  if (!stored.ok) return { orders: [], problem: stored.problem };
  const orders: KeptOrder[] = [];
  let skipped = 0;
  for (const entry of stored.value.orders) {
    const order = v.safeParse(KeptOrderSchema, entry);
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
