// Work that waits for the shopper to engage, so a page only looked at costs no request (the product refresh).
const EVENTS: readonly string[] = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'];

// Noted from the moment the code runs: a tap between an island's hydration and its effects still counts.
const INPUT = ['pointerdown', 'keydown', 'touchstart', 'wheel'];
const seen = new Set<string>();
if (typeof window !== 'undefined') {
  const note = (event: Event) => seen.add(event.type);
  for (const type of INPUT) window.addEventListener(type, note, { capture: true, passive: true });
}

/** Once (soon, if one came already). */
export function onFirstInteraction(callback: () => void, events = EVENTS): () => void {
  let started = false;
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (started) return;
    started = true;
    stop();
    // After the next paint, out of the tap's latency.
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
