// The shopper's cart, shared by every island of a page. It persists in browser storage through
// @nanostores/persistent (persistence.ts), which the store loads itself: at once when a cart is stored, else with
// the first change to the cart (or another tab's). No island asks for the stored cart, and a first visit does not
// load the storage format's checker at all.
// What changes the cart (add, remove, update, clear) is in actions.ts, loaded with the first change.
import { atom, onMount } from 'nanostores';
import { CART_STORAGE_PREFIX, type CartItem } from './cart-item.ts';
import { refreshFigures } from '../catalog/figures.ts';
import { onActivation } from '../../browser/activation.ts';

export const $cart = atom<CartItem[]>([]);
export const $cartOpen = atom(false);
/** True until the stored cart has been read, and while an add is in progress. */
export const $cartLoading = atom(true);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let reading: Promise<void> | undefined;

function persist(readDone: () => void): Promise<void> {
  reading ??=
    typeof window === 'undefined'
      ? Promise.resolve()
      : import('./persistence.ts')
          // One retry for a flaky connection.
          .catch(() => wait(1000).then(() => import('./persistence.ts')))
          .then(
            ({ persistCart }) => persistCart($cart, readDone),
            (error: unknown) => {
              console.warn('Cart: could not load the stored cart; it is kept for the next visit.', error);
              readDone();
            },
          );
  return reading;
}

/**
 * Reads the stored cart and keeps storage in step from then on, once per page; resolves when it has been read.
 * Until then `$cartLoading` stays true and nothing is saved, so a change meanwhile cannot overwrite it unread.
 */
export const storedCartRead = (): Promise<void> => persist(() => $cartLoading.set(false));

function cartStored(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(CART_STORAGE_PREFIX));
  } catch {
    return false; // unreadable storage: nothing to read
  }
}

onMount($cart, () => {
  if (typeof window === 'undefined') return;
  if (cartStored()) return void storedCartRead();
  $cartLoading.set(false);
  // Nothing to read: storage is taken on with the first change (persistence writes it) or another tab's cart,
  // without touching `$cartLoading`, which an add in progress holds. Later calls find the same read under way.
  const read = () => void persist(() => {});
  $cart.listen(read);
  // A prerendered page with no cart then may be shown after one was stored (persistence re-reads it from then on).
  onActivation(() => cartStored() && read());
  window.addEventListener(
    'storage',
    (event) => (event.key === null || event.key.startsWith(CART_STORAGE_PREFIX)) && read(),
  );
});

export function openCart(): void {
  $cartOpen.set(true);
}

export function closeCart(): void {
  $cartOpen.set(false);
}

/**
 * Live figures at most 5 minutes old, with the cart's lines following them from now on, whether cached, fetched
 * or arriving later. The code of both loads on first use. Never rejects.
 */
export async function refreshCartFigures(): Promise<void> {
  try {
    const { followLiveFigures } = await import('./follow-figures.ts');
    followLiveFigures($cart);
  } catch (error) {
    console.warn('Cart: could not load the code that keeps its lines current.', error);
  }
  await refreshFigures();
}
