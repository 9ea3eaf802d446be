// The cart's lines kept at current prices and stock whenever figures or the cart change: what stock takes away gets
// a toast, a price change alone is quiet.
import type { WritableAtom } from 'nanostores';
import type { CartItem } from './cart-item.ts';
import { applyFigures } from './reconcile.ts';
import { $liveFigures } from '../catalog/index.ts';
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
  // One toast for all that was taken away.
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

/** Once per page; later calls return the same stop. */
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
