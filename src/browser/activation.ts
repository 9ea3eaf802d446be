// A prerendered page may never be opened: what must reflect the moment it is shown, or count a real visit, waits.

export const isPrerendering = (): boolean => typeof document !== 'undefined' && document.prerendering === true;

/** At once, or when a prerendered page is opened; returns a cancel. */
export function whenShown(callback: () => void): () => void {
  if (!isPrerendering()) {
    callback();
    return () => {};
  }
  const shown = () => callback();
  document.addEventListener('prerenderingchange', shown, { once: true });
  return () => document.removeEventListener('prerenderingchange', shown);
}

/** Only when a prerendered page is opened; returns a cancel. */
export function onActivation(callback: () => void): () => void {
  return isPrerendering() ? whenShown(callback) : () => {};
}
