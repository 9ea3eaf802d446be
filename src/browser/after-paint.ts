// Work the shopper does not see at once, kept out of the frame that answers a tap.

/** Runs `callback` in a task after the next frame is drawn; returns a cancel. */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(callback)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
