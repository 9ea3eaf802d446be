// Whether the page is being left: what that cuts off (Firefox fails it) is no failure to report.
let leaving = false;

export function watchLeaving(target: Pick<Window, 'addEventListener'>): void {
  target.addEventListener('beforeunload', () => (leaving = true));
  target.addEventListener('pagehide', () => (leaving = true));
  target.addEventListener('pageshow', () => (leaving = false));
  // Such as React's report of a component whose code leaving cut off.
  target.addEventListener('error', (event) => leaving && event.preventDefault());
}

if (typeof window !== 'undefined') watchLeaving(window);

/** Logs a failed load unless leaving cut it off. */
export function logLoadFailure(...message: unknown[]): void {
  if (!leaving) console.error(...message);
}

/** A load nobody awaits: its failure is logged as above, never left unhandled. */
export function inBackground(load: Promise<unknown>): void {
  load.catch((error: unknown) => logLoadFailure('Could not load part of the page.', error));
}
