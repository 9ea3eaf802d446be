// Gallery navigation rules: wrap-around and the 50 px swipe threshold; and the pictures as the gallery takes them.
import type { ViewImage } from './view.ts';

/**
 * A picture as the page ships it: what can be derived (the fallback src, the thumbnail src, the alt text) is
 * left out of the HTML and rebuilt by the gallery. Every variant's pictures are in the page's props, so they add up.
 */
export type GalleryImage = Omit<ViewImage, 'src' | 'thumbSrc' | 'alt'> & { src?: string; thumbSrc?: string };

export interface GalleryVariant {
  id: string;
  name: string;
  images: GalleryImage[];
}

const SWIPE_THRESHOLD_PX = 50;

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

/** The URL of the srcset entry closest to `width` (at or above it if there is one), for an <img src> fallback. */
export function srcFromSrcset(srcset: string, width = 720): string | undefined {
  const entries = srcset
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .map(([url, w]) => ({ url: url ?? '', w: Number.parseInt(w ?? '', 10) || 0 }))
    .filter((e) => e.url);
  const above = entries.filter((e) => e.w >= width).sort((a, b) => a.w - b.w)[0];
  return (above ?? entries.sort((a, b) => b.w - a.w)[0])?.url;
}

/** 'Haven Cam 360 in Arctic White, picture 1 of 3' */
export function pictureAlt(productName: string, variantName: string, index: number, total: number): string {
  return `${productName} in ${variantName}, picture ${index + 1} of ${total}`;
}
