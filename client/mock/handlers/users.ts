import type { HttpHandler } from 'msw';
import { apiError } from '../api-error.ts';
import type { createRoute } from '../route.ts';
import { issueToken, type DemoState } from '../state.ts';

/** Refresh tokens starting with this prefix are refused, so the client's refresh-failure path can be exercised. */
export const REFUSED_REFRESH_PREFIX = 'expired';

export function userHandlers(route: ReturnType<typeof createRoute>, state: DemoState): HttpHandler[] {
  return [
    route('post', '/users/refresh-token', ({ body, scenario, ok }) => {
      if (scenario.serverError)
        return apiError(500, 'INTERNAL_SERVER_ERROR', 'The authentication service failed unexpectedly');
      if (body.refreshToken === '' || body.refreshToken.startsWith(REFUSED_REFRESH_PREFIX)) {
        return apiError(401, 'INVALID_REFRESH_TOKEN', 'The refresh token is invalid or expired');
      }
      return ok({ accessToken: issueToken(state) });
    }),
  ];
}
