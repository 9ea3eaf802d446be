// Work nobody waits for (PRODUCT_VIEW): after load, when idle, and only once a prerendered page is opened.
import { whenShown } from './activation.ts';

export const IDLE_TIMEOUT_MS = 2000;

/** Calls `callback` once; returns a cancel. */
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
    // Safari has no requestIdleCallback: a task of its own is the next best thing.
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
