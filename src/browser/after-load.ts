// Work every page view needs but nobody waits for (the PRODUCT_VIEW event): it starts after the load event, in
// the browser's idle time, so it never competes with the first paint or with the islands' hydration.
export const IDLE_TIMEOUT_MS = 2000;

/** Calls `callback` once, after load, when the browser is idle (at most IDLE_TIMEOUT_MS later); returns a cancel. */
export function afterLoadWhenIdle(callback: () => void): () => void {
  let cancel = () => window.removeEventListener('load', idle);
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
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => cancel();
}
