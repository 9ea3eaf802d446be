// The cart's storage key and written format. Kept apart from the reader (cart-storage.ts) so that pages with
// nothing stored never load the reader's schema checker.
import type { CartItem } from './cart-item.ts';

export const CART_STORAGE_VERSION = 1;

/** Product-specific and versioned, so another product's or an older format's cart is never misread. */
export function cartStorageKey(productKey: string): string {
  return `haven-cart:v${CART_STORAGE_VERSION}:${productKey}`;
}

export function encodeCart(items: readonly CartItem[]): string {
  return JSON.stringify({ version: CART_STORAGE_VERSION, items });
}
