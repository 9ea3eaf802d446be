// Answers recorded from PayPal's reference and from the backend's contract (tests/fixtures/recorded-answers), each
// replayed through the shop's own path: the typed client's fetch, its error reading, and the capture's reading.
// Nothing here meets the demo backend: what the demo answers is tested with the demo.
import { createCommerceClient, memoryStorage } from '@haven/commerce-client';
import { describe, expect, it } from 'vitest';
import { verdictOf, type CaptureVerdict } from '../../src/features/payment/settle/capture.ts';
import backend from '../fixtures/recorded-answers/backend-capture.json' with { type: 'json' };
import paypal from '../fixtures/recorded-answers/paypal-capture.json' with { type: 'json' };

interface Recorded {
  status: number;
  body: unknown;
}

/** What the shop makes of `answer` to a capture, read as it reads a real one. */
function replay({ status, body }: Recorded): Promise<CaptureVerdict> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/html' : 'application/json';
  const api = createCommerceClient({
    baseUrl: 'http://backend.test/api/v1',
    storage: memoryStorage(),
    onAuthFailure: () => undefined,
    fetch: () => Promise.resolve(new Response(text, { status, headers: { 'Content-Type': type } })),
  });
  const call = api.POST('/orders/{id}/process-payment', {
    params: { path: { id: 'ord_1' }, header: { 'Idempotency-Key': 'wallet-k-capture' } },
    body: { provider: 'paypal', paymentIntentId: 'pi_1' },
  });
  return verdictOf(
    call.then((answer) => answer.data),
    'PayPal',
  );
}

const DECLINED =
  "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.";
const ASK_THE_STORE =
  'PayPal says this order was completed, which it also says of a payment it declined; the store was asked which.';

describe("PayPal's documented capture answers, passed on by a backend", () => {
  const expected: Record<keyof typeof paypal.answers, CaptureVerdict> = {
    'captured (Prefer: return=representation)': { kind: 'paid', charged: 10_000, currency: 'USD' },
    // The order's status alone: PayPal gives it to an order whose capture it declined too.
    "captured (Prefer: return=minimal, PayPal's default)": { kind: 'check', detail: ASK_THE_STORE },
    'captured, held for review': { kind: 'pending', charged: 10_000, currency: 'USD' },
    'capture declined by the processor': {
      kind: 'refused',
      detail: 'PayPal declined the payment, so nothing was charged. Paying again makes a new order.',
    },
    'the same capture asked again (idempotent replay)': { kind: 'paid', charged: 10_000, currency: 'USD' },
    INSTRUMENT_DECLINED: { kind: 'declined', detail: `${DECLINED} (Debug ID: 90957fca61718)` },
    // A capture exists, not how it ended: never "paid".
    ORDER_ALREADY_CAPTURED: { kind: 'check', detail: ASK_THE_STORE },
    TRANSACTION_REFUSED: { kind: 'refused', detail: 'The request was refused. (Debug ID: 90957fca61718)' },
    PAYER_ACTION_REQUIRED: {
      kind: 'declined',
      step: true,
      detail: 'PayPal is waiting for a step from you to finish this payment.',
    },
    ORDER_NOT_APPROVED: {
      kind: 'declined',
      step: true,
      detail: 'PayPal is waiting for a step from you to finish this payment.',
    },
    MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED: {
      kind: 'refused',
      detail: 'You have exceeded the maximum number of payment attempts. (Debug ID: 90957fca61718)',
    },
    INTERNAL_SERVER_ERROR: {
      kind: 'unknown',
      detail: 'An internal server error occurred. (UNKNOWN_ERROR, trace ID 90957fca61718)',
    },
  };

  for (const [name, answer] of Object.entries(paypal.answers)) {
    it(`${name} (HTTP ${answer.status})`, async () => {
      expect(await replay(answer)).toEqual(expected[name as keyof typeof expected]);
    });
  }
});

describe("the backend's capture answers, as its contract gives them", () => {
  const expected: Record<keyof typeof backend.answers, CaptureVerdict> = {
    'paid, nothing more said': { kind: 'paid' },
    'paid, with the amount charged': { kind: 'paid', charged: 25_497 },
    "the payment's own refusal, INSTRUMENT_DECLINED": {
      kind: 'declined',
      detail: `${DECLINED} (Debug ID: a1b2c3d4e5f60)`,
    },
    "the capture's status alone: held for review": { kind: 'pending', charged: 25_497 },
    // PayPal's order answer says COMPLETED alone too, also of an order whose capture it declined: the store is asked.
    'the status COMPLETED alone': { kind: 'check', detail: ASK_THE_STORE },
    "the capture's status alone: declined": {
      kind: 'refused',
      detail: 'PayPal declined the payment, so nothing was charged. Paying again makes a new order.',
    },
    'already paid': { kind: 'paid' },
    'cannot be paid': { kind: 'refused', detail: 'Order is cancelled.' },
    // Nothing known yet: the same capture is asked again, never a new one.
    'the same key still running': {
      kind: 'unknown',
      detail: 'A request with this Idempotency-Key is still being processed (IDEMPOTENCY_KEY_IN_USE)',
    },
    'the key used for another order': {
      kind: 'unknown',
      detail: 'This Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED)',
    },
    'a server error with its trace id': {
      kind: 'unknown',
      detail: 'Internal server error (INTERNAL_ERROR, trace ID trace-7f3a)',
    },
    "a proxy's error page": {
      kind: 'unknown',
      detail: 'HTTP 502 from http://backend.test/api/v1/orders/ord_1/process-payment',
    },
  };

  for (const [name, answer] of Object.entries(backend.answers)) {
    it(`${name} (HTTP ${answer.status})`, async () => {
      expect(await replay(answer)).toEqual(expected[name as keyof typeof expected]);
    });
  }
});
