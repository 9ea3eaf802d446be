// Current stock and prices by variant id (see product.ts for how they are fetched). Empty until a refresh
// succeeds, in which case the islands show the figures from the build.
import { atom } from 'nanostores';

export interface LiveVariant {
  price: number;
  regularPrice?: number;
  stock: number;
}

export const $liveVariants = atom<Record<string, LiveVariant>>({});

/** Current figures, at most 5 minutes old; loads the refresh code on first use. Never rejects. */
export async function ensureFreshProduct(): Promise<void> {
  try {
    const { ensureFreshProduct: ensure } = await import('./product.ts');
    await ensure();
  } catch (error) {
    console.warn('Product: could not load the refresh code.', error);
  }
}
