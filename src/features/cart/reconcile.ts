// Cart lines brought up to the live figures, so no one orders more than stock; loaded only once figures are fetched.
import type { Figures } from '../catalog/index.ts';
import type { CartItem } from './cart-item.ts';

export interface LiveReconciliation {
  items: CartItem[];
  clamped: CartItem[];
  removed: CartItem[];
}

const amount = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;
// The figures may come from a session cache the page does not control: unusable ones count as unknown.
const usable = (f: Figures | undefined): f is Figures => !!f && amount(f.price) && amount(f.stock);

/** The same array back when nothing changed, so a writer-back does not loop. */
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
