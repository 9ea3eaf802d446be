import { beforeEach, describe, expect, it } from 'vitest';
import type { DemoBackend } from './backend.ts';
import { createDemoBackend } from './backend.ts';
import {
  call,
  createIntent,
  fixtureCatalog,
  freshBackend,
  placeOrder,
  processPayment,
  signedIn,
} from './fixtures/harness.ts';
import { DECLINED_DESCRIPTION, INTENT_ERROR } from './handlers/payments.ts';

let backend: DemoBackend;
beforeEach(() => {
  backend = freshBackend();
});

async function intentId(orderId: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await createIntent(backend, orderId, headers);
  expect(answer.status).toBe(200);
  return String(answer.json['id']);
}

describe('payment intent and process payment', () => {
  it("pays an order: an intent for the order's total, then an answer with no status or issue, and the order is PAID", async () => {
    const orderId = await placeOrder(backend, 2);
    const intent = await createIntent(backend, orderId);
    // $99.98 of goods, $9.99 shipping under $100, 8 % tax.
    expect(intent.json).toMatchObject({ orderId, amount: 117.97, currency: 'USD', provider: 'paypal' });
    expect(intent.json['id']).toMatch(/^DEMO[A-Z0-9]{13}$/);
    const paid = await processPayment(backend, orderId, String(intent.json['id']));
    expect(paid.status).toBe(200);
    expect(paid.json).toEqual({
      id: intent.json['id'],
      orderId,
      captureId: expect.any(String),
      amount: 117.97,
      currency: 'USD',
    });
    const order = await call(backend, 'GET', `/api/v1/orders/${orderId}`, { headers: signedIn(backend) });
    expect(order.json).toMatchObject({ status: 'PAID', paidAt: expect.any(String) });
  });

  it('refuses to take an intent or a payment for an order that is already paid, saying it is paid', async () => {
    const orderId = await placeOrder(backend);
    const id = await intentId(orderId);
    await processPayment(backend, orderId, id);
    expect((await processPayment(backend, orderId, id)).json).toMatchObject({
      code: 'ORDER_ALREADY_PAID',
      statusCode: 409,
      details: { orderId, status: 'PAID' },
    });
    expect((await createIntent(backend, orderId)).status).toBe(409);
    expect(backend.state.payments).toHaveLength(1);
  });

  it('names the problem for unknown orders, foreign intents and mismatched metadata', async () => {
    const orderA = await placeOrder(backend);
    const orderB = await placeOrder(backend);
    const intentB = await intentId(orderB);
    expect((await createIntent(backend, 'DEMO-0')).json['code']).toBe('ORDER_NOT_FOUND');
    expect((await processPayment(backend, orderA, 'DEMONOPE')).json['code']).toBe('PAYMENT_INTENT_NOT_FOUND');
    expect((await processPayment(backend, orderA, intentB)).json).toMatchObject({
      code: 'PAYMENT_INTENT_MISMATCH',
      statusCode: 400,
    });
    const mismatch = await call(backend, 'POST', `/api/v1/orders/${orderA}/payment-intent`, {
      body: { provider: 'paypal', metadata: { orderId: orderB, provider: 'paypal', currency: 'USD' } },
    });
    expect(mismatch.json).toMatchObject({ code: 'ORDER_MISMATCH', statusCode: 400 });
  });

  it.each([
    [
      '/payment-intent',
      { provider: 'PAYPAL', metadata: { orderId: 'x', provider: 'paypal', currency: 'USD' } },
      'provider must be one of stripe, paypal',
    ],
    [
      '/payment-intent',
      { provider: 'paypal', metadata: { provider: 'paypal', currency: 'USD' } },
      'metadata.orderId is required',
    ],
    ['/payment-intent', { provider: 'paypal' }, 'metadata is required'],
    ['/process-payment', { provider: 'paypal' }, 'paymentIntentId is required'],
    ['/process-payment', { provider: 'paypal', paymentIntentId: 42 }, 'paymentIntentId must be string'],
  ])('validates the %s body: %j', async (suffix, body, message) => {
    const orderId = await placeOrder(backend);
    const { status, json } = await call(backend, 'POST', `/api/v1/orders/${orderId}${suffix}`, { body });
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });
});

describe('capture idempotency', () => {
  const key = (k: string) => ({ 'Idempotency-Key': k });

  it('answers a repeat of a capture that went through with its first answer, and captures nothing more', async () => {
    const orderId = await placeOrder(backend);
    const id = await intentId(orderId);
    const first = await processPayment(backend, orderId, id, key('cap-1'));
    const again = await processPayment(backend, orderId, id, key('cap-1'));
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    expect(backend.state.payments).toHaveLength(1);
  });

  it('never captures a paid order again under another key or none', async () => {
    const orderId = await placeOrder(backend);
    const id = await intentId(orderId);
    await processPayment(backend, orderId, id, key('cap-1'));
    expect((await processPayment(backend, orderId, id, key('cap-2'))).json['code']).toBe('ORDER_ALREADY_PAID');
    expect((await processPayment(backend, orderId, id)).json['code']).toBe('ORDER_ALREADY_PAID');
    expect(backend.state.payments).toHaveLength(1);
  });

  it("refuses a key that captured another order's payment", async () => {
    const a = await placeOrder(backend);
    const b = await placeOrder(backend);
    await processPayment(backend, a, await intentId(a), key('cap-1'));
    const reused = await processPayment(backend, b, await intentId(b), key('cap-1'));
    expect(reused.json).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', statusCode: 422 });
    expect(backend.state.orders.get(b)?.status).toBe('PENDING');
  });

  it('keeps nothing under the key when the gateway refused before the capture ran: the retry captures', async () => {
    const orderId = await placeOrder(backend);
    const id = await intentId(orderId);
    const failed = await processPayment(backend, orderId, id, { ...key('cap-1'), 'x-demo-scenario': 'capture-error' });
    expect(failed.status).toBe(503);
    const retry = await processPayment(backend, orderId, id, key('cap-1'));
    expect(retry.json).toMatchObject({ captureId: expect.any(String) });
    expect(retry.headers.get('Idempotent-Replayed')).toBeNull();
    expect(backend.state.payments).toHaveLength(1);
  });

  it('refuses a key still in flight with 409 IDEMPOTENCY_KEY_IN_USE, and captures nothing for it', async () => {
    const orderId = await placeOrder(backend);
    const id = await intentId(orderId);
    const held = { ...key('cap-1'), 'x-demo-scenario': 'capture-held' };
    const first = processPayment(backend, orderId, id, held);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const concurrent = await processPayment(backend, orderId, id, key('cap-1'));
    expect(concurrent.json).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', statusCode: 409 });
    expect(backend.state.payments).toHaveLength(0);
    await call(backend, 'POST', `/__demo/orders/${orderId}/release-capture`);
    expect((await first).json).toMatchObject({ captureId: expect.any(String) });
    const replayed = await processPayment(backend, orderId, id, key('cap-1'));
    expect(replayed.json).toEqual((await first).json);
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    expect(backend.state.payments).toHaveLength(1);
  });

  it('answers every finished result again under its key, a decline and a 500 included; a new key asks afresh', async () => {
    const orderId = await placeOrder(backend);
    const id = await intentId(orderId);
    const declined = await processPayment(backend, orderId, id, { ...key('cap-1'), 'x-demo-scenario': 'declined' });
    expect(declined.json['details']).toEqual([{ issue: 'INSTRUMENT_DECLINED', description: DECLINED_DESCRIPTION }]);
    const replay = await processPayment(backend, orderId, id, key('cap-1'));
    expect(replay.json).toEqual(declined.json);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    const crashed = await processPayment(backend, orderId, id, {
      ...key('cap-2'),
      'x-demo-scenario': 'capture-crash-once',
    });
    expect(crashed.json).toMatchObject({ code: 'PAYMENT_PROCESSING_FAILED', statusCode: 500 });
    expect((await processPayment(backend, orderId, id, key('cap-2'))).status).toBe(500);
    expect(backend.state.payments).toHaveLength(0);
    expect((await processPayment(backend, orderId, id, key('cap-3'))).json).toMatchObject({
      captureId: expect.any(String),
    });
    expect(backend.state.payments).toHaveLength(1);
  });
});

describe('a backend that passes PayPal on (paypal-passthrough)', () => {
  const passthrough = { 'x-demo-scenario': 'paypal-passthrough', 'Idempotency-Key': 'cap-1' };

  it('keeps no key: a repeat reaches PayPal, which refuses a second capture with 422 ORDER_ALREADY_CAPTURED', async () => {
    const orderId = await placeOrder(backend);
    const id = await intentId(orderId);
    expect((await processPayment(backend, orderId, id, passthrough)).json).toMatchObject({
      captureId: expect.any(String),
    });
    const again = await processPayment(backend, orderId, id, passthrough);
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'ORDER_ALREADY_CAPTURED' }],
      debug_id: expect.any(String),
    });
    expect(again.headers.get('Idempotent-Replayed')).toBeNull();
    expect(backend.state.payments).toHaveLength(1);
  });

  it('passes a declined instrument on as PayPal answers it: 422 INSTRUMENT_DECLINED', async () => {
    const orderId = await placeOrder(backend);
    const id = await intentId(orderId);
    const headers = { ...passthrough, 'x-demo-scenario': 'paypal-passthrough,declined' };
    const declined = await processPayment(backend, orderId, id, headers);
    expect(declined.status).toBe(422);
    expect(declined.json).toMatchObject({
      details: [{ issue: 'INSTRUMENT_DECLINED', description: DECLINED_DESCRIPTION }],
    });
  });
});

describe("PayPal's answer to a capture (capture-status, order-status-only)", () => {
  it.each([
    ['COMPLETED', 1],
    ['PENDING', 1],
    ['DECLINED', 0],
    ['FAILED', 0],
  ] as const)('capture-status:%s: the order COMPLETED, its capture %s; payments taken: %d', async (status, taken) => {
    const orderId = await placeOrder(backend);
    const id = await intentId(orderId);
    const answer = await processPayment(backend, orderId, id, { 'x-demo-scenario': `capture-status:${status}` });
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({
      id,
      status: 'COMPLETED',
      purchase_units: [
        {
          reference_id: orderId,
          payments: {
            captures: [{ id: expect.any(String), status, amount: { currency_code: 'USD', value: '63.98' } }],
          },
        },
      ],
    });
    expect(backend.state.payments).toHaveLength(taken);
  });

  it('a declined capture completes the order: every later capture is refused as already captured, nothing taken', async () => {
    const orderId = await placeOrder(backend);
    const id = await intentId(orderId);
    await processPayment(backend, orderId, id, { 'x-demo-scenario': 'capture-status:DECLINED' });
    const repeats: Record<string, string>[] = [
      { 'Idempotency-Key': 'new-key' },
      { 'x-demo-scenario': 'paypal-passthrough' },
    ];
    for (const headers of repeats) {
      const again = await processPayment(backend, orderId, id, headers);
      expect(again.status).toBe(422);
      expect(again.json).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
    }
    expect(backend.state.payments).toHaveLength(0);
    expect(backend.state.orders.get(orderId)?.status).toBe('PENDING');
  });

  it('order-status-only: the answer gives the order COMPLETED and nothing of its capture, taken or declined', async () => {
    for (const [scenario, taken] of [
      ['order-status-only', 1],
      ['order-status-only,capture-status:DECLINED', 0],
    ] as const) {
      const before = backend.state.payments.length;
      const orderId = await placeOrder(backend);
      const answer = await processPayment(backend, orderId, await intentId(orderId), { 'x-demo-scenario': scenario });
      expect(answer.json).toEqual({ id: expect.any(String), status: 'COMPLETED' });
      expect(backend.state.payments.length - before).toBe(taken);
    }
  });
});

describe('the payment status of an order', () => {
  const status = (orderId: string, headers: Record<string, string> = {}) =>
    call(backend, 'GET', `/api/v1/orders/${orderId}/payment-status`, { headers });

  it('says nothing was paid, then what was taken, or FAILED after a declined capture; public', async () => {
    const paid = await placeOrder(backend);
    expect((await status(paid)).json).toEqual({ orderId: paid, status: null });
    await processPayment(backend, paid, await intentId(paid));
    expect((await status(paid)).json).toEqual({ orderId: paid, status: 'COMPLETED', amount: 63.98, currency: 'USD' });
    const held = await placeOrder(backend);
    await processPayment(backend, held, await intentId(held), { 'x-demo-scenario': 'capture-status:PENDING' });
    expect((await status(held)).json).toMatchObject({ status: 'PENDING', amount: 63.98 });
    const declined = await placeOrder(backend);
    await processPayment(backend, declined, await intentId(declined), { 'x-demo-scenario': 'capture-status:FAILED' });
    expect((await status(declined)).json).toEqual({ orderId: declined, status: 'FAILED' });
    expect((await status('DEMO-0')).json).toMatchObject({ code: 'ORDER_NOT_FOUND', statusCode: 404 });
  });

  it('payment-status-token: a backend that demands a token answers a shopper 401', async () => {
    const orderId = await placeOrder(backend);
    const refused = await status(orderId, { 'x-demo-scenario': 'payment-status-token' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('WWW-Authenticate')).toContain('Bearer');
    const signed = await status(orderId, { 'x-demo-scenario': 'payment-status-token', ...signedIn(backend) });
    expect(signed.json).toEqual({ orderId, status: null });
  });
});

describe('captures that end the payment', () => {
  it('capture-expired: PayPal refuses the capture of an expired approval, 422 ORDER_EXPIRED; nothing taken', async () => {
    const orderId = await placeOrder(backend);
    const answer = await processPayment(backend, orderId, await intentId(orderId), {
      'x-demo-scenario': 'capture-expired',
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ details: [{ issue: 'ORDER_EXPIRED' }] });
    expect(backend.state.payments).toHaveLength(0);
  });

  it('order-cancelled: the backend cancelled the order: 409 ORDER_NOT_PAYABLE; nothing taken', async () => {
    const orderId = await placeOrder(backend);
    const answer = await processPayment(backend, orderId, await intentId(orderId), {
      'x-demo-scenario': 'order-cancelled',
    });
    expect(answer.json).toMatchObject({ code: 'ORDER_NOT_PAYABLE', statusCode: 409, details: { status: 'CANCELLED' } });
    expect(backend.state.payments).toHaveLength(0);
  });
});

describe("the charge follows the store's settings", () => {
  it('charges goods, shipping by the rule and tax: the intent, the capture and the payment carry the total', async () => {
    const priced = createDemoBackend({
      catalog: fixtureCatalog(),
      pricing: { freeShippingAbove: 60, shippingFee: 4.5, taxPercent: 10 },
    });
    const below = await call(priced, 'POST', '/api/v1/orders/store/haven-home', {
      body: { items: [{ productId: 'prod-test-camera', variantId: 'var-white', quantity: 1 }] },
    });
    expect(below.json).toMatchObject({ subtotal: 49.99, shipping: 4.5, tax: 5, total: 59.49 });
    const above = await placeOrder(priced, 2);
    expect(priced.state.orders.get(above)).toMatchObject({ subtotal: 99.98, shipping: 0, tax: 10, total: 109.98 });
    priced.setPricing({ freeShippingAbove: 100, shippingFee: 9.99, taxPercent: 8 });
    const later = await placeOrder(priced, 2);
    const intent = await createIntent(priced, later);
    expect(intent.json['amount']).toBe(117.97);
    await processPayment(priced, later, String(intent.json['id']));
    expect(priced.state.payments.at(-1)?.amount).toBe(117.97);
  });

  it('own-pricing: a backend with rules of its own charges $4.99 shipping on every order', async () => {
    const orderId = await placeOrder(backend, 3, { 'x-demo-scenario': 'own-pricing' });
    expect(backend.state.orders.get(orderId)).toMatchObject({
      subtotal: 149.97,
      shipping: 4.99,
      tax: 12,
      total: 166.96,
    });
  });
});

describe('capture scenarios', () => {
  const setUp = async () => {
    const orderId = await placeOrder(backend);
    return { orderId, id: await intentId(orderId) };
  };

  it('payer-action: PayPal needs a step from the payer once per order; nothing is taken, the next capture pays', async () => {
    const { orderId, id } = await setUp();
    const scenario = { 'x-demo-scenario': 'payer-action' };
    const first = await processPayment(backend, orderId, id, { ...scenario, 'Idempotency-Key': 'step-1' });
    expect(first.json).toMatchObject({ details: [{ issue: 'PAYER_ACTION_REQUIRED' }] });
    expect(backend.state.payments).toHaveLength(0);
    await processPayment(backend, orderId, id, { ...scenario, 'Idempotency-Key': 'step-2' });
    expect(backend.state.payments).toHaveLength(1);
  });

  it('foreign-currency: the intent names EUR', async () => {
    const orderId = await placeOrder(backend);
    expect((await createIntent(backend, orderId, { 'x-demo-scenario': 'foreign-currency' })).json).toMatchObject({
      currency: 'EUR',
    });
  });

  it('charge-more and foreign-capture: the capture takes $4.99 more, or reports EUR', async () => {
    const { orderId, id } = await setUp();
    const total = backend.state.orders.get(orderId)!.total;
    const more = await processPayment(backend, orderId, id, { 'x-demo-scenario': 'charge-more' });
    expect(more.json).toMatchObject({ amount: Math.round((total + 4.99) * 100) / 100, currency: 'USD' });
    const other = await setUp();
    const euro = await processPayment(backend, other.orderId, other.id, { 'x-demo-scenario': 'foreign-capture' });
    expect(euro.json).toMatchObject({ amount: total, currency: 'EUR' });
  });

  it('capture-lost: the first capture goes through but its answer is lost; the retry is told so', async () => {
    const { orderId, id } = await setUp();
    const headers = { 'Idempotency-Key': 'cap-1', 'x-demo-scenario': 'capture-lost' };
    expect((await processPayment(backend, orderId, id, headers)).status).toBe(0);
    expect(backend.state.orders.get(orderId)?.status).toBe('PAID');
    const retry = await processPayment(backend, orderId, id, headers);
    expect(retry.json).toMatchObject({ captureId: expect.any(String), orderId });
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(backend.state.payments).toHaveLength(1);
  });

  it('capture-error-once: the first capture of each order answers 503 and takes nothing; the next one pays', async () => {
    const { orderId, id } = await setUp();
    const headers = { 'Idempotency-Key': 'cap-1', 'x-demo-scenario': 'capture-error-once' };
    const first = await processPayment(backend, orderId, id, headers);
    expect(first.json).toMatchObject({ code: 'PAYMENT_SERVICE_UNAVAILABLE', statusCode: 503 });
    expect(backend.state.payments).toHaveLength(0);
    expect((await processPayment(backend, orderId, id, headers)).json).toMatchObject({ captureId: expect.any(String) });
  });

  it('capture-error: every capture answers 503 and takes nothing; order create and intent still work', async () => {
    const headers = { 'x-demo-scenario': 'capture-error' };
    const orderId = await placeOrder(backend, 1, headers);
    const id = String((await createIntent(backend, orderId, headers)).json['id']);
    for (let i = 0; i < 3; i++) expect((await processPayment(backend, orderId, id, headers)).status).toBe(503);
    expect(backend.state.payments).toHaveLength(0);
  });

  it('capture-slow:<ms> delays the capture only', async () => {
    // A second each: the calls that are not delayed answer well within it, however busy the machine.
    const headers = { 'x-demo-scenario': 'capture-slow:1000' };
    let started = performance.now();
    const orderId = await placeOrder(backend, 1, headers);
    const id = String((await createIntent(backend, orderId, headers)).json['id']);
    expect(performance.now() - started).toBeLessThan(1000);
    started = performance.now();
    expect((await processPayment(backend, orderId, id, headers)).json).toMatchObject({ captureId: expect.any(String) });
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('capture-held: a capture waits until its order is released; one released never waits again', async () => {
    const headers = { 'x-demo-scenario': 'capture-held' };
    const orderId = await placeOrder(backend, 1);
    const id = await intentId(orderId);
    let settled = false;
    const first = processPayment(backend, orderId, id, headers).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    expect(backend.state.payments).toHaveLength(0);
    const release = await call(backend, 'POST', `/__demo/orders/${orderId}/release-capture`);
    expect(release.status).toBe(200);
    expect((await first).json['captureId']).toEqual(expect.any(String));
    expect(backend.state.payments).toHaveLength(1);
    expect((await processPayment(backend, orderId, id, headers)).json).toMatchObject({ code: 'ORDER_ALREADY_PAID' });
  });
});

describe('scenario declined', () => {
  const expectDeclinedThenPaid = async (headers: Record<string, string>, target = backend) => {
    const orderId = await placeOrder(target);
    const id = String((await createIntent(target, orderId)).json['id']);
    const first = await processPayment(target, orderId, id, headers);
    expect(first.status).toBe(200);
    expect(first.json['details']).toEqual([{ issue: 'INSTRUMENT_DECLINED', description: DECLINED_DESCRIPTION }]);
    expect(first.json['debug_id']).toEqual(expect.any(String));
    expect(target.state.orders.get(orderId)?.status).toBe('PENDING');
    const retry = await processPayment(target, orderId, id, headers);
    expect(retry.json).toMatchObject({ captureId: expect.any(String) });
    expect(target.state.orders.get(orderId)?.status).toBe('PAID');
  };

  it('by header: declines the first payment of an order, then succeeds', () =>
    expectDeclinedThenPaid({ 'x-demo-scenario': 'declined' }));
  it('by cookie', () => expectDeclinedThenPaid({ cookie: 'theme=dark; demo-scenario=declined' }));
  it('for the whole run', () => expectDeclinedThenPaid({}, freshBackend('declined')));

  it('declines each order once, independently', async () => {
    const headers = { 'x-demo-scenario': 'declined' };
    const a = await placeOrder(backend);
    const b = await placeOrder(backend);
    const first = await processPayment(backend, a, await intentId(a), headers);
    const second = await processPayment(backend, b, await intentId(b), headers);
    expect(first.json['details']).toBeDefined();
    expect(second.json['details']).toBeDefined();
  });

  it('a header with no scenario overrides the run scenario', async () => {
    const run = freshBackend('declined');
    const orderId = await placeOrder(run);
    const id = String((await createIntent(run, orderId)).json['id']);
    expect((await processPayment(run, orderId, id, { 'x-demo-scenario': 'none' })).json['captureId']).toEqual(
      expect.any(String),
    );
  });
});

describe('scenario intent-error', () => {
  it('answers error{issue, description} and paymentIntent{debug_id} instead of an id', async () => {
    const orderId = await placeOrder(backend);
    const { status, json } = await createIntent(backend, orderId, { 'x-demo-scenario': 'intent-error' });
    expect(status).toBe(200);
    expect(json).toEqual({ error: INTENT_ERROR, paymentIntent: { debug_id: expect.stringMatching(/^[a-z0-9]{13}$/) } });
    expect(backend.state.intents.size).toBe(0);
  });
});

describe('scenario server-error', () => {
  const headers = { 'x-demo-scenario': 'server-error' };

  it('fails order create, payment intent and process payment with 5xx ApiErrors carrying a traceId', async () => {
    const created = await call(backend, 'POST', '/api/v1/orders/store/haven-home', {
      body: { items: [{ productId: 'prod-test-camera', variantId: 'var-white', quantity: 1 }] },
      headers,
    });
    expect(created.status).toBe(500);
    expect(backend.state.orders.size).toBe(0);
    const orderId = await placeOrder(backend);
    const intent = await createIntent(backend, orderId, headers);
    expect(intent.status).toBe(503);
    const id = await intentId(orderId);
    const paid = await processPayment(backend, orderId, id, headers);
    expect(paid.status).toBe(500);
    for (const answer of [created, intent, paid]) {
      expect(answer.json).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
        statusCode: answer.status,
      });
      expect(answer.json['traceId']).toMatch(/^demo-trace-/);
    }
    expect(backend.state.orders.get(orderId)?.status).toBe('PENDING');
  });

  it('also fails the order lookup, analytics and the token refresh, with the same API error shape', async () => {
    const orderId = await placeOrder(backend);
    const answers = [
      await call(backend, 'GET', `/api/v1/orders/${orderId}`, { headers: { ...headers, ...signedIn(backend) } }),
      await call(backend, 'POST', '/api/v1/analytics/track?storeId=haven-home', {
        body: { event: 'PRODUCT_VIEW', value: 1, productId: 'prod-test-camera' },
        headers,
      }),
      await call(backend, 'POST', '/api/v1/users/refresh-token', { body: { refreshToken: 'r' }, headers }),
    ];
    expect(answers.map((a) => a.status)).toEqual([503, 500, 500]);
    for (const answer of answers) {
      expect(answer.json).toMatchObject({
        code: expect.any(String),
        statusCode: answer.status,
        traceId: expect.stringMatching(/^demo-trace-/),
      });
    }
    expect(backend.state.analytics).toHaveLength(0);
  });

  it('leaves the product lookup working, so the site still builds', async () => {
    const run = freshBackend('server-error');
    expect((await call(run, 'GET', '/api/v1/stores/haven-home.test/products/haven-cam-360')).status).toBe(200);
  });
});

describe('scenario slow', () => {
  it('delays API answers by slow:<ms>, including errors, but not the read-back routes', async () => {
    // A second: the read-back answers well within it, however busy the machine.
    const headers = { 'x-demo-scenario': 'slow:1000' };
    let started = performance.now();
    expect(
      (await call(backend, 'GET', '/api/v1/stores/haven-home.test/products/haven-cam-360', { headers })).status,
    ).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    started = performance.now();
    expect((await call(backend, 'GET', '/api/v1/unknown', { headers })).status).toBe(404);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    started = performance.now();
    await call(backend, 'GET', '/__demo/orders', { headers });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('combines with other scenarios', async () => {
    const orderId = await placeOrder(backend);
    const started = performance.now();
    const answer = await createIntent(backend, orderId, { 'x-demo-scenario': 'slow:60,intent-error' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect(answer.json['error']).toEqual(INTENT_ERROR);
  });
});

it('refuses an unknown scenario name with a 400 that lists the valid ones', async () => {
  const { status, json } = await call(backend, 'GET', '/api/v1/stores/haven-home.test/products/haven-cam-360', {
    headers: { 'x-demo-scenario': 'decliend' },
  });
  expect(status).toBe(400);
  expect(json).toMatchObject({ code: 'UNKNOWN_SCENARIO' });
  expect(json['message']).toContain('"decliend"');
  expect(json['message']).toContain('declined, intent-error, server-error, slow');
});
