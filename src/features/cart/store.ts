// The shopper's cart, shared by every island of a page. It persists in browser storage through
// @nanostores/persistent (persistence.ts), which the store loads itself once something watches the cart: the
// storage format's checker stays off the first paint, and no island has to ask for the stored cart.
// What changes the cart (add, remove, update, clear) is in actions.ts, loaded with the first change.
import { atom, onMount } from 'nanostores';
import type { CartItem } from './cart-item.ts';

export const $cart = atom<CartItem[]>([]);
export const $cartOpen = atom(false);
/** True until the stored cart has been read, and while an add is in progress. */
export const $cartLoading = atom(true);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let reading: Promise<void> | undefined;

/**
 * Reads the stored cart and keeps storage in step from then on, once per page; resolves when it has been read.
 * Until then nothing is saved, so a change made meanwhile cannot overwrite the stored cart unread.
 */
export function storedCartRead(): Promise<void> {
  reading ??=
    typeof window === 'undefined'
      ? Promise.resolve()
      : import('./persistence.ts')
          // One retry for a flaky connection.
          .catch(() => wait(1000).then(() => import('./persistence.ts')))
          .then(
            ({ persistCart }) => persistCart($cart, $cartLoading),
            (error: unknown) => {
              console.warn('Cart: could not load the stored cart; it is kept for the next visit.', error);
              $cartLoading.set(false);
            },
          );
  return reading;
}

onMount($cart, () => void storedCartRead());

export function openCart(): void {
  $cartOpen.set(true);
}

export function closeCart(): void {
  $cartOpen.set(false);
}
