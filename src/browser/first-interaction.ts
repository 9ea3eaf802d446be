// Work that should wait until the shopper engages with the page (scroll, touch, click, key), so that a load
// that is only looked at costs no request for it: the product refresh.
const EVENTS: readonly string[] = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'];

// Input only a shopper makes (a script's scroll is not one), noted from the moment the page's code runs: a tap
// between an island's hydration and its effects still counts as the first interaction.
const INPUT = ['pointerdown', 'keydown', 'touchstart', 'wheel'];
const seen = new Set<string>();
if (typeof window !== 'undefined') {
  const note = (event: Event) => seen.add(event.type);
  for (const type of INPUT) window.addEventListener(type, note, { capture: true, passive: true });
}

/** Calls `callback` once, at the first of `events` on the window (or soon if one came already); returns a cancel. */
export function onFirstInteraction(callback: () => void, events = EVENTS): () => void {
  let started = false;
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (started) return;
    started = true;
    stop();
    // After the next paint: the shopper's tap is answered on screen first, and this work stays out of its latency.
    frame = requestAnimationFrame(() => (timer = setTimeout(callback)));
  };
  const stop = () => {
    for (const e of events) window.removeEventListener(e, go);
  };
  if (events.some((e) => seen.has(e))) go();
  else for (const e of events) window.addEventListener(e, go, { passive: true, once: true });
  return () => {
    stop();
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
