// Bearer token and refresh flow (docs/requirements.md#backend-client).
import type { Middleware } from 'openapi-fetch';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, type TokenStorage } from './storage.ts';

/** The only operations sent without a bearer token: they are how a token is obtained. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set(['/users/login', '/users/refresh-token']);

export interface AuthOptions {
  storage: TokenStorage;
  /** Exchanges a refresh token for an access token; rejects when the backend refuses. */
  refresh: (refreshToken: string) => Promise<string>;
  onAuthFailure: () => void;
}

/**
 * Returns the access token to send, refreshing first when only a refresh token is stored.
 * Requests that arrive while a refresh is running wait for the same one: the backend may rotate refresh tokens, so
 * a second concurrent refresh could invalidate the first.
 * A failed refresh removes both tokens, reports once, and resolves to '' so the request still goes out
 * unauthenticated (public reads such as the product lookup keep working; protected ones get the backend's 401).
 */
export function createAccessTokenSource({ storage, refresh, onAuthFailure }: AuthOptions): () => Promise<string> {
  let pending: Promise<string> | undefined;

  const runRefresh = async (refreshToken: string): Promise<string> => {
    try {
      const accessToken = await refresh(refreshToken);
      storage.setItem(ACCESS_TOKEN_KEY, accessToken);
      return accessToken;
    } catch {
      storage.removeItem(ACCESS_TOKEN_KEY);
      storage.removeItem(REFRESH_TOKEN_KEY);
      onAuthFailure();
      return '';
    } finally {
      pending = undefined;
    }
  };

  return async () => {
    const accessToken = storage.getItem(ACCESS_TOKEN_KEY);
    if (accessToken) return accessToken;
    const refreshToken = storage.getItem(REFRESH_TOKEN_KEY);
    if (!refreshToken) return '';
    pending ??= runRefresh(refreshToken);
    return pending;
  };
}

export function authMiddleware(accessToken: () => Promise<string>): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      if (PUBLIC_PATHS.has(schemaPath)) return;
      // The header is sent even without a token ("Bearer " + ''), as required (docs/requirements.md, "Backend
      // client"); fetch trims it to "Bearer" on the wire.
      request.headers.set('Authorization', `Bearer ${await accessToken()}`);
    },
  };
}

/** Browser default: a failed token refresh goes to /login. Elsewhere (Node at build time) there is no page. */
export function goToLogin(): void {
  if (typeof document !== 'undefined') globalThis.location?.assign('/login');
}
