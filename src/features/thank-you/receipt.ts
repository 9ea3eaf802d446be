// The order as the shopper's browser knows it. A shopper has no token, and a backend that enforces its contract
// will not answer GET /orders/{id} for them; so at payment the browser keeps what its own calls returned (the
// created order's answer) filled in with what the page showed, and the thank-you page reads that back.
// Amounts are integer cents: the answer's dollars are turned into cents here, where it is read.

import { toCents, type Cents } from '../../lib/money.ts';

/** A line as the page showed it: a cart line, or the product page's current choice. */
export interface ShownLine {
  productId?: string | undefined;
  variantId?: string | undefined;
  name?: string | undefined;
  variantName?: string | undefined;
  sku?: string | undefined;
  image?: string | undefined;
  quantity: number;
  /** Unit price. */
  price: Cents;
}

export interface KeptItem {
  productId?: string;
  variantId?: string;
  name: string;
  variantName?: string;
  sku?: string;
  image?: string;
  quantity: number;
  unitPrice: Cents;
  lineTotal: Cents;
}

export interface KeptOrder {
  id: string;
  status?: string;
  /** ISO date. */
  createdAt?: string;
  items: KeptItem[];
  subtotal: Cents;
  /** The order total before tax, as the backend states it (the page shows it × 1.08). */
  total: Cents;
}

/** What is already known of an order when an answer arrives: nothing, the shown lines, or a kept order. */
export interface KnownOrder {
  lines: readonly ShownLine[];
  status?: string | undefined;
  createdAt?: string | undefined;
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
/** An amount the API gave in dollars, in cents. */
const amount = (value: unknown): Cents | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? toCents(value) : undefined);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined);
const date = (value: unknown): string | undefined => {
  const given = text(value);
  return given && !Number.isNaN(new Date(given).getTime()) ? given : undefined;
};

/** The kept order's items as shown lines, so a later answer can be filled in from them. */
export function shownLines(order: KeptOrder): ShownLine[] {
  return order.items.map((i) => ({ ...i, price: i.unitPrice }));
}

function item(answer: unknown, shown: ShownLine | undefined): KeptItem {
  const given = isObject(answer) ? answer : {};
  const quantity = count(given['quantity']) ?? (shown && count(shown.quantity)) ?? 1;
  const unitPrice = amount(given['unitPrice']) ?? amount(given['price']) ?? shown?.price ?? 0;
  const kept: KeptItem = {
    name: text(given['name']) ?? text(shown?.name) ?? 'Item',
    quantity,
    unitPrice,
    lineTotal: amount(given['lineTotal']) ?? unitPrice * quantity,
  };
  const productId = text(given['productId']) ?? text(shown?.productId);
  const variantId = text(given['variantId']) ?? text(shown?.variantId);
  const variantName = text(given['variantName']) ?? text(shown?.variantName);
  const sku = text(given['sku']) ?? text(shown?.sku);
  const image = text(given['image']) ?? text(shown?.image);
  if (productId) kept.productId = productId;
  if (variantId) kept.variantId = variantId;
  if (variantName) kept.variantName = variantName;
  if (sku) kept.sku = sku;
  if (image) kept.image = image;
  return kept;
}

/** The shown line an answered item stands for: same variant, else the same position. */
function match(answer: unknown, index: number, lines: readonly ShownLine[]): ShownLine | undefined {
  const variantId = isObject(answer) ? text(answer['variantId']) : undefined;
  return (variantId && lines.find((l) => l.variantId === variantId)) || lines[index];
}

/**
 * An order answer (the create's at payment, or a later GET /orders/{id}) with its gaps filled from what is known:
 * the answer's figures win; names, variants and pictures it lacks come from the lines the page showed. Returns
 * undefined when the answer has no order id.
 */
export function keptOrder(answer: unknown, known: KnownOrder): KeptOrder | undefined {
  if (!isObject(answer) || !text(answer['id'])) return undefined;
  const answered = Array.isArray(answer['items']) ? answer['items'].filter(isObject) : [];
  const items = answered.length
    ? answered.map((a, i) => item(a, match(a, i, known.lines)))
    : known.lines.map((line) => item(undefined, line));
  const goods = items.reduce((sum, i) => sum + i.lineTotal, 0);
  const total = amount(answer['total']);
  // Without a subtotal or lines, the total is all there is to go by.
  const subtotal = amount(answer['subtotal']) ?? (items.length ? goods : (total ?? 0));
  const status = text(answer['status']) ?? known.status;
  const createdAt = date(answer['createdAt']) ?? date(known.createdAt);
  return {
    id: text(answer['id'])!,
    ...(status ? { status } : {}),
    ...(createdAt ? { createdAt } : {}),
    items,
    subtotal,
    total: total ?? subtotal,
  };
}

/**
 * What the browser keeps once a payment succeeds: the created order, filled in from the paid lines. The payment
 * went through, so the order is paid, whatever status the create answered (it was made before the payment).
 */
export function paidOrder(created: unknown, lines: readonly ShownLine[], paidAt: Date): KeptOrder | undefined {
  const order = keptOrder(created, { lines, createdAt: paidAt.toISOString() });
  return order && { ...order, status: 'PAID' };
}
