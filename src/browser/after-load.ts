// Work every page view needs but nobody waits for (the PRODUCT_VIEW event): it starts after the load event, in
// the browser's idle time, so it never competes with the first paint or with the islands' hydration. A
// prerendered page is a page view only once the shopper opens it: until then it waits, and never runs if not.
import { whenShown } from './activation.ts';

export const IDLE_TIMEOUT_MS = 2000;

/**
 * Calls `callback` once, after load and once the page is shown, when the browser is idle (at most IDLE_TIMEOUT_MS
 * later); returns a cancel.
 */
export function afterLoadWhenIdle(callback: () => void): () => void {
  let cancel = () => {};
  function afterLoad() {
    if (document.readyState === 'complete') idle();
    else {
      window.addEventListener('load', idle, { once: true });
      cancel = () => window.removeEventListener('load', idle);
    }
  }
  function idle() {
    // Not every browser has requestIdleCallback (Safari): a task of its own after load is the next best thing.
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(callback);
      cancel = () => clearTimeout(id);
    }
  }
  const stopWaiting = whenShown(afterLoad);
  return () => {
    stopWaiting();
    cancel();
  };
}
