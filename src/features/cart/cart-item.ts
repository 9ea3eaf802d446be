// The cart line: fields, id, quantity cap, badge text. Every page loads it.
import type { Line } from '../../lib/line.ts';
import { slugify } from '../catalog/index.ts';

const DEFAULT_MAX_QUANTITY = 999;
export const CART_STORAGE_PREFIX = 'haven-cart:';
export const DEFAULT_SIZE = 'One Size';

export type CartItem = Line;

export type NewCartItem = Omit<CartItem, 'id' | 'quantity'>;

/** Product and variant ids; without them name, colour and size (the line's default size, so storing keeps the id). */
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

export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
