// The cart in browser storage, through @nanostores/persistent: read once, written on every change, and followed
// across tabs. The cart store (store.ts) loads it when a cart is stored, else with the first change. Reading is
// checked (storage.ts); a cart saved in the previous format is carried over to this one.
import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import { config } from '../../config.ts';
import { onActivation } from '../../browser/activation.ts';
import type { CartItem } from './cart-item.ts';
import { cartStorageKey, decodeCart, decodeLegacyCart, encodeCart, mergeEarly, type ParsedCart } from './storage.ts';

const LEGACY_VERSION = 1;

function checked(key: string, { items, problem }: ParsedCart): CartItem[] {
  if (problem) console.warn(`Cart: ignoring stored cart under "${key}": ${problem}.`);
  return items;
}

/** A cart saved in the previous format (and none in this one) is rewritten in this one, once. */
function carryOver(key: string, productKey: string): void {
  const legacyKey = cartStorageKey(productKey, LEGACY_VERSION);
  // Some privacy modes throw on mere access to localStorage: that, like a full one, only leaves the cart where it is.
  try {
    const legacy = localStorage.getItem(legacyKey);
    if (legacy == null || localStorage.getItem(key) !== null) return;
    localStorage.setItem(key, encodeCart(checked(legacyKey, decodeLegacyCart(legacy))));
    localStorage.removeItem(legacyKey);
  } catch (error) {
    console.warn(
      'Cart: could not carry the stored cart over to the current format; it is kept for the next visit.',
      error,
    );
  }
}

/**
 * Fills `cart` from storage (keeping lines added before the read, a very fast first tap), calls `read`, and from
 * then on writes every change and takes changes made in other tabs.
 */
export function persistCart(cart: WritableAtom<CartItem[]>, read: () => void, productKey = config.productLink): void {
  const key = cartStorageKey(productKey);
  carryOver(key, productKey);
  const stored = persistentAtom<CartItem[]>(key, [], {
    encode: encodeCart,
    decode: (raw) => checked(key, decodeCart(raw)),
  });
  // What this page wrote, told apart from what another tab wrote (or a page restored from the back/forward cache
  // read): notifications of all stores share one queue, so one of ours may arrive after the cart has moved on.
  const written = new WeakSet<readonly CartItem[]>();
  const save = (items: readonly CartItem[]) => {
    written.add(items);
    try {
      stored.set(items as CartItem[]);
    } catch (error) {
      // Quota exceeded or storage disabled: the cart still works for this page view.
      console.warn('Cart: could not save the cart to browser storage.', error);
    }
  };
  const early = cart.get();
  cart.set(early.length ? mergeEarly(stored.get(), early) : stored.get());
  // Written back only when it changed: an entry that could not be read stays until the shopper changes the cart.
  if (early.length) save(cart.get());
  stored.listen((items) => {
    if (!written.has(items)) cart.set(items as CartItem[]);
  });
  cart.listen(() => {
    const items = cart.get();
    if (items !== stored.get()) save(items);
  });
  // A prerendered page read the cart when it was made; the shopper sees it as it is when the page is shown (a
  // quantity changed meanwhile, in the page that made it or another tab). Written back as read: no change.
  onActivation(() => {
    let raw: string | null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      return;
    }
    // Unchanged (the usual case): nothing to render again while the page is first painted.
    if (raw === encodeCart(cart.get()) || (raw === null && cart.get().length === 0)) return;
    cart.set(raw === null ? [] : checked(key, decodeCart(raw)));
  });
  read();
}
