// Analytics for code that loads with the page: the tracking code loads when an event is sent, never before.
import type { Cents } from '../lib/money.ts';
import { inBackground } from '../browser/leaving.ts';
import type { TrackedEvent } from './analytics.ts';

const analytics = () => import('./analytics.ts');

/** Sends `event` once the tracking code is loaded; a failed load is logged, as any load nobody awaits. */
export function trackLater(event: TrackedEvent, productId: string, value: Cents): void {
  inBackground(analytics().then(({ track }) => track(event, productId, value)));
}

/** Loads the tracking code ahead of an event that will surely follow (a prerendered page being opened). */
export function loadTracking(): void {
  inBackground(analytics());
}
