import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DemoBackend } from './backend.ts';
import { call, createIntent, freshBackend, placeOrder, processPayment } from './fixtures/harness.ts';
import { DEFAULT_SLOW_MS, NO_SCENARIO, parseScenario, ScenarioError } from './scenario.ts';

let backend: DemoBackend;
beforeEach(() => {
  backend = freshBackend();
});

describe('POST /analytics/track', () => {
  it('records storeId, event, value, productId and time, readable at /__demo/analytics', async () => {
    const body = { event: 'ADD_TO_CART', value: 49.99, productId: 'prod-test-camera' };
    const answer = await call(backend, 'POST', '/api/v1/analytics/track?storeId=haven-home', { body });
    expect(answer.status).toBe(200);
    expect(answer.json['hour']).toMatch(/T\d\d:00:00\.000Z$/);
    const { json } = await call(backend, 'GET', '/__demo/analytics');
    expect(json).toEqual({ events: [{ storeId: 'haven-home', ...body, at: expect.any(String) }] });
  });

  it("records the demo-session cookie with an event, and ?session= reads back that session's events only", async () => {
    const track = (event: string, cookie?: string) =>
      call(backend, 'POST', '/api/v1/analytics/track?storeId=haven-home', {
        body: { event, value: 1, productId: 'prod-test-camera' },
        ...(cookie ? { headers: { cookie } } : {}),
      });
    expect((await track('PRODUCT_VIEW', 'demo-scenario=none; demo-session=tab-1')).json).not.toHaveProperty('session');
    await track('PRODUCT_VIEW', 'demo-session=tab-2');
    await track('ADD_TO_CART', 'demo-session=tab-1');
    await track('CHECKOUT_START');
    const read = async (query: string) =>
      (await call(backend, 'GET', `/__demo/analytics${query}`)).json['events'] as Record<string, unknown>[];
    expect((await read('?session=tab-1')).map((e) => [e['event'], e['session']])).toEqual([
      ['PRODUCT_VIEW', 'tab-1'],
      ['ADD_TO_CART', 'tab-1'],
    ]);
    expect((await read('?session=tab-2')).map((e) => e['event'])).toEqual(['PRODUCT_VIEW']);
    expect(await read('?session=tab-3')).toEqual([]);
    const all = await read('');
    expect(all.map((e) => e['session'])).toEqual(['tab-1', 'tab-2', 'tab-1', undefined]);
    expect(all[3]).not.toHaveProperty('session');
  });

  it.each([
    [
      '/api/v1/analytics/track',
      { event: 'PRODUCT_VIEW', value: 1, productId: 'p' },
      400,
      'storeId query parameter is required',
    ],
    [
      '/api/v1/analytics/track?storeId=other',
      { event: 'PRODUCT_VIEW', value: 1, productId: 'p' },
      404,
      'Store "other" was not found',
    ],
    [
      '/api/v1/analytics/track?storeId=haven-home',
      { event: 'SALE', value: 1, productId: 'p' },
      400,
      'event must be one of PRODUCT_VIEW, CHECKOUT_START, ADD_TO_CART, ORDER_COMPLETE',
    ],
    [
      '/api/v1/analytics/track?storeId=haven-home',
      { event: 'PRODUCT_VIEW', value: '1', productId: 'p' },
      400,
      'value must be number',
    ],
  ])('refuses %s %j', async (path, body, status, message) => {
    const answer = await call(backend, 'POST', path, { body });
    expect(answer.status).toBe(status);
    expect(answer.json['message']).toBe(message);
    expect(backend.state.analytics).toHaveLength(0);
  });
});

describe('POST /users/refresh-token', () => {
  it('exchanges a refresh token for an access token', async () => {
    const { status, json } = await call(backend, 'POST', '/api/v1/users/refresh-token', {
      body: { refreshToken: 'r-1' },
    });
    expect(status).toBe(200);
    expect(json['accessToken']).toMatch(/^demo-access-/);
  });

  it('refuses expired tokens with 401 (saying which scheme) and a missing field with 400', async () => {
    const expired = await call(backend, 'POST', '/api/v1/users/refresh-token', { body: { refreshToken: 'expired-1' } });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('WWW-Authenticate')).toBe('Bearer realm="haven-demo", error="invalid_token"');
    const missing = await call(backend, 'POST', '/api/v1/users/refresh-token', { body: {} });
    expect(missing.json).toMatchObject({ statusCode: 400, message: 'refreshToken is required' });
  });
});

describe('POST /users/login', () => {
  it('signs any email and password in: an access token the backend accepts, and a refresh token', async () => {
    const { status, json } = await call(backend, 'POST', '/api/v1/users/login', {
      body: { email: 'owner@example.com', password: 'anything' },
    });
    expect(status).toBe(200);
    expect(json).toEqual({ accessToken: expect.stringMatching(/^demo-access-/), refreshToken: expect.any(String) });
    const authorization = `Bearer ${String(json['accessToken'])}`;
    expect((await call(backend, 'GET', '/api/v1/orders/DEMO-0', { headers: { authorization } })).status).toBe(404);
  });

  it('asks for both fields', async () => {
    const answer = await call(backend, 'POST', '/api/v1/users/login', { body: { email: 'owner@example.com' } });
    expect(answer.json).toMatchObject({ statusCode: 400, message: 'email and password are required' });
  });
});

it('GET /system/version reports the contract version', async () => {
  expect((await call(backend, 'GET', '/api/v1/system/version')).json).toEqual({ version: '1.6.0' });
});

it('GET /heath/check (spelled so) answers ok without a token, and 503 while the backend fails', async () => {
  expect((await call(backend, 'GET', '/api/v1/heath/check')).json).toEqual({ status: 'ok', version: '1.6.0' });
  const failing = await call(backend, 'GET', '/api/v1/heath/check', { headers: { 'x-demo-scenario': 'server-error' } });
  expect(failing.status).toBe(503);
});

describe('read-back and reset', () => {
  it('lists orders with their payment intents and payments', async () => {
    const orderId = await placeOrder(backend);
    const intentId = String((await createIntent(backend, orderId)).json['id']);
    await processPayment(backend, orderId, intentId);
    const { json } = await call(backend, 'GET', '/__demo/orders');
    expect(json['orders']).toEqual([expect.objectContaining({ id: orderId, status: 'PAID' })]);
    expect(json['paymentIntents']).toEqual([expect.objectContaining({ id: intentId, orderId })]);
    expect(json['payments']).toEqual([
      expect.objectContaining({ orderId, paymentIntentId: intentId, status: 'COMPLETED' }),
    ]);
  });

  it("records the demo-session cookie of the request that placed an order, and ?session= reads back that session's orders, intents and payments only", async () => {
    const mine = await placeOrder(backend, 1, { cookie: 'demo-session=tab-1' });
    const theirs = await placeOrder(backend, 2, { cookie: 'demo-session=tab-2' });
    await placeOrder(backend, 3);
    const intent = String((await createIntent(backend, theirs)).json['id']);
    await processPayment(backend, theirs, intent);
    const read = async (query: string) => (await call(backend, 'GET', `/__demo/orders${query}`)).json;
    const tab1 = await read('?session=tab-1');
    expect((tab1['orders'] as { id: string }[]).map((o) => o.id)).toEqual([mine]);
    expect(tab1['orders']).not.toContainEqual(expect.objectContaining({ session: expect.anything() }));
    expect([tab1['paymentIntents'], tab1['payments']]).toEqual([[], []]);
    const tab2 = await read('?session=tab-2');
    expect((tab2['orders'] as { id: string }[]).map((o) => o.id)).toEqual([theirs]);
    expect(tab2['paymentIntents']).toEqual([expect.objectContaining({ id: intent, orderId: theirs })]);
    expect(tab2['payments']).toEqual([expect.objectContaining({ orderId: theirs })]);
    expect((await read('?session=tab-3'))['orders']).toEqual([]);
    expect((await read(''))['orders']).toHaveLength(3);
  });

  it('POST /__demo/reset forgets orders, intents, payments, events, idempotency keys, declines and tokens', async () => {
    const headers = { 'Idempotency-Key': 'k', 'x-demo-scenario': 'declined' };
    backend.issueToken();
    const orderId = await placeOrder(backend, 1, headers);
    await processPayment(backend, orderId, String((await createIntent(backend, orderId)).json['id']), headers);
    await call(backend, 'POST', '/api/v1/analytics/track?storeId=haven-home', {
      body: { event: 'PRODUCT_VIEW', value: 1, productId: 'p' },
    });
    const orders = backend.state.orders;
    expect((await call(backend, 'POST', '/__demo/reset')).json).toEqual({ ok: true });
    expect(orders.size).toBe(0);
    expect(backend.state).toMatchObject({ payments: [], analytics: [] });
    expect(backend.state.intents.size + backend.state.idempotency.size + backend.state.declinedOnce.size).toBe(0);
    expect(backend.state.accessTokens.size).toBe(0);
    expect(await placeOrder(backend, 1, headers)).not.toBe(orderId);
  });

  it('keeps state per backend instance', async () => {
    await placeOrder(backend);
    expect(freshBackend().state.orders.size).toBe(0);
  });

  it('answers unknown read-back routes with 404', async () => {
    expect((await call(backend, 'GET', '/__demo/nothing')).status).toBe(404);
  });
});

describe('parseScenario', () => {
  it('reads names, slow with its default and slow:<ms>, and combinations', () => {
    expect(parseScenario('slow')).toMatchObject({ slowMs: DEFAULT_SLOW_MS });
    expect(DEFAULT_SLOW_MS).toBe(3000);
    expect(parseScenario('slow:250')).toMatchObject({ slowMs: 250 });
    // No scenario turns every fault off; a combination turns on just its own.
    expect(Object.values(NO_SCENARIO).every((value) => value === false || value === 0)).toBe(true);
    expect(parseScenario(' Declined , server-error ')).toEqual({ ...NO_SCENARIO, declined: true, serverError: true });
    expect(parseScenario('payer-action,foreign-currency,charge-more,foreign-capture')).toMatchObject({
      payerAction: true,
      foreignCurrency: true,
      chargeMore: true,
      foreignCapture: true,
    });
    expect(
      parseScenario('order-status-only,capture-expired,order-cancelled,payment-status-token,own-pricing'),
    ).toMatchObject({
      ownPricing: true,
      orderStatusOnly: true,
      captureExpired: true,
      orderCancelled: true,
      paymentStatusToken: true,
    });
    expect(parseScenario('capture-status:failed')).toMatchObject({ captureStatus: 'FAILED' });
    expect(parseScenario('capture-status:Pending,paypal-passthrough,capture-crash-once')).toMatchObject({
      captureStatus: 'PENDING',
      paypalPassthrough: true,
      captureCrashOnce: true,
    });
    expect(parseScenario('capture-lost,capture-error-once,capture-error,capture-slow:40,capture-held')).toMatchObject({
      captureLost: true,
      captureErrorOnce: true,
      captureError: true,
      captureSlowMs: 40,
      captureHeld: true,
      slowMs: 0,
    });
    expect(parseScenario('capture-slow')).toMatchObject({ captureSlowMs: DEFAULT_SLOW_MS, slowMs: 0 });
    expect(parseScenario('')).toEqual(parseScenario('none'));
  });

  it.each(['slow:', 'slow:-1', 'slow:abc', 'fast', 'declined,oops', 'capture-slow:', 'capture-lost:1'])(
    'refuses %j',
    (value) => {
      expect(() => parseScenario(value)).toThrow(ScenarioError);
    },
  );
});

describe('with setupServer, as other tests use it', () => {
  const shared = freshBackend();
  const server = setupServer(...shared.handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  it('answers fetch on any origin', async () => {
    const response = await fetch('http://api.shop.test/api/v1/stores/haven-home.test/products/haven-cam-360');
    expect(response.status).toBe(200);
    const product = (await response.json()) as { variants: { images: { url: string }[] }[] };
    expect(product.variants[0]?.images[0]?.url).toBe('http://api.shop.test/demo-images/test/white-1.webp');
  });
});
