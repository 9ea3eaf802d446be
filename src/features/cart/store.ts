// The shopper's cart, shared by every island on every page (SPEC §3 cart state, §4 cart actions).
// Persistence: read once at start, written on every change after that, re-read when another tab changes it.
// What changes the cart (add, remove, update, clear) is in cart-actions.ts, loaded with the first change.
import { atom } from 'nanostores';
import type { CartItem } from './cart-item.ts';
import { cartStorageKey, encodeCart } from './storage-key.ts';

export const $cart = atom<CartItem[]>([]);
export const $cartOpen = atom(false);
/** True until the stored cart has been read, and while an add is in progress. */
export const $cartLoading = atom(true);

let storageKey = cartStorageKey('default');

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let loaded = false;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // some privacy modes throw on mere access
  }
}

async function loadChecker(): Promise<typeof import('./storage.ts')> {
  try {
    return await import('./storage.ts');
  } catch {
    await wait(1000); // one retry for a flaky connection
    return import('./storage.ts');
  }
}

/**
 * The stored cart, checked; undefined when it could not be checked (its code failed to load), in which case
 * the stored value is left untouched. The checker (valibot) is loaded only when something is stored.
 */
async function readStored(): Promise<CartItem[] | undefined> {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(storageKey) ?? null;
  } catch {
    /* unreadable storage behaves as empty */
  }
  if (!raw) return [];
  let checker: Awaited<ReturnType<typeof loadChecker>>;
  try {
    checker = await loadChecker();
  } catch (error) {
    console.warn('Cart: could not load the stored cart; it is kept for the next visit.', error);
    return undefined;
  }
  const { items, problem } = checker.decodeCart(raw);
  if (problem) console.warn(`Cart: ignoring stored cart under "${storageKey}": ${problem}.`);
  return items;
}

function save(items: readonly CartItem[]): void {
  try {
    storage()?.setItem(storageKey, encodeCart(items));
  } catch (error) {
    // Quota exceeded or storage disabled: the cart still works for this page view.
    console.warn('Cart: could not save the cart to browser storage.', error);
  }
}

let loading: Promise<void> | undefined;

/**
 * Loads the stored cart once per page; islands call it on mount. `key` makes the storage product-specific.
 * Until it resolves nothing is saved, so a change made meanwhile cannot overwrite the stored cart unread.
 */
export function loadCart(key: string): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  loading ??= (async () => {
    storageKey = cartStorageKey(key);
    const stored = await readStored();
    // Anything added before the stored cart was read (a very fast first tap) is merged, not lost. Merging is the
    // checker's code, already loaded whenever something was stored; with nothing stored the early lines are the cart.
    let merge: ((into: CartItem[], early: CartItem[]) => CartItem[]) | undefined;
    if (stored?.length && $cart.get().length > 0) merge = (await loadChecker().catch(() => undefined))?.mergeEarly;
    const early = $cart.get();
    // Without the merge code (it failed to load) the early lines are kept as they are rather than dropped.
    $cart.set(merge && stored ? merge(stored, early) : [...(stored ?? []), ...early]);
    loaded = true;
    // Written back only when read: an entry that could not be checked stays until the shopper changes the cart.
    if (stored !== undefined) save($cart.get());
    $cartLoading.set(false);
    window.addEventListener('storage', (event) => {
      if (event.key !== storageKey && event.key !== null) return;
      void readStored().then((items) => items !== undefined && $cart.set(items));
    });
  })();
  return loading;
}

$cart.listen((items) => {
  if (!loaded) return;
  // A change that came from another tab is already in storage; writing it back is harmless and keeps this simple.
  save(items);
});

export function openCart(): void {
  $cartOpen.set(true);
}

export function closeCart(): void {
  $cartOpen.set(false);
}
