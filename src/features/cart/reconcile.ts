// Cart lines brought up to date with the current stock and prices of the run-time product refresh: a stale price
// or stock must never let a shopper order more than stock. Pure, like cart-item.ts, but a module of its own:
// cart-item.ts is in the code every page loads at once, this is needed only once figures have been fetched.
import type { Figures } from '../catalog/product.ts';
import type { CartItem } from './cart-item.ts';

export interface LiveReconciliation {
  /** The cart with current figures; the very array passed in when nothing changed. */
  items: CartItem[];
  /** Lines whose quantity came down to the stock, as they are now. */
  clamped: CartItem[];
  /** Lines removed because their variant is out of stock, as they were. */
  removed: CartItem[];
}

const amount = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;
// The figures may come from a session cache the page does not control: unusable ones count as unknown.
const usable = (f: Figures | undefined): f is Figures => !!f && amount(f.price) && amount(f.stock);

/**
 * Applies current figures (by variant id) to the lines of this product: price and regular price, maxQuantity =
 * stock, quantity clamped to the stock, lines out of stock removed. Lines of variants without (usable) figures
 * stay as they are. Returns the array it was given when nothing changed, so a subscriber that writes the result
 * back does not loop.
 */
export function applyFigures(items: CartItem[], live: Readonly<Record<string, Figures>>): LiveReconciliation {
  const clamped: CartItem[] = [];
  const removed: CartItem[] = [];
  let changed = false;
  const next: CartItem[] = [];
  for (const item of items) {
    const figures =
      item.variantId !== undefined && Object.hasOwn(live, item.variantId) ? live[item.variantId] : undefined;
    if (!usable(figures)) {
      next.push(item);
      continue;
    }
    const stock = Math.floor(figures.stock);
    if (stock === 0) {
      removed.push(item);
      changed = true;
      continue;
    }
    const quantity = Math.min(item.quantity, stock);
    const { originalPrice: _old, ...rest } = item;
    const updated: CartItem = {
      ...rest,
      price: figures.price,
      ...(amount(figures.regularPrice) ? { originalPrice: figures.regularPrice } : {}),
      maxQuantity: stock,
      quantity,
    };
    const same =
      updated.price === item.price &&
      updated.originalPrice === item.originalPrice &&
      updated.maxQuantity === item.maxQuantity &&
      updated.quantity === item.quantity;
    if (same) {
      next.push(item);
      continue;
    }
    changed = true;
    if (quantity < item.quantity) clamped.push(updated);
    next.push(updated);
  }
  return { items: changed ? next : items, clamped, removed };
}
