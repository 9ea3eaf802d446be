// A payment up to the approval, as plain functions over `PaymentApi`; the wallet's adapter drives it.
import type { Order, OrderItemInput, PaymentIntentRequest, PaymentIntentResponse } from '@haven/commerce-client';
import { formatCents, toCents, type Cents } from '../../../lib/money.ts';
import { randomId } from '../../../lib/random-id.ts';
import { createFailed, debugSuffix, describeError, WalletFlowError } from '../wallet/errors.ts';
import type { PayableLine } from '../wallet/pays.ts';
import type { WalletProvider } from '../wallet/provider.ts';

/** One per attempt: a repeated order create returns the same order. */
export function newIdempotencyKey(random: () => string = randomId): string {
  return `wallet-${random()}`;
}

/** In cents: the intent's amount, else the order's total. */
export function chargeOf(order: Order, intent: PaymentIntentResponse | undefined): Cents | undefined {
  const amount = typeof intent?.amount === 'number' ? intent.amount : order.total;
  return typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 ? toCents(amount) : undefined;
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

function intentRequest(orderId: string, currency: string, provider: WalletProvider['id']): PaymentIntentRequest {
  return { provider, metadata: { orderId, provider, currency } };
}

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

export interface PaymentApi {
  createOrder(items: OrderItemInput[], idempotencyKey: string): Promise<Order>;
  createIntent(orderId: string, body: PaymentIntentRequest): Promise<PaymentIntentResponse | undefined>;
}

export interface StartedPayment {
  orderId: string;
  order: Order;
  /** onApprove's data.orderID. */
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
