// Work that should wait until the shopper engages with the page (scroll, touch, click, key), so that a load
// that is only looked at costs no request for it: the product refresh.
const EVENTS = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

export function onFirstInteraction(callback: () => void): () => void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    stop();
    callback();
  };
  const stop = () => {
    for (const e of EVENTS) window.removeEventListener(e, go);
  };
  for (const e of EVENTS) window.addEventListener(e, go, { passive: true });
  return stop;
}
