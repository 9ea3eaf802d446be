// The order as this browser knows it (a shopper has no token to read it back): the create's answer, what the page
// showed and what the capture charged.

import * as v from 'valibot';
import { jsonObject, orNothing } from '../../lib/json-object.ts';
import { toCents, type Cents } from '../../lib/money.ts';
import type { CartItem } from '../cart/index.ts';
import type { KeptOrder, OrderLine } from './receipt-storage.ts';

export type { KeptOrder, OrderLine } from './receipt-storage.ts';

/** What the page showed of a line. */
export type ShownLine = Pick<CartItem, 'quantity' | 'price'> &
  Partial<Pick<CartItem, 'productId' | 'variantId' | 'name' | 'variantName' | 'image'>> & { sku?: string | undefined };

export type KnownOrder = Partial<Pick<KeptOrder, 'status' | 'createdAt'>> & { lines: readonly ShownLine[] };

// An odd field is read as nothing: the shown lines and what is kept fill the gap.
const Label = v.pipe(v.string(), v.trim(), v.nonEmpty());
const Text = orNothing(Label);
const Amount = orNothing(v.pipe(v.number(), v.finite(), v.minValue(0), v.transform(toCents)));
const Count = orNothing(v.pipe(v.number(), v.integer(), v.minValue(1)));
const When = orNothing(
  v.pipe(
    Label,
    v.check((given) => !Number.isNaN(new Date(given).getTime())),
  ),
);

const Names = { productId: Text, variantId: Text, name: Text, variantName: Text, sku: Text, image: Text };
const ItemAnswer = jsonObject({ ...Names, quantity: Count, unitPrice: Amount, price: Amount, lineTotal: Amount });
type AnsweredItem = v.InferOutput<typeof ItemAnswer>;
const ShownFields = v.object({ ...Names, quantity: Count });

const OrderAnswer = jsonObject({
  id: Label,
  status: Text,
  createdAt: When,
  items: v.fallback(
    v.pipe(
      v.array(v.fallback(v.nullable(ItemAnswer), null)),
      v.transform((items) => items.filter((i) => i !== null)),
    ),
    () => [],
  ),
  subtotal: Amount,
  shipping: Amount,
  tax: Amount,
  total: Amount,
});

export function shownLines(order: KeptOrder): ShownLine[] {
  return order.items.map((i) => ({ ...i, price: i.unitPrice }));
}

function item(given: AnsweredItem, shown: ShownLine | undefined): OrderLine {
  const line = shown ? v.parse(ShownFields, shown) : {};
  const quantity = given.quantity ?? line.quantity ?? 1;
  const unitPrice = given.unitPrice ?? given.price ?? shown?.price ?? 0;
  const kept: OrderLine = {
    name: given.name ?? line.name ?? 'Item',
    quantity,
    unitPrice,
    lineTotal: given.lineTotal ?? unitPrice * quantity,
  };
  const productId = given.productId ?? line.productId;
  const variantId = given.variantId ?? line.variantId;
  const variantName = given.variantName ?? line.variantName;
  const sku = given.sku ?? line.sku;
  const image = given.image ?? line.image;
  if (productId) kept.productId = productId;
  if (variantId) kept.variantId = variantId;
  if (variantName) kept.variantName = variantName;
  if (sku) kept.sku = sku;
  if (image) kept.image = image;
  return kept;
}

/** The shown line an answered item stands for: same variant, else same place. */
function match(given: AnsweredItem, index: number, lines: readonly ShownLine[]): ShownLine | undefined {
  return (given.variantId && lines.find((l) => l.variantId === given.variantId)) || lines[index];
}

/** The answer's figures win; names, variants and pictures it lacks come from the shown lines. */
export function keptOrder(answer: unknown, known: KnownOrder): KeptOrder | undefined {
  const parsed = v.safeParse(OrderAnswer, answer);
  if (!parsed.success) return undefined;
  const { id, items: answered, shipping, tax, ...given } = parsed.output;
  const items = answered.length
    ? answered.map((a, i) => item(a, match(a, i, known.lines)))
    : known.lines.map((line) => item({}, line));
  const goods = items.reduce((sum, i) => sum + i.lineTotal, 0);
  // Without a subtotal or lines, the total is all there is to go by.
  const subtotal = given.subtotal ?? (items.length ? goods : (given.total ?? 0));
  const status = given.status ?? known.status;
  const createdAt = given.createdAt ?? v.parse(When, known.createdAt);
  return {
    id,
    ...(status ? { status } : {}),
    ...(createdAt ? { createdAt } : {}),
    items,
    subtotal,
    ...(shipping !== undefined ? { shipping } : {}),
    ...(tax !== undefined ? { tax } : {}),
    total: given.total ?? subtotal + (shipping ?? 0) + (tax ?? 0),
  };
}

export interface PaymentOutcome {
  review: boolean;
  charged?: Cents | undefined;
  /** The currency the payment named; the shop's, unless it says otherwise. */
  currency?: string | undefined;
  shopCurrency?: string | undefined;
  wallet?: string | undefined;
}

/** Paid, whatever status the create answered before the payment. */
export function paidOrder(
  created: unknown,
  lines: readonly ShownLine[],
  paidAt: Date,
  outcome: PaymentOutcome = { review: false },
): KeptOrder | undefined {
  const order = keptOrder(created, { lines, createdAt: paidAt.toISOString() });
  if (!order) return undefined;
  const { charged, currency, shopCurrency } = outcome;
  const elsewhere =
    charged !== undefined && currency !== undefined && shopCurrency !== undefined && currency !== shopCurrency;
  const taken = charged === undefined ? {} : elsewhere ? { takenIn: { amount: charged, currency } } : { charged };
  const paidWith = outcome.wallet ? { paidWith: outcome.wallet } : {};
  return { ...order, ...taken, ...paidWith, status: outcome.review ? PAYMENT_UNDER_REVIEW : 'PAID' };
}

export const PAYMENT_UNDER_REVIEW = 'PAYMENT_UNDER_REVIEW';
