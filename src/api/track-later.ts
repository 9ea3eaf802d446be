// Analytics sent from code that loads with the page: the tracking code loads with the first event.
import type { Cents } from '../lib/money.ts';
import { inBackground } from '../browser/leaving.ts';
import type { TrackedEvent } from './analytics.ts';

const analytics = () => import('./analytics.ts');

export function trackLater(event: TrackedEvent, productId: string, value: Cents): void {
  inBackground(analytics().then(({ track }) => track(event, productId, value)));
}

/** Ahead of an event sure to follow, such as a prerendered page's when it is opened. */
export function loadTracking(): void {
  inBackground(analytics());
}
