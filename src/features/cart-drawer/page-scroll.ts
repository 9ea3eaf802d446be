// Given back a frame after the close: a page made scrollable again is repainted whole.
import { afterNextPaint } from '../../browser/after-paint.ts';

type Root = { style: { overflow: string } };

export function pageScrollHold(root: Root): () => () => void {
  let pending: { overflow: string; cancel: () => void } | undefined;
  return () => {
    const overflow = pending ? pending.overflow : root.style.overflow;
    pending?.cancel();
    pending = undefined;
    root.style.overflow = 'hidden';
    return () => {
      const cancel = afterNextPaint(() => {
        root.style.overflow = overflow;
        pending = undefined;
      });
      pending = { overflow, cancel };
    };
  };
}

let page: (() => () => void) | undefined;
export const holdPageScroll = (): (() => void) => (page ??= pageScrollHold(document.documentElement))();
