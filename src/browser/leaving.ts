// Whether the page is being left: a load cut off then (Firefox fails it) is no failure to log.
let leaving = false;

export function watchLeaving(target: Pick<Window, 'addEventListener'>): void {
  target.addEventListener('beforeunload', () => (leaving = true));
  target.addEventListener('pagehide', () => (leaving = true));
  target.addEventListener('pageshow', () => (leaving = false));
}

// Watched from the moment anything asks.
if (typeof window !== 'undefined') watchLeaving(window);

/** Logs a failed load of the page's code, the wallet's SDK or the order, unless leaving the page cut it off. */
export function logLoadFailure(...message: unknown[]): void {
  if (!leaving) console.error(...message);
}
