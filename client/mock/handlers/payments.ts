import { delay, HttpResponse, type HttpHandler } from 'msw';
import { apiError, apiErrorBody } from '../api-error.ts';
import { refuseWithoutToken } from '../auth.ts';
import type { createRoute } from '../route.ts';
import type { Scenario } from '../scenario.ts';
import { captureHold, randomCode, type DemoState } from '../state.ts';
import type { DemoOrder, DemoPayment, DemoPaymentIntent, PayPalCapture } from '../types.ts';

export const DECLINED_DESCRIPTION =
  "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.";
const PAYER_ACTION_DESCRIPTION = 'The payer needs to complete an action, such as authentication, for this payment.';
export const INTENT_ERROR = {
  issue: 'PAYEE_ACCOUNT_RESTRICTED',
  description: 'The merchant account is restricted and cannot receive payments at the moment.',
};

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
        amount: order.total,
        createdAt: new Date().toISOString(),
      };
      state.intents.set(intent.id, intent);
      return ok({ ...intent, ...(scenario.foreignCurrency ? { currency: 'EUR' } : {}), status: 'CREATED' });
    }),

    route('get', '/orders/{id}/payment-status', ({ params, request, scenario, ok }) => {
      if (scenario.paymentStatusToken) {
        return refuseWithoutToken(request, state.accessTokens, 'GET /orders/{id}/payment-status') ?? paymentStatus();
      }
      return paymentStatus();
      function paymentStatus() {
        if (scenario.serverError) return unavailable();
        const order = state.orders.get(params.id);
        if (!order) return apiError(404, 'ORDER_NOT_FOUND', `Order "${params.id}" was not found`);
        const payment = state.payments.find((p) => p.orderId === order.id);
        const declined = state.paypalCaptures.get(order.id);
        const status = payment?.status ?? (declined ? 'FAILED' : null);
        return ok({
          orderId: order.id,
          status,
          ...(payment ? { amount: payment.amount, currency: payment.currency } : {}),
        });
      }
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

/** PayPal's refusal (a completed order captured again, a declined instrument...), as a backend passing it on sends it. */
const paypalError = (issue: string, description: string): Answer => ({
  status: 422,
  body: {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: debugId(),
    details: [{ issue, description }],
  },
});

const ALREADY_CAPTURED = 'Order already captured. If intent is CAPTURE only one capture per order is allowed.';

/** PayPal's answer to a capture: the order COMPLETED, with its capture (or, `orderStatusOnly`, without). */
function paypalAnswer(intent: DemoPaymentIntent, capture: PayPalCapture, scenario: Scenario): Answer {
  if (scenario.orderStatusOnly) return { status: 201, body: { id: intent.id, status: 'COMPLETED' } };
  const amount = { currency_code: intent.currency, value: capture.amount.toFixed(2) };
  const captures = [{ id: capture.id, status: capture.status, amount }];
  return {
    status: 201,
    body: {
      id: intent.id,
      status: 'COMPLETED',
      purchase_units: [{ reference_id: intent.orderId, payments: { captures } }],
    },
  };
}

/** What the endpoint answers once it runs: PayPal's capture of the order, as this backend reports it. */
function captureOrder(state: DemoState, order: DemoOrder, intent: DemoPaymentIntent, scenario: Scenario): Answer {
  if (scenario.orderCancelled && order.status === 'PENDING') order.status = 'CANCELLED';
  // PayPal completed this order already, taking the money or declining: it refuses every later capture. A backend
  // that knows the order is paid says so itself.
  if (state.paypalCaptures.has(order.id)) {
    if (order.status === 'PAID' && !scenario.paypalPassthrough) return notPayable(order)!;
    return paypalError('ORDER_ALREADY_CAPTURED', ALREADY_CAPTURED);
  }
  const refused = notPayable(order);
  if (refused) return refused;
  if (scenario.captureCrashOnce && !state.captureCrashedOnce.has(order.id)) {
    // The endpoint fails while it runs: nothing is taken, and the 500 is kept under the key like any result.
    state.captureCrashedOnce.add(order.id);
    return errorAnswer(500, 'PAYMENT_PROCESSING_FAILED', 'The payment processor failed unexpectedly');
  }
  if (scenario.captureExpired) return paypalError('ORDER_EXPIRED', 'The order has expired.');
  if ((scenario.declined || scenario.payerAction) && !state.declinedOnce.has(order.id)) {
    // Declined, or waiting for the payer's step, once per order: nothing is taken, the order stays approvable, and
    // the buyer's next approval goes through.
    state.declinedOnce.add(order.id);
    const [issue, description] = scenario.payerAction
      ? ['PAYER_ACTION_REQUIRED', PAYER_ACTION_DESCRIPTION]
      : ['INSTRUMENT_DECLINED', DECLINED_DESCRIPTION];
    return scenario.paypalPassthrough
      ? paypalError(issue, description)
      : { status: 200, body: { details: [{ issue, description }], debug_id: debugId() } };
  }
  const status = scenario.captureStatus ?? 'COMPLETED';
  // `charge-more`: a backend whose price changed between the order and its capture takes $4.99 more.
  const amount = scenario.chargeMore ? Math.round((intent.amount + 4.99) * 100) / 100 : intent.amount;
  const capture: PayPalCapture = { id: `CAPTURE-${randomCode(12)}`, status, amount };
  state.paypalCaptures.set(order.id, capture);
  if (status === 'COMPLETED' || status === 'PENDING') {
    const payment: DemoPayment = {
      id: capture.id,
      orderId: order.id,
      paymentIntentId: intent.id,
      provider: intent.provider,
      status,
      amount,
      currency: intent.currency,
      createdAt: new Date().toISOString(),
    };
    state.payments.push(payment);
    order.status = 'PAID';
    order.paidAt = payment.createdAt;
  }
  if (scenario.captureStatus || scenario.orderStatusOnly) return paypalAnswer(intent, capture, scenario);
  // The backend's own answer: no status and no issue, which says the payment went through.
  return {
    status: 200,
    body: {
      id: intent.id,
      orderId: order.id,
      captureId: capture.id,
      amount,
      currency: scenario.foreignCapture ? 'EUR' : intent.currency,
    },
  };
}
