// Pure cart changes, loaded with the first one.
import { DEFAULT_SIZE, capFor, cartItemId, type CartItem, type NewCartItem } from './cart-item.ts';

export type AddResult =
  | { ok: true; items: CartItem[]; item: CartItem }
  | { ok: false; reason: 'max-quantity'; max: number; items: CartItem[] }
  | { ok: false; reason: 'invalid-quantity'; items: CartItem[] };

/** Refused past the cap (maxQuantity, else 999). */
export function addItem(items: readonly CartItem[], incoming: NewCartItem, quantity: number): AddResult {
  if (!Number.isInteger(quantity) || quantity < 1) return { ok: false, reason: 'invalid-quantity', items: [...items] };
  const id = cartItemId(incoming);
  const existing = items.find((i) => i.id === id);
  // The newest stock figure wins.
  const max = capFor(incoming.maxQuantity !== undefined ? incoming : (existing ?? incoming));
  const current = existing?.quantity ?? 0;
  if (current + quantity > max) return { ok: false, reason: 'max-quantity', max, items: [...items] };
  const item: CartItem = existing
    ? { ...existing, ...incoming, id, quantity: current + quantity }
    : { size: DEFAULT_SIZE, ...incoming, id, quantity };
  const next = existing ? items.map((i) => (i.id === id ? item : i)) : [...items, item];
  return { ok: true, items: next, item };
}

export function removeItem(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((i) => i.id !== id);
}

export function updateQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return removeItem(items, id);
  return items.map((i) => (i.id === id ? { ...i, quantity: Math.min(Math.floor(quantity), capFor(i)) } : i));
}

/** Each paid quantity comes off its line, so what was added during the payment stays. */
export function withoutPaid(
  items: readonly CartItem[],
  paid: readonly { id?: string | undefined; quantity: number }[],
): CartItem[] {
  const owed = new Map<string, number>();
  for (const line of paid) if (line.id) owed.set(line.id, (owed.get(line.id) ?? 0) + line.quantity);
  return items.flatMap((item) => {
    const left = item.quantity - (owed.get(item.id) ?? 0);
    return left > 0 ? [{ ...item, quantity: left }] : [];
  });
}
