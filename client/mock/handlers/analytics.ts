import type { HttpHandler } from 'msw';
import { apiError } from '../api-error.ts';
import type { createRoute } from '../route.ts';
import { SESSION_COOKIE, cookieValue } from '../scenario.ts';
import type { DemoState } from '../state.ts';
import type { Catalog, TrackedEvent } from '../types.ts';

const HOUR_MS = 60 * 60 * 1000;

export function analyticsHandlers(
  route: ReturnType<typeof createRoute>,
  catalog: Catalog,
  state: DemoState,
): HttpHandler[] {
  return [
    route('post', '/analytics/track', ({ request, url, body, scenario, ok }) => {
      if (scenario.serverError)
        return apiError(500, 'INTERNAL_SERVER_ERROR', 'The analytics service failed unexpectedly');
      const storeId = url.searchParams.get('storeId');
      if (!storeId) return apiError(400, 'VALIDATION_ERROR', 'storeId query parameter is required');
      if (storeId !== catalog.store.id) return apiError(404, 'STORE_NOT_FOUND', `Store "${storeId}" was not found`);
      const now = Date.now();
      const event: TrackedEvent = {
        storeId,
        event: body.event,
        value: body.value,
        productId: body.productId,
        at: new Date(now).toISOString(),
      };
      const session = cookieValue(request.headers.get('cookie'), SESSION_COOKIE);
      state.analytics.push(session === undefined ? event : { ...event, session });
      // "By one hour": the backend files each event in the one-hour bucket it falls into (see openapi.yaml).
      return ok({ ...event, hour: new Date(Math.floor(now / HOUR_MS) * HOUR_MS).toISOString() });
    }),
  ];
}
