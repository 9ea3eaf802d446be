// Analytics through the typed client, fire-and-forget: errors are only logged. PRODUCT_VIEW mostly goes by
// client/beacon.ts, and comes here to refresh a token.
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
