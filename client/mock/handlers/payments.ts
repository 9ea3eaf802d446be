import { delay, HttpResponse, type HttpHandler } from 'msw';
import { apiError, apiErrorBody } from '../api-error.ts';
import type { createRoute } from '../route.ts';
import type { Scenario } from '../scenario.ts';
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

type Answer = { status: number; body: Record<string, unknown> };

const errorAnswer = (status: number, code: string, message: string, details?: unknown): Answer => ({
  status,
  body: { ...apiErrorBody(status, code, message, details) },
});

/** An order that is already paid says so in its own code: a client that lost the capture's answer reads it as paid. */
function notPayable(order: DemoOrder): Answer | undefined {
  if (order.status === 'PENDING') return undefined;
  const details = { orderId: order.id, status: order.status };
  if (order.status === 'PAID') {
    return errorAnswer(409, 'ORDER_ALREADY_PAID', `Order "${order.id}" is already paid`, details);
  }
  return errorAnswer(409, 'ORDER_NOT_PAYABLE', `Order "${order.id}" is ${order.status} and cannot be paid`, details);
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
      if (refused) return HttpResponse.json(refused.body, { status: refused.status });
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

    route('post', '/orders/{id}/process-payment', async ({ params, body, request, scenario }) => {
      // Before the endpoint runs (a gateway's answer): nothing is kept under the key.
      if (scenario.serverError) {
        return apiError(500, 'PAYMENT_PROCESSING_FAILED', 'The payment processor failed unexpectedly');
      }
      if (scenario.captureError) return unavailable();
      if (scenario.captureErrorOnce && !state.captureFailedOnce.has(params.id)) {
        state.captureFailedOnce.add(params.id);
        return unavailable();
      }
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
      // The key store, as strict as Stripe's: a key in flight is refused, a key reused for another request is
      // refused, and every finished result (paid, declined, refused, 5xx) is answered again as it was. A backend
      // without one (paypal-passthrough) leaves it to PayPal, which captures an order once.
      const key = scenario.paypalPassthrough ? undefined : request.headers.get('idempotency-key')?.trim() || undefined;
      const kept = key === undefined ? undefined : state.captures.get(key);
      if (kept) {
        if (kept.orderId !== order.id || kept.paymentIntentId !== intent.id) {
          return apiError(
            422,
            'IDEMPOTENCY_KEY_REUSED',
            `Idempotency-Key "${key}" was already used for the capture of another order`,
          );
        }
        if (!kept.answer) {
          return apiError(
            409,
            'IDEMPOTENCY_KEY_IN_USE',
            `A capture with Idempotency-Key "${key}" is still in progress; ask again in a moment`,
          );
        }
        return HttpResponse.json(kept.answer.body, {
          status: kept.answer.status,
          headers: { 'Idempotent-Replayed': 'true' },
        });
      }
      if (key !== undefined) state.captures.set(key, { orderId: order.id, paymentIntentId: intent.id });
      if (scenario.captureSlowMs > 0) await delay(scenario.captureSlowMs);
      if (scenario.captureHeld) await captureHold(state, order.id).released;

      const answer = captureOrder(state, order, intent, scenario);
      if (key !== undefined) state.captures.set(key, { orderId: order.id, paymentIntentId: intent.id, answer });
      if (scenario.captureLost && answer.status < 300 && !state.captureLostOnce.has(order.id)) {
        // The payment is taken, but the browser never hears so: the connection drops instead of answering.
        state.captureLostOnce.add(order.id);
        return HttpResponse.error();
      }
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
  ];
}

/** PayPal's refusal of a second capture, or of a declined instrument, as a backend passing it through sends it. */
const paypalError = (issue: string, description: string): Answer => ({
  status: 422,
  body: {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: debugId(),
    details: [{ issue, description }],
  },
});

/** What the endpoint answers once it runs: PayPal's capture of the order, as this backend reports it. */
function captureOrder(state: DemoState, order: DemoOrder, intent: DemoPaymentIntent, scenario: Scenario): Answer {
  if (order.status === 'PAID' && scenario.paypalPassthrough) {
    return paypalError(
      'ORDER_ALREADY_CAPTURED',
      'Order already captured. If intent is CAPTURE only one capture per order is allowed.',
    );
  }
  const refused = notPayable(order);
  if (refused) return refused;
  if (scenario.captureCrashOnce && !state.captureCrashedOnce.has(order.id)) {
    // The endpoint fails while it runs: nothing is taken, and the 500 is kept under the key like any result.
    state.captureCrashedOnce.add(order.id);
    return errorAnswer(500, 'PAYMENT_PROCESSING_FAILED', 'The payment processor failed unexpectedly');
  }
  const once = (seen: Set<string>) => !seen.has(order.id) && Boolean(seen.add(order.id));
  if (scenario.declined && once(state.declinedOnce)) {
    // Declined once per order: the buyer picks another instrument and the next approval goes through.
    return scenario.paypalPassthrough
      ? paypalError('INSTRUMENT_DECLINED', DECLINED_DESCRIPTION)
      : {
          status: 200,
          body: { details: [{ issue: 'INSTRUMENT_DECLINED', description: DECLINED_DESCRIPTION }], debug_id: debugId() },
        };
  }
  if (scenario.captureStatus === 'DECLINED' && once(state.declinedOnce)) {
    return { status: 201, body: { id: intent.id, status: 'DECLINED', orderId: order.id } };
  }
  const payment: DemoPayment = {
    id: `CAPTURE-${randomCode(12)}`,
    orderId: order.id,
    paymentIntentId: intent.id,
    provider: intent.provider,
    status: scenario.captureStatus === 'PENDING' ? 'PENDING' : 'COMPLETED',
    amount: intent.amount,
    currency: intent.currency,
    createdAt: new Date().toISOString(),
  };
  state.payments.push(payment);
  order.status = 'PAID';
  order.paidAt = payment.createdAt;
  return {
    status: scenario.captureStatus ? 201 : 200,
    body: {
      id: intent.id,
      // PayPal's word for the capture, when the backend passes it on; the demo's own answer otherwise.
      status: payment.status,
      orderId: order.id,
      captureId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
    },
  };
}
