// Keeps the cart's lines in step with the current stock and prices: the built pages may be stale, and a stale price
// or stock must never let a shopper order more than stock (docs/requirements.md#cart). Loaded on use
// (refreshCartFigures in store.ts), never with the page. Whenever figures arrive, and whenever the cart changes later
// (another tab, the stored cart read) while figures are known, the lines get current prices and caps; a line above
// the stock comes down to it and one out of stock goes, with a toast. A price change alone is applied quietly: the
// drawer shows the current price.
import type { WritableAtom } from 'nanostores';
import type { CartItem } from './cart-item.ts';
import { applyFigures } from './reconcile.ts';
import { $liveFigures } from '../catalog/figures.ts';
import { toast } from '../toasts/toasts.ts';

const optionName = (item: CartItem) => item.variantName ?? item.name;

function clampedSentence(item: CartItem): string {
  const n = item.quantity;
  return `Only ${n} of ${optionName(item)} ${n === 1 ? 'is' : 'are'} in stock, so your cart now has ${n}.`;
}

function removedSentence(items: readonly CartItem[]): string {
  const names = items.map(optionName);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${list} ${names.length === 1 ? 'is' : 'are'} now out of stock and ${names.length === 1 ? 'was' : 'were'} removed from your cart.`;
}

function reconcile(cart: WritableAtom<CartItem[]>): void {
  const items = cart.get();
  const result = applyFigures(items, $liveFigures.get());
  if (result.items === items) return;
  cart.set(result.items);
  // One toast for everything that was taken away (two would stack awkwardly and say 'Cart updated' twice);
  // destructive when a line went.
  const sentences = [
    ...(result.removed.length > 0 ? [removedSentence(result.removed)] : []),
    ...result.clamped.map(clampedSentence),
  ];
  if (sentences.length === 0) return;
  toast({
    title: 'Cart updated',
    description: sentences.join(' '),
    variant: result.removed.length > 0 ? 'destructive' : 'default',
  });
}

let stop: (() => void) | undefined;

/** Has `cart` follow the figures (once per page; further calls return the same stop function). */
export function followLiveFigures(cart: WritableAtom<CartItem[]>): () => void {
  if (stop) return stop;
  const stopFigures = $liveFigures.subscribe(() => reconcile(cart));
  const stopCart = cart.listen(() => reconcile(cart));
  stop = () => {
    stopFigures();
    stopCart();
    stop = undefined;
  };
  return stop;
}
