// Live figures: each variant's current price and stock, fetched in the browser after the shopper starts
// interacting (refresh.ts, loaded then with the API client). Empty until a refresh succeeds; until then the
// islands show the figures the page was built with.
import { atom } from 'nanostores';
import type { Figures } from './product.ts';

/** By variant id. */
export const $liveFigures = atom<Record<string, Figures>>({});

/** A variant with its live figures, when there are any (the built ones otherwise). */
export function withFigures<V extends Figures & { id: string }>(variant: V, live: Record<string, Figures>): V {
  const figures = live[variant.id];
  if (!figures) return variant;
  return { ...variant, price: figures.price, regularPrice: figures.regularPrice, stock: figures.stock };
}

/** Makes sure the live figures are at most 5 minutes old; loads the refresh's code on first use. Never rejects. */
export async function refreshFigures(): Promise<void> {
  try {
    const refresh = await import('./refresh.ts');
    await refresh.refreshFigures((figures) => $liveFigures.set(figures));
  } catch (error) {
    console.warn('Product: could not load the refresh code.', error);
  }
}
