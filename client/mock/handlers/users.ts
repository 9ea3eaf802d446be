import type { HttpHandler } from 'msw';
import { apiError } from '../api-error.ts';
import { unauthorized } from '../auth.ts';
import type { createRoute } from '../route.ts';
import { issueToken, randomCode, type DemoState } from '../state.ts';

/** Refresh tokens starting with this prefix are refused, so the client's refresh-failure path can be exercised. */
const REFUSED_REFRESH_PREFIX = 'expired';

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export function userHandlers(route: ReturnType<typeof createRoute>, state: DemoState): HttpHandler[] {
  return [
    // The demo has no user accounts (shoppers need none): any email and password sign in, as any refresh token
    // refreshes, so that tools built on the client can try the flow. The contract does not document the fields;
    // these are the usual ones.
    route('post', '/users/login', ({ body, scenario, ok }) => {
      if (scenario.serverError)
        return apiError(500, 'INTERNAL_SERVER_ERROR', 'The authentication service failed unexpectedly');
      if (!nonEmpty(body?.['email']) || !nonEmpty(body?.['password'])) {
        return apiError(400, 'VALIDATION_ERROR', 'email and password are required');
      }
      return ok({ accessToken: issueToken(state), refreshToken: `demo-refresh-${randomCode(24).toLowerCase()}` });
    }),
    route('post', '/users/refresh-token', ({ body, scenario, ok }) => {
      if (scenario.serverError)
        return apiError(500, 'INTERNAL_SERVER_ERROR', 'The authentication service failed unexpectedly');
      if (body.refreshToken === '' || body.refreshToken.startsWith(REFUSED_REFRESH_PREFIX)) {
        return unauthorized('INVALID_REFRESH_TOKEN', 'The refresh token is invalid or expired', true);
      }
      return ok({ accessToken: issueToken(state) });
    }),
  ];
}
