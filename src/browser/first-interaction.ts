// Work that waits for the shopper to engage, so a page only looked at costs no request (the product refresh).
const EVENTS: readonly string[] = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'];

// Noted from the moment the code runs: a tap between an island's hydration and its effects still counts.
const INPUT = ['pointerdown', 'keydown', 'touchstart', 'wheel'];
const seen = new Set<string>();
if (typeof window !== 'undefined') {
  const note = (event: Event) => seen.add(event.type);
  for (const type of INPUT) window.addEventListener(type, note, { capture: true, passive: true });
}

// A tap's or a key's own events come first: the work waits for the gesture's end (or a second, if none comes).
const ENDS: Record<string, string[]> = {
  pointerdown: ['pointerup', 'pointercancel'],
  touchstart: ['touchend', 'touchcancel'],
  keydown: ['keyup'],
};
const GESTURE_LIMIT_MS = 1000;

/** Once (soon, if one came already). */
export function onFirstInteraction(callback: () => void, events = EVENTS): () => void {
  let started = false;
  let ran = false;
  let ends: string[] = [];
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let limit: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (ran) return;
    ran = true;
    clearTimeout(limit);
    for (const e of ends) window.removeEventListener(e, run, true);
    // After the next paint, out of the tap's latency.
    frame = requestAnimationFrame(() => (timer = setTimeout(callback)));
  };
  const go = (event?: Event) => {
    if (started) return;
    started = true;
    stop();
    ends = (event && ENDS[event.type]) ?? [];
    if (!ends.length) return run();
    for (const e of ends) window.addEventListener(e, run, { capture: true, passive: true });
    limit = setTimeout(run, GESTURE_LIMIT_MS);
  };
  const stop = () => {
    for (const e of events) window.removeEventListener(e, go);
  };
  if (events.some((e) => seen.has(e))) go();
  else for (const e of events) window.addEventListener(e, go, { passive: true, once: true });
  return () => {
    stop();
    ran = true;
    for (const e of ends) window.removeEventListener(e, run, true);
    clearTimeout(limit);
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
