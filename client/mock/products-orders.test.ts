import { beforeEach, describe, expect, it } from 'vitest';
import type { DemoBackend } from './backend.ts';
import { call, freshBackend, ORIGIN, signedIn } from './fixtures/harness.ts';

const ORDERS = '/api/v1/orders/store/haven-home';
const item = (variantId: string, quantity: number, productId = 'prod-test-camera') => ({
  productId,
  variantId,
  quantity,
});

let backend: DemoBackend;
beforeEach(() => {
  backend = freshBackend();
});

describe('GET /stores/{id}/products/{link}', () => {
  it('finds the product by store domain and by store id', async () => {
    for (const store of ['haven-home.test', 'haven-home']) {
      const { status, json } = await call(backend, 'GET', `/api/v1/stores/${store}/products/haven-cam-360`);
      expect(status).toBe(200);
      expect(json['id']).toBe('prod-test-camera');
      expect(json).not.toHaveProperty('link');
    }
  });

  it('answers root-relative image urls as absolute urls on the request origin, leaving absolute ones', async () => {
    const { json } = await call(backend, 'GET', '/api/v1/stores/haven-home.test/products/haven-cam-360');
    const variants = json['variants'] as { images: { url: string }[] }[];
    expect(variants[0]?.images[0]?.url).toBe(`${ORIGIN}/demo-images/test/white-1.webp`);
    expect(variants[2]?.images[0]?.url).toBe('http://127.0.0.1/absolute/green-1.webp');
  });

  it.each([
    ['unknown store', '/api/v1/stores/nope.test/products/haven-cam-360', 'STORE_NOT_FOUND'],
    ['unknown link', '/api/v1/stores/haven-home.test/products/nope', 'PRODUCT_NOT_FOUND'],
  ])('%s: 404 with an ApiError body', async (_name, path, code) => {
    const { status, json } = await call(backend, 'GET', path);
    expect(status).toBe(404);
    expect(json).toMatchObject({ code, statusCode: 404 });
    expect(json['message']).toEqual(expect.any(String));
    expect(json['traceId']).toEqual(expect.any(String));
  });
});

describe('POST /orders/store/{storeId}', () => {
  it('creates a PENDING order with lines, what it charges in USD, and a timestamp', async () => {
    const { status, json } = await call(backend, 'POST', ORDERS, {
      body: { items: [item('var-white', 2), item('var-black', 1)] },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      status: 'PENDING',
      currency: 'USD',
      // Above $100 of goods, shipping is free; 8 % tax.
      subtotal: 154.48,
      shipping: 0,
      tax: 12.36,
      total: 166.84,
      storeId: 'haven-home',
    });
    expect(json['id']).toMatch(/^DEMO-\d+-[A-Z0-9]{4}$/);
    expect(Date.parse(String(json['createdAt']))).not.toBeNaN();
    expect(json['items']).toEqual([
      expect.objectContaining({
        name: 'Test Camera',
        variantName: 'White',
        sku: 'TC-WHT',
        unitPrice: 49.99,
        quantity: 2,
        lineTotal: 99.98,
        image: `${ORIGIN}/demo-images/test/white-1.webp`,
      }),
      expect.objectContaining({ sku: 'TC-BLK', unitPrice: 54.5, quantity: 1 }),
    ]);
    const read = await call(backend, 'GET', `/api/v1/orders/${String(json['id'])}`, { headers: signedIn(backend) });
    expect(read.json).toEqual(json);
    expect(backend.state.orders.size).toBe(1);
  });

  it.each([
    ['an empty list', { items: [] }, 'items must contain at least 1 item'],
    ['no items field', {}, 'items is required'],
    [
      'a missing variantId',
      { items: [{ productId: 'prod-test-camera', quantity: 1 }] },
      'items[0].variantId is required',
    ],
    ['quantity 0', { items: [item('var-white', 0)] }, 'items[0].quantity must be >= 1'],
    ['a fractional quantity', { items: [item('var-white', 1.5)] }, 'items[0].quantity must be integer'],
    ['a string quantity', { items: [{ ...item('var-white', 1), quantity: '2' }] }, 'items[0].quantity must be integer'],
    [
      'a field the contract does not have',
      { items: [{ ...item('var-white', 1), price: 0.01 }] },
      'items[0].price is not allowed',
    ],
  ])('refuses %s with a 400 naming the field', async (_name, body, message) => {
    const { status, json } = await call(backend, 'POST', ORDERS, { body });
    expect(status).toBe(400);
    expect(json).toMatchObject({ code: 'VALIDATION_ERROR', message, statusCode: 400 });
    expect(backend.state.orders.size).toBe(0);
  });

  it('refuses a body that is not JSON, and a missing body', async () => {
    expect((await call(backend, 'POST', ORDERS, { rawBody: '{items:' })).json).toMatchObject({
      code: 'INVALID_JSON',
      statusCode: 400,
    });
    expect((await call(backend, 'POST', ORDERS)).json).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
  });

  it.each([
    ['an unknown product', [item('var-white', 1, 'prod-nope')], 'PRODUCT_NOT_FOUND', 'items[0].productId "prod-nope"'],
    [
      'an unknown variant',
      [item('var-white', 1), item('var-nope', 1)],
      'VARIANT_NOT_FOUND',
      'items[1].variantId "var-nope"',
    ],
    ['more than the stock', [item('var-black', 4)], 'INSUFFICIENT_STOCK', 'has only 3 in stock'],
    ['an out-of-stock variant', [item('var-green', 1)], 'INSUFFICIENT_STOCK', 'is out of stock'],
    [
      'lines that together exceed the stock',
      [item('var-black', 2), item('var-black', 2)],
      'INSUFFICIENT_STOCK',
      'items[1].quantity: 4 requested',
    ],
  ])('refuses %s with a 422 naming the item', async (_name, items, code, message) => {
    const { status, json } = await call(backend, 'POST', ORDERS, { body: { items } });
    expect(status).toBe(422);
    expect(json['code']).toBe(code);
    expect(json['message']).toContain(message);
    expect(backend.state.orders.size).toBe(0);
  });

  it('accepts exactly the stock', async () => {
    expect((await call(backend, 'POST', ORDERS, { body: { items: [item('var-black', 3)] } })).status).toBe(200);
  });

  it('answers 404 for an unknown store id (the domain is not a store id here)', async () => {
    const { status, json } = await call(backend, 'POST', '/api/v1/orders/store/haven-home.test', {
      body: { items: [item('var-white', 1)] },
    });
    expect(status).toBe(404);
    expect(json['code']).toBe('STORE_NOT_FOUND');
  });
});

describe('Idempotency-Key', () => {
  const body = { items: [item('var-white', 1)] };

  it('returns the same order for the same key and creates no second order', async () => {
    const headers = { 'Idempotency-Key': 'attempt-1' };
    const first = await call(backend, 'POST', ORDERS, { body, headers });
    const second = await call(backend, 'POST', ORDERS, { body, headers });
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(backend.state.orders.size).toBe(1);
  });

  it('creates separate orders for different keys and for requests without a key', async () => {
    await call(backend, 'POST', ORDERS, { body, headers: { 'Idempotency-Key': 'a' } });
    await call(backend, 'POST', ORDERS, { body, headers: { 'Idempotency-Key': 'b' } });
    await call(backend, 'POST', ORDERS, { body });
    await call(backend, 'POST', ORDERS, { body });
    expect(backend.state.orders.size).toBe(4);
  });

  it('refuses a key reused for a different order with 422', async () => {
    await call(backend, 'POST', ORDERS, { body, headers: { 'Idempotency-Key': 'k' } });
    const reused = await call(backend, 'POST', ORDERS, {
      body: { items: [item('var-white', 2)] },
      headers: { 'Idempotency-Key': 'k' },
    });
    expect(reused.status).toBe(422);
    expect(reused.json['code']).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(backend.state.orders.size).toBe(1);
  });

  it('does not remember a key whose request failed', async () => {
    const headers = { 'Idempotency-Key': 'retry-me' };
    expect((await call(backend, 'POST', ORDERS, { body: { items: [item('var-black', 9)] }, headers })).status).toBe(
      422,
    );
    expect((await call(backend, 'POST', ORDERS, { body: { items: [item('var-black', 1)] }, headers })).status).toBe(
      200,
    );
  });
});

describe('GET /orders/{id} and unknown routes', () => {
  it('answers 404 ORDER_NOT_FOUND for an unknown order', async () => {
    const { status, json } = await call(backend, 'GET', '/api/v1/orders/DEMO-0', { headers: signedIn(backend) });
    expect(status).toBe(404);
    expect(json['code']).toBe('ORDER_NOT_FOUND');
  });

  it.each([
    ['GET', '/api/v1/nothing/here'],
    ['GET', '/api/v1'],
    ['DELETE', '/api/v1/orders/store/haven-home'],
  ])('%s %s: 404 ApiError', async (method, path) => {
    const { status, json } = await call(backend, method, path);
    expect(status).toBe(404);
    expect(json).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    expect(json['message']).toContain(path);
  });
});
