// A payment up to the approval, as plain functions over `PaymentApi`; the wallet's adapter drives it.
import type {
  Order,
  OrderItemInput,
  PaymentIntentRequest,
  PaymentIntentResponse,
  ProcessPaymentRequest,
} from '@haven/commerce-client';
import { formatCents, toCents, type Cents } from '../../lib/money.ts';
import { lineTotal } from '../../lib/pricing.ts';
import type { CartItem } from '../cart/index.ts';
import type { Product, Variant } from '../catalog/index.ts';
import type { WalletProvider } from './wallet-provider.ts';

/** The title of a payment that could not start, with the wallet's name. */
export const createFailedTitle = (wallet: string) => `Could not initiate ${wallet} Checkout...`;
export const PAYMENT_FAILED = 'Sorry, your transaction could not be processed...';
export const INSTRUMENT_DECLINED = 'INSTRUMENT_DECLINED';

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One per attempt: a repeated order create returns the same order. */
export function newIdempotencyKey(
  random: () => string = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : randomHex(16)),
): string {
  return `wallet-${random()}`;
}

/** A cart line (with its `id`), or the product page's choice. */
export type PayableLine = Pick<CartItem, 'productId' | 'quantity' | 'price'> &
  Partial<Pick<CartItem, 'id' | 'variantId' | 'name' | 'variantName' | 'image'>>;

export interface Choice {
  product: Pick<Product, 'id' | 'name'>;
  variant: Pick<Variant, 'id' | 'name' | 'price'> & { image?: string | undefined };
  quantity: number;
}

/** The cart, or (on the product page) the choice shown above the button, or nothing yet. */
export type Pays = 'cart' | Choice | undefined;

export function payableLines(cart: readonly PayableLine[], pays: Pays): PayableLine[] {
  if (pays === 'cart') return [...cart];
  if (!pays) return [];
  const { product, variant, quantity } = pays;
  return [
    {
      productId: product.id,
      variantId: variant.id,
      quantity,
      price: variant.price,
      name: product.name,
      variantName: variant.name,
      image: variant.image,
    },
  ];
}

/**
 * The cart lines an order paid for, each answered item matched to the one line it was made from (product and
 * variant); a choice takes nothing off the cart.
 */
export function paidCartLines(order: Record<string, unknown>, lines: readonly PayableLine[]): PayableLine[] {
  const items = Array.isArray(order['items']) ? (order['items'] as unknown[]) : [];
  const answered = items.flatMap((item) => {
    const { productId, variantId, quantity } = (typeof item === 'object' && item !== null ? item : {}) as Record<
      string,
      unknown
    >;
    return typeof variantId === 'string' && Number.isInteger(quantity)
      ? [{ productId: typeof productId === 'string' ? productId : undefined, variantId, quantity: quantity as number }]
      : [];
  });
  const fromCart = lines.filter((line) => line.id);
  if (!answered.length) return fromCart;
  const unmatched = [...fromCart];
  return answered.flatMap(({ productId, variantId, quantity }) => {
    const at = unmatched.findIndex(
      (l) => l.variantId === variantId && (productId === undefined || l.productId === productId),
    );
    if (at < 0) return [];
    const [line] = unmatched.splice(at, 1);
    return [{ ...line!, quantity: Math.min(quantity, line!.quantity) }];
  });
}

/** In cents: the intent's amount, else the order's total. */
export function chargeOf(order: Order, intent: PaymentIntentResponse | undefined): Cents | undefined {
  const amount = typeof intent?.amount === 'number' ? intent.amount : order.total;
  return typeof amount === 'number' && Number.isFinite(amount) ? toCents(amount) : undefined;
}

/** Said before the buyer approves. */
export function chargeNotice(shown: Cents, charge: Cents | undefined, wallet: string): string | undefined {
  if (charge === undefined || charge === shown) return undefined;
  return `${wallet} will charge ${formatCents(charge)} for this order, not the ${formatCents(shown)} shown here: the store's own prices, shipping or tax differ. Approve only if that is right for you.`;
}

export class NothingToPayError extends Error {
  override readonly name = 'NothingToPayError';
  constructor() {
    super('Your cart is empty.');
  }
}

export function orderItems(lines: readonly PayableLine[]): OrderItemInput[] {
  if (lines.length === 0) throw new NothingToPayError();
  return lines.map((line) => {
    if (!line.productId || !line.variantId)
      throw new Error('An item in your cart has no product option; remove it and add it again.');
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      throw new Error(`Invalid quantity ${line.quantity} in your cart.`);
    return { productId: line.productId, variantId: line.variantId, quantity: line.quantity };
  });
}

export function checkoutStartEvent(lines: readonly PayableLine[]): { productId: string; value: Cents } | undefined {
  const first = lines[0];
  if (!first) return undefined;
  const cents = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  return { productId: first.productId, value: cents };
}

function intentRequest(orderId: string, currency: string, provider: WalletProvider['id']): PaymentIntentRequest {
  return { provider, metadata: { orderId, provider, currency } };
}

export function processRequest(paymentIntentId: string, provider: WalletProvider['id']): ProcessPaymentRequest {
  return { provider, paymentIntentId };
}

export const debugSuffix = (debugId: string | undefined) => (debugId ? ` (Debug ID: ${debugId})` : '');

export type IntentResult = { ok: true; id: string } | { ok: false; detail: string };

export function readIntent(response: PaymentIntentResponse | undefined): IntentResult {
  const error = response?.error;
  if (error) {
    const text = [error.issue, error.description].filter(Boolean).join(' ');
    return {
      ok: false,
      detail: `${text || 'The payment intent was refused.'}${debugSuffix(response?.paymentIntent?.debug_id)}`,
    };
  }
  if (typeof response?.id === 'string' && response.id !== '') return { ok: true, id: response.id };
  return { ok: false, detail: 'The payment service answered without a payment intent id.' };
}

export function describeError(error: unknown): string {
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    return 'The store could not be reached. Check your connection and try again.';
  }
  if (error instanceof Error) {
    const { code, traceId } = error as Error & { code?: unknown; traceId?: unknown };
    const parts = [
      typeof code === 'string' && code ? code : undefined,
      typeof traceId === 'string' && traceId ? `trace ID ${traceId}` : undefined,
    ].filter(Boolean);
    return parts.length ? `${error.message} (${parts.join(', ')})` : error.message || error.name;
  }
  if (typeof error === 'string' && error) return error;
  // The real SDK hands onError plain objects.
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message) return message;
  return 'An unknown error occurred';
}

export type WalletMessageKind = 'create-failed' | 'payment-failed';

export interface WalletMessage {
  kind: WalletMessageKind;
  title: string;
  detail: string;
}

export const createFailed = (wallet: string, detail: string): WalletMessage => ({
  kind: 'create-failed',
  title: createFailedTitle(wallet),
  detail,
});
export const paymentFailed = (detail: string): WalletMessage => ({
  kind: 'payment-failed',
  title: PAYMENT_FAILED,
  detail,
});

/** Thrown by the flow with the message to show; anything else that escapes is a bug. */
export class WalletFlowError extends Error {
  override readonly name = 'WalletFlowError';
  readonly notice: WalletMessage;
  constructor(notice: WalletMessage) {
    super(`${notice.title} ${notice.detail}`);
    this.notice = notice;
  }
}

export interface PaymentApi {
  createOrder(items: OrderItemInput[], idempotencyKey: string): Promise<Order>;
  createIntent(orderId: string, body: PaymentIntentRequest): Promise<PaymentIntentResponse | undefined>;
}

export interface StartedPayment {
  orderId: string;
  order: Order;
  /** The wallet's order id (onApprove's data.orderID). */
  intentId: string;
  charge?: Cents | undefined;
}

export async function startPayment(
  api: PaymentApi,
  lines: readonly PayableLine[],
  idempotencyKey: string,
  currency: string,
  wallet: WalletProvider,
): Promise<StartedPayment> {
  try {
    const items = orderItems(lines);
    const order = await api.createOrder(items, idempotencyKey);
    if (!order?.id) throw new Error('The order service answered without an order id.');
    const answer = await api.createIntent(order.id, intentRequest(order.id, currency, wallet.id));
    const intent = readIntent(answer);
    if (!intent.ok) throw new WalletFlowError(createFailed(wallet.name, intent.detail));
    const other = answer?.currency;
    if (typeof other === 'string' && other.toUpperCase() !== currency.toUpperCase()) {
      throw new WalletFlowError(
        createFailed(
          wallet.name,
          `The payment would be charged in ${other.toUpperCase()}, but this shop's prices are in ${currency.toUpperCase()}, so it was stopped before anything was charged.`,
        ),
      );
    }
    return { orderId: order.id, order, intentId: intent.id, charge: chargeOf(order, answer) };
  } catch (error) {
    if (error instanceof WalletFlowError) throw error;
    throw new WalletFlowError(createFailed(wallet.name, describeError(error)));
  }
}

export function thankYouPath(orderId: string): string {
  return `/thank-you?orderId=${encodeURIComponent(orderId)}`;
}
