// The error shapes, through the client: every non-ok answer rejects with ApiError (object body) or HttpError.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, createCommerceClient, HttpError, memoryStorage } from './index.ts';
import { errorFromResponse } from './errors.ts';
import { BASE, recordingSleep, useMockServer } from './client.support.ts';

const server = useMockServer();
const api = createCommerceClient({ baseUrl: BASE, storage: memoryStorage(), retry: recordingSleep() });
const ORDER = `${BASE}/orders/store/haven-home`;
const createOrder = () =>
  api.POST('/orders/store/{storeId}', {
    params: { path: { storeId: 'haven-home' } },
    body: { items: [{ productId: 'p', variantId: 'v', quantity: 1 }] },
  });

async function rejection(answer: () => Response): Promise<unknown> {
  server.use(http.post(ORDER, answer));
  return createOrder().then(
    () => expect.unreachable('a non-ok answer must reject'),
    (error: unknown) => error,
  );
}

describe('ApiError: the body is a JSON object', () => {
  it('carries every field the body gives', async () => {
    const error = await rejection(() =>
      HttpResponse.json(
        { code: 'OUT_OF_STOCK', message: 'Only 2 left', statusCode: 409, details: { available: 2 }, traceId: 't-1' },
        { status: 409 },
      ),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      code: 'OUT_OF_STOCK',
      message: 'Only 2 left',
      statusCode: 409,
      details: { available: 2 },
      traceId: 't-1',
    });
  });

  it('defaults code, message and statusCode (the HTTP status) when the object lacks them', async () => {
    const error = await rejection(() => HttpResponse.json({ unrelated: true }, { status: 422 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'UNKNOWN_ERROR',
      message: 'An unknown error occurred',
      statusCode: 422,
      details: undefined,
      traceId: undefined,
    });
  });

  it('treats empty strings and a zero statusCode as absent', async () => {
    const error = await rejection(() => HttpResponse.json({ code: '', message: '', statusCode: 0 }, { status: 400 }));
    expect(error).toMatchObject({ code: 'UNKNOWN_ERROR', message: 'An unknown error occurred', statusCode: 400 });
  });

  it("prefers the body's statusCode over the HTTP status", async () => {
    const error = await rejection(() => HttpResponse.json({ statusCode: 418 }, { status: 400 }));
    expect(error).toMatchObject({ statusCode: 418 });
  });

  it('falls back to 500 when neither the body nor the answer has a status', async () => {
    const response = new Response('{}');
    Object.defineProperty(response, 'status', { value: 0 });
    expect(await errorFromResponse('http://x/y', response)).toMatchObject({ name: 'ApiError', statusCode: 500 });
  });

  it('parses an object body whatever its Content-Type says', async () => {
    const error = await rejection(
      () => new HttpResponse('{"code":"PLAIN"}', { status: 400, headers: { 'Content-Type': 'text/plain' } }),
    );
    expect(error).toMatchObject({ name: 'ApiError', code: 'PLAIN' });
  });
});

describe('HttpError: anything else', () => {
  it.each([
    ['an HTML page', '<h1>Bad gateway</h1>'],
    ['an empty body', ''],
    ['a JSON array', '[{"code":"X"}]'],
    ['a JSON string', '"nope"'],
    ['JSON null', 'null'],
    ['a JSON number', '42'],
  ])('%s: url, status, status text and the raw body', async (_, body) => {
    const error = await rejection(() => new HttpResponse(body, { status: 400, statusText: 'Bad Request' }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ name: 'HttpError', url: ORDER, status: 400, statusText: 'Bad Request', body });
  });

  it('names the full request URL, query included', async () => {
    server.use(
      http.get(`${BASE}/products/store/s1`, () => new HttpResponse('gone', { status: 410, statusText: 'Gone' })),
    );
    const error = await api
      .GET('/products/store/{storeId}', { params: { path: { storeId: 's1' }, query: { name: 'cam era' } } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      url: `${BASE}/products/store/s1?name=cam%20era`,
      status: 410,
      statusText: 'Gone',
      body: 'gone',
    });
    expect((error as HttpError).message).toBe(`HTTP 410 Gone from ${BASE}/products/store/s1?name=cam%20era`);
  });
});

describe('outcomes that are not error answers', () => {
  it('resolves with the parsed data on success', async () => {
    server.use(http.post(ORDER, () => HttpResponse.json({ id: 'order-1', status: 'PENDING' })));
    const { data } = await createOrder();
    expect(data.id).toBe('order-1');
  });

  it('a network failure rejects with the underlying TypeError', async () => {
    server.use(http.post(ORDER, () => HttpResponse.error()));
    await expect(createOrder()).rejects.toBeInstanceOf(TypeError);
  });
});
