// The cart's storage format, checked on read: nothing stored may crash the page or empty a good cart. Format 1
// (dollars) is still read and carried over.
import * as v from 'valibot';
import { readJson } from '../../lib/stored-json.ts';
import { LineSchema } from '../../lib/line.ts';
import { MAX_PRICE, toCents } from '../../lib/money.ts';
import { CART_STORAGE_PREFIX, DEFAULT_SIZE, capFor, cartItemId, type CartItem } from './cart-item.ts';
import { addItem } from './operations.ts';

const CART_STORAGE_VERSION = 2;

/** Another product's or an older format's cart is never misread. */
export function cartStorageKey(productKey: string, version = CART_STORAGE_VERSION): string {
  return `${CART_STORAGE_PREFIX}v${version}:${productKey}`;
}

type Line = Omit<CartItem, 'id'>;

const StoredLine = v.omit(LineSchema, ['id']);
const line = v.omit(StoredLine, ['price', 'originalPrice', 'variantName']).entries;

const dollars = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_PRICE / 100));
const LegacyLine = v.pipe(
  v.object({ ...line, price: dollars, originalPrice: v.optional(dollars), color: v.optional(v.string()) }),
  v.transform(({ color, price, originalPrice, ...rest }): Line => ({
    ...rest,
    price: toCents(price),
    ...(originalPrice !== undefined ? { originalPrice: toCents(originalPrice) } : {}),
    ...(color !== undefined ? { variantName: color } : {}),
  })),
);

const format = (version: number, lineSchema: v.GenericSchema<unknown, Line>) => ({
  cart: v.object({ version: v.literal(version), items: v.array(v.unknown()) }),
  line: lineSchema,
});
const CURRENT = format(CART_STORAGE_VERSION, StoredLine);
const LEGACY = format(1, LegacyLine);

export interface ParsedCart {
  items: CartItem[];
  problem?: string;
}

/** Never throws. */
function decodeWith({ cart, line: lineSchema }: ReturnType<typeof format>, raw: string | null | undefined): ParsedCart {
  if (raw == null || raw === '') return { items: [] };
  const parsed = readJson(cart, raw, 'the stored cart');
  if (!parsed.ok) return { items: [], problem: parsed.problem };
  const lines: Line[] = [];
  const unread: string[] = [];
  parsed.value.items.forEach((given, i) => {
    const read = v.safeParse(lineSchema, given);
    if (read.success) lines.push(read.output);
    else unread.push([`items.${i}`, v.getDotPath(read.issues[0])].filter(Boolean).join('.'));
  });
  // Ids derived again, quantities clamped, duplicates merged: an edited entry cannot break the cart.
  const items: CartItem[] = [];
  for (const stored of lines) {
    if (stored.maxQuantity === 0) continue;
    // The size a line gets when added, so an entry saved without it keeps its id.
    const line = { ...stored, size: stored.size ?? DEFAULT_SIZE };
    const item: CartItem = { ...line, id: cartItemId(line) };
    const twin = items.find((i) => i.id === item.id);
    if (twin) twin.quantity = Math.min(twin.quantity + item.quantity, capFor(twin));
    else items.push({ ...item, quantity: Math.min(item.quantity, capFor(item)) });
  }
  if (!unread.length) return { items };
  const left = unread.length === 1 ? 'a line' : `${unread.length} lines`;
  return { items, problem: `the stored cart has ${left} of an unexpected shape, left out: ${unread.join(', ')}` };
}

export const decodeCart = (raw: string | null | undefined): ParsedCart => decodeWith(CURRENT, raw);

export const decodeLegacyCart = (raw: string | null | undefined): ParsedCart => decodeWith(LEGACY, raw);

export function encodeCart(items: readonly CartItem[]): string {
  return JSON.stringify({ version: CART_STORAGE_VERSION, items: items.map(({ id: _id, ...rest }) => rest) });
}

export function mergeEarly(stored: readonly CartItem[], early: readonly CartItem[]): CartItem[] {
  let items = [...stored];
  for (const { id: _id, quantity, ...rest } of early) {
    const merged = addItem(items, rest, quantity);
    if (merged.ok) items = merged.items;
  }
  return items;
}
