// The cart every island shares. Its storage code (persistence.ts) loads at once when a cart is stored, else with the
// first change, so a first visit never loads it.
import { atom, onMount } from 'nanostores';
import { CART_STORAGE_PREFIX, type CartItem } from './cart-item.ts';
import { refreshFigures } from '../catalog/index.ts';
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

/** Resolves once the stored cart is read; until then nothing is saved, so nothing overwrites it unread. */
export const storedCartRead = (): Promise<void> => persist(() => $cartLoading.set(false));

function cartStored(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(CART_STORAGE_PREFIX));
  } catch {
    return false;
  }
}

onMount($cart, () => {
  if (typeof window === 'undefined') return;
  if (cartStored()) return void storedCartRead();
  $cartLoading.set(false);
  // Storage is taken on with the first change here or in another tab.
  const read = () => void persist(() => {});
  $cart.listen(read);
  // A prerendered page may be shown after a cart was stored.
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

/** Never rejects. */
export async function refreshCartFigures(): Promise<void> {
  try {
    const { followLiveFigures } = await import('./follow-figures.ts');
    followLiveFigures($cart);
  } catch (error) {
    console.warn('Cart: could not load the code that keeps its lines current.', error);
  }
  await refreshFigures();
}
