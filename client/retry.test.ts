// Retry policy: GET/HEAD only, on network errors and 5xx, 3 retries, 1 s doubling, capped at 30 s,
// Retry-After honoured. The injected sleep only records, so no test waits in real time.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, createCommerceClient, HttpError, memoryStorage, type RetryOptions } from './index.ts';
import { retryAfterMs, withRetry } from './retry.ts';
import { BASE, recordingSleep, useMockServer } from './client.support.ts';

const server = useMockServer();
const PRODUCT = `${BASE}/stores/haven-home.test/products/haven-cam-360`;

/** Serves `answers` in order (the last one repeats) and counts the requests. */
function answerInTurn(method: 'get' | 'post' | 'put' | 'delete', url: string, answers: (() => Response)[]) {
  const count = { requests: 0 };
  server.use(http[method](url, () => (answers[Math.min(count.requests++, answers.length - 1)] as () => Response)()));
  return count;
}

function setup(retry: RetryOptions = {}) {
  const recorder = recordingSleep();
  const api = createCommerceClient({
    baseUrl: BASE,
    storage: memoryStorage(),
    retry: { sleep: recorder.sleep, ...retry },
  });
  const getProduct = () =>
    api.GET('/stores/{id}/products/{link}', { params: { path: { id: 'haven-home.test', link: 'haven-cam-360' } } });
  return { api, delays: recorder.delays, getProduct };
}

const ok = () => HttpResponse.json({ id: 'p1', name: 'Cam', variants: [] });
const unavailable = () => HttpResponse.json({ code: 'DOWN' }, { status: 503 });

describe('GET', () => {
  it('retries 5xx with 1000, 2000, 4000 ms and resolves when the backend recovers', async () => {
    const count = answerInTurn('get', PRODUCT, [unavailable, unavailable, unavailable, ok]);
    const { delays, getProduct } = setup();
    const { data } = await getProduct();
    expect(data.id).toBe('p1');
    expect(count.requests).toBe(4);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('gives up after 3 retries and rejects with the last answer as ApiError', async () => {
    const count = answerInTurn('get', PRODUCT, [() => HttpResponse.json({ code: 'BOOM' }, { status: 500 })]);
    const { delays, getProduct } = setup();
    await expect(getProduct()).rejects.toMatchObject({ name: 'ApiError', code: 'BOOM', statusCode: 500 });
    expect(count.requests).toBe(4);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('retries network errors the same way and finally rejects with the TypeError', async () => {
    const count = answerInTurn('get', PRODUCT, [() => HttpResponse.error()]);
    const { delays, getProduct } = setup();
    await expect(getProduct()).rejects.toBeInstanceOf(TypeError);
    expect(count.requests).toBe(4);
    expect(delays).toEqual([1000, 2000, 4000]);
  });

  it('recovers from a network error followed by a 502', async () => {
    const count = answerInTurn('get', PRODUCT, [
      () => HttpResponse.error(),
      () => new HttpResponse('bad gateway', { status: 502 }),
      ok,
    ]);
    const { delays, getProduct } = setup();
    await getProduct();
    expect(count.requests).toBe(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it('caps the backoff at 30 s', async () => {
    answerInTurn('get', PRODUCT, [unavailable]);
    const { delays, getProduct } = setup({ retries: 8 });
    await expect(getProduct()).rejects.toBeInstanceOf(ApiError);
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it.each([
    ['delta-seconds', '5', 5000],
    ['zero seconds', '0', 0],
    ['an HTTP date 7 s ahead', new Date(1_000_000 + 7000).toUTCString(), 7000],
    ['an HTTP date in the past', new Date(1_000_000 - 60_000).toUTCString(), 0],
    ['more than the cap', '120', 30000],
    ['an unreadable value (backoff instead)', 'soon', 1000],
  ])('honours Retry-After given as %s', async (_, header, expected) => {
    answerInTurn('get', PRODUCT, [
      () => HttpResponse.json({}, { status: 503, headers: { 'Retry-After': header } }),
      ok,
    ]);
    const { delays, getProduct } = setup({ now: () => 1_000_000 });
    await getProduct();
    expect(delays).toEqual([expected]);
  });

  it.each([400, 401, 404, 409, 429])('never retries a %i', async (status) => {
    const count = answerInTurn('get', PRODUCT, [
      () => HttpResponse.json({ code: 'NO' }, { status, headers: { 'Retry-After': '1' } }),
    ]);
    const { delays, getProduct } = setup();
    await expect(getProduct()).rejects.toMatchObject({ statusCode: status });
    expect(count.requests).toBe(1);
    expect(delays).toEqual([]);
  });
});

describe('non-idempotent methods are never retried', () => {
  const ORDER = `${BASE}/orders/o1`;
  it.each([
    [
      'POST',
      'post',
      (api: ReturnType<typeof setup>['api']) => api.POST('/orders/{id}/refund', { params: { path: { id: 'o1' } } }),
      `${ORDER}/refund`,
    ],
    [
      'PUT',
      'put',
      (api: ReturnType<typeof setup>['api']) => api.PUT('/orders/{id}', { params: { path: { id: 'o1' } } }),
      ORDER,
    ],
    [
      'DELETE',
      'delete',
      (api: ReturnType<typeof setup>['api']) => api.DELETE('/orders/{id}', { params: { path: { id: 'o1' } } }),
      ORDER,
    ],
  ] as const)('%s on a 503 or a network error', async (_, method, call, url) => {
    const count = answerInTurn(method, url, [unavailable]);
    const { api, delays } = setup();
    await expect(call(api)).rejects.toBeInstanceOf(ApiError);
    answerInTurn(method, url, [() => HttpResponse.error()]);
    await expect(call(api)).rejects.toBeInstanceOf(TypeError);
    expect(count.requests).toBe(1);
    expect(delays).toEqual([]);
  });
});

describe('withRetry on its own', () => {
  it('retries HEAD like GET', async () => {
    const statuses = [503, 200];
    const fetch = () => Promise.resolve(new Response(null, { status: statuses.shift() }));
    const { delays, sleep } = recordingSleep();
    const response = await withRetry(fetch, { sleep })(new Request('http://127.0.0.1:59999/', { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(delays).toEqual([1000]);
  });

  it('does not retry an aborted request', async () => {
    let calls = 0;
    const fetch = () => {
      calls++;
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    };
    const { delays, sleep } = recordingSleep();
    await expect(withRetry(fetch, { sleep })(new Request('http://127.0.0.1:59999/'))).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls).toBe(1);
    expect(delays).toEqual([]);
  });

  it('sends an equivalent request on every attempt', async () => {
    const seen: string[] = [];
    const fetch = (request: Request) => {
      seen.push(`${request.method} ${request.url} ${request.headers.get('x-a')}`);
      return Promise.resolve(new Response(null, { status: 500 }));
    };
    const request = new Request('http://127.0.0.1:59999/a?b=1', { headers: { 'x-a': '1' } });
    const response = await withRetry(fetch, recordingSleep())(request);
    expect(response.status).toBe(500);
    expect(new Set(seen)).toEqual(new Set(['GET http://127.0.0.1:59999/a?b=1 1']));
    expect(seen).toHaveLength(4);
  });

  it('retryAfterMs reads seconds and dates, and ignores what it cannot read', () => {
    const now = () => Date.UTC(2026, 10, 1, 12, 0, 0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs(' 3 ', now)).toBe(3000);
    expect(retryAfterMs('Sun, 01 Nov 2026 12:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('-1', now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
  });

  it('uses HttpError for a plain-text 503 after the retries', async () => {
    answerInTurn('get', PRODUCT, [
      () => new HttpResponse('maintenance', { status: 503, statusText: 'Service Unavailable' }),
    ]);
    const { getProduct } = setup();
    await expect(getProduct()).rejects.toBeInstanceOf(HttpError);
  });
});
