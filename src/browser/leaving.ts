// Whether the page is being left: a load cut off then (Firefox fires `error`) is no failure to log.
let leaving = false;

export function watchLeaving(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('beforeunload', () => (leaving = true));
  target.addEventListener('pagehide', () => (leaving = true));
  target.addEventListener('pageshow', () => (leaving = false));
}

export const pageIsLeaving = (): boolean => leaving;
