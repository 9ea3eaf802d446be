// The cart line: its fields, its id, its quantity cap and the badge text (docs/requirements.md#cart). No storage,
// no DOM: the store in src/features/cart/store.ts wires these to persistence and toasts.
import type { Cents } from '../../lib/money.ts';
import { slugify } from '../catalog/variants.ts';

const DEFAULT_MAX_QUANTITY = 999;
/** Every browser-storage key a cart is kept under, in any format, starts with this. */
export const CART_STORAGE_PREFIX = 'haven-cart:';
export const DEFAULT_SIZE = 'One Size';

export interface CartItem {
  id: string;
  productId: string;
  variantId?: string;
  name: string;
  /** Unit price. */
  price: Cents;
  originalPrice?: Cents;
  image?: string;
  variantName?: string;
  size?: string;
  /** The variant stock when known; the cap is 999 otherwise. */
  maxQuantity?: number;
  quantity: number;
}

export type NewCartItem = Omit<CartItem, 'id' | 'quantity'>;

/**
 * Product id and variant id joined; without both, name, colour (the variant name) and size, each part the word
 * 'default' when it is missing. Size is 'One Size' unless the line says otherwise, the same default the line gets,
 * so its id is the same before and after it is stored. Lowercased with spaces turned to hyphens either way.
 */
export function cartItemId(item: Pick<CartItem, 'productId' | 'variantId' | 'name' | 'variantName' | 'size'>): string {
  if (item.productId && item.variantId) return slugify(`${item.productId}-${item.variantId}`);
  const part = (value: string | undefined) => value?.trim() || 'default';
  return slugify(`${part(item.name)}-${part(item.variantName)}-${part(item.size ?? DEFAULT_SIZE)}`);
}

export function capFor(item: Pick<CartItem, 'maxQuantity'>): number {
  const max = item.maxQuantity;
  return typeof max === 'number' && Number.isFinite(max) && max >= 0 ? Math.floor(max) : DEFAULT_MAX_QUANTITY;
}

export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

/** Header badge text: the count, capped at '99+'. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
