// A prerendered page is made before the shopper opens it, and may never be opened. What must reflect the moment it
// is shown (the cart, the kept receipt, the payment in progress) or count a real visit (analytics), or what the
// shopper should see start (confetti, the progress steps), waits for activation.

/** True while the page is being prerendered and not shown yet. */
export const isPrerendering = (): boolean => typeof document !== 'undefined' && document.prerendering === true;

/** Calls `callback` once the page is shown: at once, or when a prerendered page is opened. Returns a cancel. */
export function whenShown(callback: () => void): () => void {
  if (!isPrerendering()) {
    callback();
    return () => {};
  }
  const shown = () => callback();
  document.addEventListener('prerenderingchange', shown, { once: true });
  return () => document.removeEventListener('prerenderingchange', shown);
}

/** Calls `callback` when a prerendered page is opened, never for a page loaded the usual way. Returns a cancel. */
export function onActivation(callback: () => void): () => void {
  return isPrerendering() ? whenShown(callback) : () => {};
}
