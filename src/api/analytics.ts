// Analytics events of the storefront: PRODUCT_VIEW, ADD_TO_CART, CHECKOUT_START for the store
// (docs/requirements.md#analytics).
// This module sends them through the typed client; PRODUCT_VIEW, sent on every page view, usually goes through
// client/beacon.ts, which needs none of the client's code, and comes here only when the token must be refreshed
// first (the beacon sends the stored token as it is).
// Fire-and-forget: a failing or slow call never delays or breaks what the shopper is doing; errors are logged.
import { config } from '../config.ts';
import type { PerformanceEvent } from '@haven/commerce-client';
import { toDollars, type Cents } from '../lib/money.ts';
import { getApi } from './client.ts';

export type TrackedEvent = Extract<PerformanceEvent, 'PRODUCT_VIEW' | 'ADD_TO_CART' | 'CHECKOUT_START'>;

/** `value` in cents; the API takes dollars. */
export function track(event: TrackedEvent, productId: string, value: Cents): void {
  void (async () => {
    try {
      const api = await getApi();
      await api.POST('/analytics/track', {
        params: { query: { storeId: config.storeId } },
        body: { event, productId, value: toDollars(value) },
      });
    } catch (error) {
      console.warn(`Analytics: could not record ${event}.`, error);
    }
  })();
}
