// Work that should wait until the shopper engages with the page (scroll, touch, click, key), so that a load
// that is only looked at costs no request for it: the product refresh.
const EVENTS: readonly string[] = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'];

/** Calls `callback` once, at the first of `events` on the window; returns a cancel. */
export function onFirstInteraction(callback: () => void, events = EVENTS): () => void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    stop();
    // After the next paint: the shopper's tap is answered on screen first, and this work stays out of its latency.
    requestAnimationFrame(() => setTimeout(callback));
  };
  const stop = () => {
    for (const e of events) window.removeEventListener(e, go);
  };
  for (const e of events) window.addEventListener(e, go, { passive: true });
  return stop;
}
