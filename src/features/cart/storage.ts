// The cart's browser-storage format. Anything read back is checked: storage is user-controlled and may hold
// a corrupt value, another app's data or an older format, and none of that may crash the page.
import * as v from 'valibot';
import { capFor, cartItemId, type CartItem } from './cart-item.ts';
import { addItem } from './operations.ts';

import { CART_STORAGE_VERSION } from './storage-key.ts';

export { CART_STORAGE_VERSION, cartStorageKey, encodeCart } from './storage-key.ts';

/** Above any real unit price; an edited entry with 1e308 would otherwise show '$∞'. */
export const MAX_STORED_PRICE = 1e7;
const money = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_STORED_PRICE));
const ItemSchema = v.object({
  id: v.string(),
  productId: v.string(),
  variantId: v.optional(v.string()),
  name: v.pipe(v.string(), v.minLength(1)),
  price: money,
  originalPrice: v.optional(money),
  image: v.optional(v.string()),
  color: v.optional(v.string()),
  size: v.optional(v.string()),
  maxQuantity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
const StoredCart = v.object({ version: v.literal(CART_STORAGE_VERSION), items: v.array(ItemSchema) });

export type ParsedCart = { items: CartItem[]; problem?: string };

/** Never throws: a value that is not a valid cart yields an empty cart and a description of what was wrong. */
export function decodeCart(raw: string | null | undefined): ParsedCart {
  if (raw == null || raw === '') return { items: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { items: [], problem: 'the stored cart is not valid JSON' };
  }
  const parsed = v.safeParse(StoredCart, json);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    return { items: [], problem: `the stored cart has an unexpected shape${where ? ` at ${where}` : ''}` };
  }
  // Re-derive ids and clamp quantities, and merge duplicates, so an edited entry cannot break cart invariants.
  // A line with a maximum of 0 (out of stock when it was saved) cannot be ordered: it is dropped.
  const items: CartItem[] = [];
  for (const raw of parsed.output.items) {
    if (raw.maxQuantity === 0) continue;
    const item = { ...raw } as CartItem;
    item.id = cartItemId(item);
    const twin = items.find((i) => i.id === item.id);
    if (twin) twin.quantity = Math.min(twin.quantity + item.quantity, capFor(twin));
    else items.push({ ...item, quantity: Math.min(item.quantity, capFor(item)) });
  }
  return { items };
}

/**
 * The stored cart with the lines added before it was read (a very fast first tap) merged in, each within its
 * cap: an early line that would pass it is left out rather than overfilling the stored one.
 */
export function mergeEarly(stored: readonly CartItem[], early: readonly CartItem[]): CartItem[] {
  let items = [...stored];
  for (const { id: _id, quantity, ...rest } of early) {
    const merged = addItem(items, rest, quantity);
    if (merged.ok) items = merged.items;
  }
  return items;
}
