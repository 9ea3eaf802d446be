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

/** Refreshes on the shopper's first interaction, so a first load that is only looked at costs no request. */
export function refreshOnFirstInteraction(): void {
  if (typeof window === 'undefined') return;
  const events = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;
  const go = () => {
    for (const e of events) window.removeEventListener(e, go);
    void ensureFreshProduct();
  };
  for (const e of events) window.addEventListener(e, go, { once: true, passive: true });
}
