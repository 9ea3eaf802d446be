// The team's typed client against the demo backend: the payment flow (order, payment intent, process payment) as the
// storefront runs it.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { trackBeacon } from '../beacon.ts';
import { ApiError, createCommerceClient, memoryStorage } from '../index.ts';
import { storageWith } from '../client.support.ts';
import { freshBackend } from './fixtures/harness.ts';
import { DECLINED_DESCRIPTION } from './handlers/payments.ts';

const backend = freshBackend();
const server = setupServer(...backend.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => backend.reset());
afterAll(() => server.close());

const baseUrl = 'http://api.shop.test/api/v1';
// No token: the storefront's calls are public.
const api = createCommerceClient({ baseUrl, storage: memoryStorage(), onAuthFailure: () => undefined });
const declined = { 'x-demo-scenario': 'declined' };

/** A client holding an access token the backend issued: what protected operations such as GET /orders/{id} need. */
const signedInClient = () =>
  createCommerceClient({
    baseUrl,
    storage: storageWith({ accessToken: backend.issueToken() }),
    onAuthFailure: () => undefined,
  });

async function createOrder(key: string) {
  const { data } = await api.POST('/orders/store/{storeId}', {
    params: { path: { storeId: 'haven-home' }, header: { 'Idempotency-Key': key } },
    body: { items: [{ productId: 'prod-test-camera', variantId: 'var-black', quantity: 2 }] },
  });
  return data;
}

describe('typed client against the demo backend', () => {
  it('looks the product up by store domain and link', async () => {
    const { data } = await api.GET('/stores/{id}/products/{link}', {
      params: { path: { id: 'haven-home.test', link: 'haven-cam-360' } },
    });
    expect(data.variants.map((v) => v.sku)).toEqual(['TC-WHT', 'TC-BLK', 'TC-GRN']);
  });

  it('runs the payment flow: order, intent, declined once, paid on retry', async () => {
    const order = await createOrder('attempt-1');
    expect(await createOrder('attempt-1')).toEqual(order);
    const { data: intent } = await api.POST('/orders/{id}/payment-intent', {
      params: { path: { id: order.id } },
      body: { provider: 'paypal', metadata: { orderId: order.id, provider: 'paypal', currency: 'USD' } },
    });
    expect(intent.id).toBeTruthy();
    const pay = () =>
      api.POST('/orders/{id}/process-payment', {
        params: { path: { id: order.id } },
        body: { provider: 'paypal', paymentIntentId: String(intent.id) },
        headers: declined,
      });
    expect((await pay()).data.details?.[0]).toEqual({
      issue: 'INSTRUMENT_DECLINED',
      description: DECLINED_DESCRIPTION,
    });
    expect((await pay()).data).toMatchObject({ amount: order.total });
    const { data: paid } = await signedInClient().GET('/orders/{id}', { params: { path: { id: order.id } } });
    expect(paid['status']).toBe('PAID');
    expect(backend.state.orders.size).toBe(1);
  });

  it('rejects with ApiError carrying the backend code, message and traceId', async () => {
    const failure = api.POST('/orders/store/{storeId}', {
      params: { path: { storeId: 'haven-home' } },
      body: { items: [{ productId: 'prod-test-camera', variantId: 'var-green', quantity: 1 }] },
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      statusCode: 422,
      traceId: expect.any(String),
    });
  });

  it('reads an order with a token obtained by refresh, and refuses it with 401 without any token', async () => {
    const order = await createOrder('lookup');
    const storage = storageWith({ refreshToken: 'r-1' });
    const client = createCommerceClient({
      baseUrl,
      storage,
      onAuthFailure: () => expect.unreachable('the refresh succeeds'),
    });
    const { data } = await client.GET('/orders/{id}', { params: { path: { id: order.id } } });
    expect(data).toEqual(order);
    expect(storage.getItem('accessToken')).toMatch(/^demo-access-/);

    const anonymous = api.GET('/orders/{id}', { params: { path: { id: order.id } } });
    await expect(anonymous).rejects.toBeInstanceOf(ApiError);
    await expect(anonymous).rejects.toMatchObject({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      traceId: expect.any(String),
    });
  });

  it('takes the analytics beacon as the contract says, with its demo-session cookie', async () => {
    const storage = memoryStorage();
    const fetch = (url: string, init: RequestInit) =>
      globalThis.fetch(url, { ...init, headers: { ...init.headers, cookie: 'demo-session=s-1' } });
    expect(
      await trackBeacon(
        baseUrl,
        'haven-home',
        { event: 'PRODUCT_VIEW', value: 84.99, productId: 'prod-test-camera' },
        { storage, fetch },
      ),
    ).toBe(true);
    expect(backend.state.analytics).toEqual([
      {
        storeId: 'haven-home',
        event: 'PRODUCT_VIEW',
        value: 84.99,
        productId: 'prod-test-camera',
        at: expect.any(String),
        session: 's-1',
      },
    ]);
  });

  it('refreshes the access token through /users/refresh-token', async () => {
    const storage = memoryStorage();
    storage.setItem('refreshToken', 'r-1');
    const client = createCommerceClient({ baseUrl, storage, onAuthFailure: () => undefined });
    await client.POST('/analytics/track', {
      params: { query: { storeId: 'haven-home' } },
      body: { event: 'PRODUCT_VIEW', value: 1, productId: 'prod-test-camera' },
    });
    expect(storage.getItem('accessToken')).toMatch(/^demo-access-/);
    expect(backend.state.analytics).toHaveLength(1);
  });
});
