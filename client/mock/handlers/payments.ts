import { delay, HttpResponse, type HttpHandler } from 'msw';
import { apiError } from '../api-error.ts';
import type { createRoute } from '../route.ts';
import { captureHold, randomCode, type DemoState } from '../state.ts';
import type { DemoOrder, DemoPayment, DemoPaymentIntent } from '../types.ts';

export const DECLINED_DESCRIPTION =
  "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.";
export const INTENT_ERROR = {
  issue: 'PAYEE_ACCOUNT_RESTRICTED',
  description: 'The merchant account is restricted and cannot receive payments at the moment.',
};

/** The order total is before tax: the storefront shows the buyer that total times 1.08 (8 % tax). */
const TAX_FACTOR = 1.08;
const withTax = (total: number) => Math.round(Math.round(total * 100) * TAX_FACTOR) / 100;

/** PayPal-style debug ids: what a support request would quote. */
const debugId = () => randomCode(13).toLowerCase();

/** An order that is already paid says so in its own code: a client that lost the capture's answer reads it as paid. */
function notPayable(order: DemoOrder): Response | undefined {
  if (order.status === 'PENDING') return undefined;
  const details = { orderId: order.id, status: order.status };
  if (order.status === 'PAID') {
    return apiError(409, 'ORDER_ALREADY_PAID', `Order "${order.id}" is already paid`, details);
  }
  return apiError(409, 'ORDER_NOT_PAYABLE', `Order "${order.id}" is ${order.status} and cannot be paid`, details);
}

const unavailable = () =>
  apiError(503, 'PAYMENT_SERVICE_UNAVAILABLE', 'The payment service is temporarily unavailable');

export function paymentHandlers(route: ReturnType<typeof createRoute>, state: DemoState): HttpHandler[] {
  return [
    route('post', '/orders/{id}/payment-intent', ({ params, body, scenario, ok }) => {
      if (scenario.serverError) {
        return apiError(503, 'SERVICE_UNAVAILABLE', 'The payment service is temporarily unavailable');
      }
      const order = state.orders.get(params.id);
      if (!order) return apiError(404, 'ORDER_NOT_FOUND', `Order "${params.id}" was not found`);
      if (body.metadata.orderId !== order.id) {
        return apiError(
          400,
          'ORDER_MISMATCH',
          `metadata.orderId "${body.metadata.orderId}" does not match the order in the path "${order.id}"`,
        );
      }
      if (body.metadata.provider !== body.provider) {
        return apiError(
          400,
          'PROVIDER_MISMATCH',
          `metadata.provider "${body.metadata.provider}" differs from provider "${body.provider}"`,
        );
      }
      if (body.metadata.currency.toUpperCase() !== order.currency) {
        return apiError(
          422,
          'UNSUPPORTED_CURRENCY',
          `metadata.currency "${body.metadata.currency}" is not the order's currency ${order.currency}`,
        );
      }
      const refused = notPayable(order);
      if (refused) return refused;
      if (scenario.intentError) return ok({ error: { ...INTENT_ERROR }, paymentIntent: { debug_id: debugId() } });
      const intent: DemoPaymentIntent = {
        id: `DEMO${randomCode(13)}`,
        orderId: order.id,
        provider: body.provider,
        currency: order.currency,
        // What the buyer is shown on /checkout and /thank-you is what the wallet charges.
        amount: withTax(order.total),
        createdAt: new Date().toISOString(),
      };
      state.intents.set(intent.id, intent);
      return ok({ ...intent, status: 'CREATED' });
    }),

    route('post', '/orders/{id}/process-payment', async ({ params, body, request, scenario, ok }) => {
      if (scenario.captureSlowMs > 0) await delay(scenario.captureSlowMs);
      if (scenario.captureHeld) await captureHold(state, params.id).released;
      if (scenario.serverError) {
        return apiError(500, 'PAYMENT_PROCESSING_FAILED', 'The payment processor failed unexpectedly');
      }
      if (scenario.captureError) return unavailable();
      const order = state.orders.get(params.id);
      if (!order) return apiError(404, 'ORDER_NOT_FOUND', `Order "${params.id}" was not found`);
      const intent = state.intents.get(body.paymentIntentId);
      if (!intent) {
        return apiError(404, 'PAYMENT_INTENT_NOT_FOUND', `paymentIntentId "${body.paymentIntentId}" was not found`);
      }
      if (intent.orderId !== order.id) {
        return apiError(400, 'PAYMENT_INTENT_MISMATCH', `paymentIntentId "${intent.id}" belongs to another order`);
      }
      if (intent.provider !== body.provider) {
        return apiError(
          400,
          'PROVIDER_MISMATCH',
          `provider "${body.provider}" differs from the payment intent's "${intent.provider}"`,
        );
      }
      // A capture that went through is kept under its key: a repeat gets the same answer and captures nothing.
      const key = request.headers.get('idempotency-key')?.trim() || undefined;
      const previous = key === undefined ? undefined : state.captures.get(key);
      if (previous) {
        if (previous.orderId !== order.id || previous.paymentIntentId !== intent.id) {
          return apiError(
            422,
            'IDEMPOTENCY_KEY_REUSED',
            `Idempotency-Key "${key}" was already used for the capture of another order`,
          );
        }
        return ok(previous.answer, { headers: { 'Idempotent-Replayed': 'true' } });
      }
      if (scenario.captureErrorOnce && !state.captureFailedOnce.has(order.id)) {
        state.captureFailedOnce.add(order.id);
        return unavailable();
      }
      const refused = notPayable(order);
      if (refused) return refused;
      if (scenario.declined && !state.declinedOnce.has(order.id)) {
        // Declined once per order: the buyer picks another instrument and the retry goes through.
        state.declinedOnce.add(order.id);
        return ok({
          details: [{ issue: 'INSTRUMENT_DECLINED', description: DECLINED_DESCRIPTION }],
          debug_id: debugId(),
        });
      }
      const payment: DemoPayment = {
        id: `CAPTURE-${randomCode(12)}`,
        orderId: order.id,
        paymentIntentId: intent.id,
        provider: intent.provider,
        status: 'COMPLETED',
        amount: intent.amount,
        currency: intent.currency,
        createdAt: new Date().toISOString(),
      };
      state.payments.push(payment);
      order.status = 'PAID';
      order.paidAt = payment.createdAt;
      const answer = {
        id: intent.id,
        status: 'COMPLETED',
        orderId: order.id,
        captureId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
      };
      if (key !== undefined) state.captures.set(key, { orderId: order.id, paymentIntentId: intent.id, answer });
      if (scenario.captureLost && !state.captureLostOnce.has(order.id)) {
        // The payment is taken, but the browser never hears so: the connection drops instead of answering.
        state.captureLostOnce.add(order.id);
        return HttpResponse.error();
      }
      return ok(answer);
    }),
  ];
}
