// Typed client of the commerce backend, usable without the storefront: openapi-fetch typed by the generated
// paths, plus JSON headers, bearer token and refresh, the two error shapes (errors.ts) and the retry policy.
import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
} from 'openapi-fetch';
import type { components, paths } from './generated/schema.d.ts';
import { authMiddleware, createAccessTokenSource, goToLogin } from './auth.ts';
import { errorFromResponse } from './errors.ts';
import { withRetry, type FetchFn, type RetryOptions } from './retry.ts';
import { defaultStorage, type TokenStorage } from './storage.ts';

export { ApiError, HttpError, DEFAULT_ERROR_CODE, DEFAULT_ERROR_MESSAGE } from './errors.ts';
export { memoryStorage, ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, type TokenStorage } from './storage.ts';
export { PUBLIC_PATHS } from './auth.ts';
export type { RetryOptions, FetchFn } from './retry.ts';
export type { paths, components };

type Schemas = components['schemas'];
export type Product = Schemas['Product'];
export type Variant = Schemas['Variant'];
export type ProductImage = Schemas['ProductImage'];
export type Order = Schemas['Order'];
export type OrderItemInput = Schemas['OrderItemInput'];
export type OrderCreateRequest = Schemas['OrderCreateRequest'];
export type PaymentProviderRequest = Schemas['PaymentProviderRequest'];
export type PaymentIntentRequest = Schemas['PaymentIntentRequest'];
export type PaymentIntentResponse = Schemas['PaymentIntentResponse'];
export type ProcessPaymentRequest = Schemas['ProcessPaymentRequest'];
export type ProcessPaymentResponse = Schemas['ProcessPaymentResponse'];
export type OrderPaymentStatus = Schemas['OrderPaymentStatus'];
export type AnalyticsTrackRequest = Schemas['AnalyticsTrackRequest'];
export type PerformanceEvent = Schemas['PerformanceEvent'];
export type ApiErrorBody = Schemas['ApiError'];

export interface CommerceClientOptions {
  /** Absolute or root-relative base including /api/v1, e.g. http://127.0.0.1:4321/api/v1 or /api/v1. */
  baseUrl: string;
  /** Token store; default localStorage when usable, else memory. */
  storage?: TokenStorage;
  /** Called once per failed refresh, after both tokens are removed. Default: browser goes to /login. */
  onAuthFailure?: () => void;
  /** Default looks globalThis.fetch up on every call, so msw or a polyfill installed later is still used. */
  fetch?: FetchFn;
  retry?: RetryOptions;
}

type Method = 'get' | 'put' | 'post' | 'delete';
type RequiredKeysOf<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
// Same rule as openapi-fetch: the init argument is optional only when nothing in it is required.
type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];
// Non-ok answers reject (the onResponse middleware below), so only openapi-fetch's success branch (the one with a
// required `data`) can arrive.
type Resolved<R> = Extract<R, { data: unknown }>;

export type CommerceMethod<M extends Method> = <
  P extends ClientPathsWithMethod<Client<paths>, M>,
  Init extends MaybeOptionalInit<paths[P], M>,
>(
  url: P,
  ...init: InitParam<Init>
) => Promise<Resolved<FetchResponse<NonNullable<paths[P][M]>, Init, `${string}/${string}`>>>;

export interface CommerceClient {
  GET: CommerceMethod<'get'>;
  POST: CommerceMethod<'post'>;
  PUT: CommerceMethod<'put'>;
  DELETE: CommerceMethod<'delete'>;
}

export function createCommerceClient(options: CommerceClientOptions): CommerceClient {
  const storage = options.storage ?? defaultStorage();
  const fetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: withRetry(fetch, options.retry),
    headers: { Accept: 'application/json' },
  });

  const accessToken = createAccessTokenSource({
    storage,
    onAuthFailure: options.onAuthFailure ?? goToLogin,
    refresh: async (refreshToken) => {
      const { data } = await api.POST('/users/refresh-token', { body: { refreshToken } });
      // The type says accessToken is there; the answer is still checked because a bad one must count as a failed refresh.
      const token: unknown = data?.accessToken;
      if (typeof token !== 'string' || !token) throw new Error('refresh answer has no accessToken');
      return token;
    },
  });
  client.use(authMiddleware(accessToken), {
    async onResponse({ request, response }) {
      if (!response.ok) throw await errorFromResponse(request.url, response);
    },
  });

  // The casts only narrow the result type to what the onResponse middleware above guarantees at run time.
  const api: CommerceClient = {
    GET: client.GET as CommerceMethod<'get'>,
    POST: client.POST as CommerceMethod<'post'>,
    PUT: client.PUT as CommerceMethod<'put'>,
    DELETE: client.DELETE as CommerceMethod<'delete'>,
  };
  return api;
}
