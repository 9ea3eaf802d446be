// The cart in storage: read once and checked (storage.ts), written on every change, followed across tabs.
import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import { config } from '../../config.ts';
import { onActivation } from '../../browser/activation.ts';
import type { CartItem } from './cart-item.ts';
import { cartStorageKey, decodeCart, decodeLegacyCart, encodeCart, mergeEarly, type ParsedCart } from './storage.ts';

const LEGACY_VERSION = 1;

function checked(key: string, { items, problem }: ParsedCart): CartItem[] {
  if (!problem) return items;
  if (items.length)
    console.warn(`Cart: kept the lines of the stored cart under "${key}" that could be read; ${problem}.`);
  else console.warn(`Cart: ignoring stored cart under "${key}": ${problem}.`);
  return items;
}

/** A cart saved in the previous format (and none in this one) is rewritten in this one. */
function carryOver(key: string, productKey: string): void {
  const legacyKey = cartStorageKey(productKey, LEGACY_VERSION);
  // Some privacy modes throw on mere access to localStorage.
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

/** Keeps lines added before the read. */
export function persistCart(cart: WritableAtom<CartItem[]>, read: () => void, productKey = config.productLink): void {
  const key = cartStorageKey(productKey);
  carryOver(key, productKey);
  const stored = persistentAtom<CartItem[]>(key, [], {
    encode: encodeCart,
    decode: (raw) => checked(key, decodeCart(raw)),
  });
  // Our own writes told apart from other tabs': notifications share one queue and may arrive late.
  const written = new WeakSet<readonly CartItem[]>();
  const save = (items: readonly CartItem[]) => {
    written.add(items);
    try {
      stored.set(items as CartItem[]);
    } catch (error) {
      // The cart still works for this page view.
      console.warn('Cart: could not save the cart to browser storage.', error);
    }
  };
  const early = cart.get();
  cart.set(early.length ? mergeEarly(stored.get(), early) : stored.get());
  // An unreadable entry stays until the shopper changes the cart.
  if (early.length) save(cart.get());
  stored.listen((items) => {
    if (!written.has(items)) cart.set(items as CartItem[]);
  });
  cart.listen(() => {
    const items = cart.get();
    if (items !== stored.get()) save(items);
  });
  // A prerendered page shows the cart as it is when opened, not as when it was made.
  onActivation(() => {
    let raw: string | null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      return;
    }
    if (raw === encodeCart(cart.get()) || (raw === null && cart.get().length === 0)) return;
    cart.set(raw === null ? [] : checked(key, decodeCart(raw)));
  });
  read();
}
