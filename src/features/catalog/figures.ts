// Each variant's current price and stock, fetched once the shopper interacts; until then the built ones show.
import { atom } from 'nanostores';
import type { Figures } from './product.ts';

/** By variant id. */
export const $liveFigures = atom<Record<string, Figures>>({});

export function withFigures<V extends Figures & { id: string }>(variant: V, live: Record<string, Figures>): V {
  const figures = live[variant.id];
  if (!figures) return variant;
  return { ...variant, price: figures.price, regularPrice: figures.regularPrice, stock: figures.stock };
}

/** At most 5 minutes old afterwards. Never rejects. */
export async function refreshFigures(): Promise<void> {
  try {
    const refresh = await import('./refresh.ts');
    await refresh.refreshFigures((figures) => $liveFigures.set(figures));
  } catch (error) {
    console.warn('Product: could not load the refresh code.', error);
  }
}
