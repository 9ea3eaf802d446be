// The demo backend enforces the contract's security: every operation of openapi.yaml whose security is not empty
// refuses a request without a token the backend issued, and public operations ignore the Authorization header.
// The table is the spec file itself, read here independently of the backend's own reading of it.
import { readFileSync } from 'node:fs';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bearerToken } from './auth.ts';
import type { DemoBackend } from './backend.ts';
import { call, freshBackend, placeOrder, signedIn } from './fixtures/harness.ts';
import { findOperation } from './openapi.ts';
import { createRoute } from './route.ts';
import { NO_SCENARIO } from './scenario.ts';

interface Operation {
  security?: unknown[];
}
interface Spec {
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
}

const spec = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8')) as Spec;
const METHODS = ['get', 'put', 'post', 'delete'] as const;
const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((method) => {
    const security = (item[method] as Operation).security ?? spec.security;
    // Path parameters get values that are never a literal segment, so the request names this operation only.
    const url = `/api/v1${path.replace(/\{(\w+)\}/g, 'x-$1')}`;
    return {
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      url,
      isPublic: security.length === 0,
    };
  }),
);
const protectedOps = operations.filter((o) => !o.isPublic);
const publicOps = operations.filter((o) => o.isPublic);

const PRODUCT = '/api/v1/stores/haven-home.test/products/haven-cam-360';

let backend: DemoBackend;
beforeEach(() => {
  backend = freshBackend();
});

it('covers every operation of openapi.yaml, most of them protected', () => {
  expect(operations).toHaveLength(148);
  expect(publicOps).toHaveLength(10);
});

describe.each(protectedOps)('protected: $name', ({ name, method, url }) => {
  it.each([
    ['no Authorization header', {}],
    ['an empty bearer token', { authorization: 'Bearer ' }],
    ['a token the backend never issued', { authorization: 'Bearer demo-access-made-up' }],
  ])('answers 401 with an ApiError for %s', async (_case, headers) => {
    const { status, json, headers: answer } = await call(backend, method, url, { headers });
    expect(status).toBe(401);
    // RFC 6750: the scheme, and invalid_token when a token was sent.
    expect(answer.get('WWW-Authenticate')).toMatch(
      'authorization' in headers && headers.authorization !== 'Bearer '
        ? /^Bearer realm="haven-demo", error="invalid_token"$/
        : /^Bearer realm="haven-demo"$/,
    );
    expect(json).toEqual({
      code: 'UNAUTHORIZED',
      message: `${name} requires a valid bearer token (Authorization: Bearer <accessToken>)`,
      statusCode: 401,
      traceId: expect.stringMatching(/^demo-trace-/),
    });
  });

  it('lets an issued token through', async () => {
    expect((await call(backend, method, url, { headers: signedIn(backend) })).status).not.toBe(401);
  });
});

describe.each(publicOps)('public: $name', ({ name, method, url }) => {
  it('has a route: it never gets the catch-all 404', async () => {
    const { json } = await call(backend, method, url, method === 'GET' ? {} : { body: {} });
    expect(json['code'], `${name} answered ${JSON.stringify(json)}`).not.toBe('NOT_FOUND');
  });

  it.each([
    ['no Authorization header', {}],
    ['an empty bearer token', { authorization: 'Bearer ' }],
    ['a token the backend never issued', { authorization: 'Bearer demo-access-made-up' }],
  ])('does not answer 401 for %s', async (_case, headers) => {
    expect((await call(backend, method, url, { headers })).status).not.toBe(401);
  });
});

describe('issued tokens', () => {
  it('accepts the access token POST /users/refresh-token gives out', async () => {
    const orderId = await placeOrder(backend);
    const refreshed = await call(backend, 'POST', '/api/v1/users/refresh-token', { body: { refreshToken: 'r-1' } });
    const authorization = `Bearer ${String(refreshed.json['accessToken'])}`;
    const order = await call(backend, 'GET', `/api/v1/orders/${orderId}`, { headers: { authorization } });
    expect(order.status).toBe(200);
    expect(order.json['id']).toBe(orderId);
  });

  it('forgets them on reset: protected operations refuse a stale token, public ones still answer', async () => {
    const headers = signedIn(backend);
    expect((await call(backend, 'GET', '/api/v1/orders/DEMO-0', { headers })).status).toBe(404);
    backend.reset();
    expect((await call(backend, 'GET', '/api/v1/orders/DEMO-0', { headers })).status).toBe(401);
    expect((await call(backend, 'GET', PRODUCT, { headers })).status).toBe(200);
  });

  it('are valid only on the backend that issued them', async () => {
    const headers = signedIn(freshBackend());
    expect((await call(backend, 'GET', '/api/v1/orders/DEMO-0', { headers })).status).toBe(401);
  });

  it.each([
    ['Bearer abc', 'abc'],
    ['bearer  abc ', 'abc'],
    ['Bearer', undefined],
    ['Basic abc', undefined],
    ['Bearer a b', undefined],
  ])('reads %j as the token %j', (authorization, token) => {
    expect(bearerToken(new Request('http://shop.test/', { headers: { authorization } }))).toBe(token);
  });
});

describe('findOperation: the operation a request names, for the catch-all', () => {
  it.each([
    ['GET', '/orders/DEMO-1', { method: 'get', path: '/orders/{id}', needsToken: true }],
    ['get', '/orders/a%2Fb', { method: 'get', path: '/orders/{id}', needsToken: true }],
    ['POST', '/orders/DEMO-1/refund', { method: 'post', path: '/orders/{id}/refund', needsToken: true }],
    ['POST', '/orders/store/refund', { method: 'post', path: '/orders/store/{storeId}', needsToken: false }],
    ['GET', '/heath/check', { method: 'get', path: '/heath/check', needsToken: false }],
  ])('%s %s', (method, apiPath, expected) => {
    expect(findOperation(method, apiPath)).toMatchObject(expected);
  });

  it.each([
    ['GET', '/nothing/here'],
    ['GET', ''],
    ['GET', '/orders/'],
    ['HEAD', '/orders/DEMO-1'],
    ['DELETE', '/orders/store/haven-home'],
  ])('%s %j names none', (method, apiPath) => {
    expect(findOperation(method, apiPath)).toBeUndefined();
  });
});

describe('order of checks', () => {
  it('resolves the scenario before the token: an unknown scenario is a 400, slow delays the 401', async () => {
    for (const url of ['/api/v1/orders/DEMO-0', '/api/v1/orders/store/haven-home']) {
      const unknown = await call(backend, 'GET', url, { headers: { 'x-demo-scenario': 'nope' } });
      expect(unknown.json).toMatchObject({ code: 'UNKNOWN_SCENARIO', statusCode: 400 });
      const started = performance.now();
      expect((await call(backend, 'GET', url, { headers: { 'x-demo-scenario': 'slow:60' } })).status).toBe(401);
      expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    }
  });

  it('checks the token before the body, and calls the resolver only with both right', async () => {
    const resolved: string[] = [];
    const handler = createRoute(NO_SCENARIO, backend.state.accessTokens)('put', '/orders/{id}', ({ params }) => {
      resolved.push(params.id);
      return HttpResponse.json({});
    });
    const answer = (headers: Record<string, string>, body?: string) =>
      call({ ...backend, handlers: [handler] }, 'PUT', '/api/v1/orders/DEMO-1', { headers, rawBody: body });
    expect((await answer({}, '[]')).status).toBe(401);
    const invalid = await answer(signedIn(backend), '[]');
    expect(invalid.json).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400 });
    expect(resolved).toEqual([]);
    expect((await answer(signedIn(backend), '{}')).status).toBe(200);
    expect(resolved).toEqual(['DEMO-1']);
  });
});
