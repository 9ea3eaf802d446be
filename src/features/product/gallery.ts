// Gallery navigation rules: wrap-around, the 50 px swipe threshold and the counter.
import type { Variant } from '../catalog/index.ts';

const SWIPE_THRESHOLD_PX = 50;

/** What the gallery island is given of each variant. */
export type GalleryVariant = Pick<Variant, 'id' | 'name' | 'pictures'>;

export function wrapIndex(index: number, total: number): number {
  if (total <= 0) return 0;
  return ((index % total) + total) % total;
}

/** -1 (previous), 1 (next) or 0 for a horizontal drag of `dx` px; only moves longer than 50 px count. */
export function swipeDirection(dx: number, dy = 0): -1 | 0 | 1 {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dy) > Math.abs(dx)) return 0;
  return dx < 0 ? 1 : -1;
}

export function counterText(index: number, total: number): string {
  return total > 0 ? `${index + 1} / ${total}` : '0 / 0';
}
