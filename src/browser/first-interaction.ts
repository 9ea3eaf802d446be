// Work that waits for the shopper to engage: a page only looked at costs no request.
import { afterNextPaint } from './after-paint.ts';

const EVENTS: readonly string[] = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'];

// A tap lasts until its click (or a scroll, a long press), a key until let go: work must not run before their paint.
const TAP_ENDS = ['click', 'pointercancel', 'contextmenu'];
const ENDS: Record<string, readonly string[]> = { pointerdown: TAP_ENDS, touchstart: TAP_ENDS, keydown: ['keyup'] };
// A press with no click (a disabled control) ends this long after.
export const CLICK_GRACE_MS = 500;

// Noted from the start: a tap before an island's effects ran still counts.
const INPUT = ['pointerdown', 'keydown', 'touchstart', 'wheel'];
const seen = new Set<string>();
let ending: readonly string[] = [];
const waiting: (() => void)[] = [];
let grace: ReturnType<typeof setTimeout> | undefined;

function ended() {
  ending = [];
  clearTimeout(grace);
  for (const next of waiting.splice(0)) next();
}

if (typeof window !== 'undefined') {
  const note = (event: Event) => {
    seen.add(event.type);
    const ends = ENDS[event.type];
    if (!ends) return;
    ending = ends;
    clearTimeout(grace);
  };
  for (const type of INPUT) window.addEventListener(type, note, { capture: true, passive: true });
  const end = (event: Event) => {
    if (ending.includes(event.type)) ended();
  };
  for (const type of [...TAP_ENDS, 'keyup']) window.addEventListener(type, end, { capture: true, passive: true });
  const letGo = () => {
    if (ending === TAP_ENDS) grace = setTimeout(ended, CLICK_GRACE_MS);
  };
  window.addEventListener('pointerup', letGo, { capture: true, passive: true });
}

// A tap often follows a scroll at once: work a scroll (or a hover, a focus) starts waits for a pause.
export const QUIET_MS = 1000;
const MOVES = ['scroll', 'wheel'];

/** Once (soon, if one came already), after the tap or key under way is answered, or after a pause in scrolling. */
export function onFirstInteraction(callback: () => void, events = EVENTS): () => void {
  let state: 'listening' | 'started' | 'cancelled' = 'listening';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelPaint = () => {};
  const afterPaint = () => {
    if (state === 'started') cancelPaint = afterNextPaint(callback);
  };
  const whenDone = () => {
    stopPausing();
    if (ending.length) waiting.push(afterPaint);
    else afterPaint();
  };
  const pause = () => {
    clearTimeout(timer);
    timer = setTimeout(whenDone, QUIET_MS);
  };
  const stopPausing = () => {
    for (const e of MOVES) window.removeEventListener(e, pause);
  };
  const go = (event?: Event) => {
    if (state !== 'listening') return;
    state = 'started';
    stop();
    if (!event || ending.length) return whenDone();
    pause();
    for (const e of MOVES) window.addEventListener(e, pause, { passive: true });
  };
  const stop = () => {
    for (const e of events) window.removeEventListener(e, go);
  };
  if (events.some((e) => seen.has(e))) go();
  else for (const e of events) window.addEventListener(e, go, { passive: true, once: true });
  return () => {
    state = 'cancelled';
    stop();
    stopPausing();
    cancelPaint();
    clearTimeout(timer);
  };
}
