// Table-driven contract test: every operation in openapi.yaml is called through the client, and the request that
// reaches the network must have the operation's method, path (parameters substituted and encoded), query, headers
// and auth. The table is the spec file itself, so an operation added there is covered without touching this file.
import { readFileSync } from 'node:fs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createCommerceClient, PUBLIC_PATHS, type CommerceClient } from './index.ts';
import { BASE, recordingSleep, storageWith, useMockServer } from './client.support.ts';

interface Schema {
  $ref?: string;
  type?: string;
  enum?: string[];
  items?: Schema;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: unknown;
  security?: unknown[];
}
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const spec = parse(readFileSync(new URL('./openapi.yaml', import.meta.url), 'utf8')) as Spec;
const METHODS = ['get', 'put', 'post', 'delete'] as const;
const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] as Operation })),
);

const resolve = (schema: Schema): Schema =>
  schema.$ref ? (spec.components.schemas[schema.$ref.replace('#/components/schemas/', '')] ?? schema) : schema;

// Values chosen to break naive substitution: spaces, slashes, query and fragment delimiters, a percent sign.
function sample(name: string, schema: Schema): string | number | boolean | string[] {
  const s = resolve(schema);
  if (s.enum) return s.enum[s.enum.length - 1] as string;
  if (s.type === 'boolean') return true;
  if (s.type === 'integer') return 7;
  if (s.type === 'array') return [`${name} 1/x`, `${name}&2=y`];
  return `${name} a b/c?d#e%`;
}

type Loose = (url: string, init?: Record<string, unknown>) => Promise<unknown>;

describe('contract: every operation of openapi.yaml', () => {
  const server = useMockServer();
  const api = createCommerceClient({
    baseUrl: BASE,
    storage: storageWith({ accessToken: 'token-123' }),
    retry: recordingSleep(),
    onAuthFailure: () => expect.unreachable('a stored access token needs no refresh'),
  });

  it('covers all 148 operations of the backend, each with a unique operationId and one tag', () => {
    expect(operations).toHaveLength(148);
    expect(new Set(operations.map((o) => o.op.operationId)).size).toBe(148);
    for (const { op } of operations) expect(op.tags).toHaveLength(1);
  });

  it('marks every operation the runtime sends without a token as public', () => {
    const unsent = operations.filter((o) => PUBLIC_PATHS.has(o.path));
    expect(unsent.map((o) => o.path).sort()).toEqual([...PUBLIC_PATHS].sort());
    for (const { op } of unsent) expect(op.security).toEqual([]);
  });

  it('marks exactly the storefront, build, monitoring and token operations as public', () => {
    const open = operations.filter((o) => o.op.security?.length === 0).map((o) => `${o.method} ${o.path}`);
    expect(open.sort()).toEqual(
      [
        'post /users/login',
        'post /users/refresh-token',
        'get /stores/{id}/products/{link}',
        'post /orders/store/{storeId}',
        'post /orders/{id}/payment-intent',
        'post /orders/{id}/process-payment',
        'get /orders/{id}/payment-status',
        'post /analytics/track',
        'get /system/version',
        'get /heath/check',
      ].sort(),
    );
  });

  it.each(operations)('$method $path', async ({ path, method, op }) => {
    const params = op.parameters ?? [];
    const byKind = (kind: Parameter['in']) =>
      Object.fromEntries(params.filter((p) => p.in === kind).map((p) => [p.name, sample(p.name, p.schema)]));
    const pathParams = byKind('path');
    const query = byKind('query');
    const header = byKind('header');
    const body = op.requestBody ? { sample: op.operationId } : undefined;

    const seen: Request[] = [];
    server.use(http.all(`${BASE}/*`, ({ request }) => (seen.push(request.clone()), HttpResponse.json({}))));
    const call = api[method.toUpperCase() as keyof CommerceClient] as Loose;
    await call(path, { params: { path: pathParams, query, header }, ...(body ? { body } : {}) });

    expect(seen).toHaveLength(1);
    const request = seen[0] as Request;
    const url = new URL(request.url);
    expect(request.method).toBe(method.toUpperCase());
    const expectedPath = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(pathParams[name])));
    expect(url.pathname).toBe(`/api/v1${expectedPath}`);

    const expectedQuery = Object.entries(query).flatMap(([k, v]) =>
      Array.isArray(v) ? v.map((i) => [k, i]) : [[k, String(v)]],
    );
    expect([...url.searchParams].sort()).toEqual(expectedQuery.sort());
    expect(url.search).not.toMatch(/ /);

    for (const [name, value] of Object.entries(header)) expect(request.headers.get(name)).toBe(String(value));
    expect(request.headers.get('accept')).toBe('application/json');
    if (body) {
      expect(request.headers.get('content-type')).toBe('application/json');
      expect(await request.json()).toEqual(body);
    } else {
      expect(request.headers.has('content-type')).toBe(false);
    }

    // Public operations still get the header (servers ignore it); only the token calls go without one.
    expect(request.headers.get('authorization')).toBe(PUBLIC_PATHS.has(path) ? null : 'Bearer token-123');
  });
});
