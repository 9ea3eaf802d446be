// The cart actions with their toasts and delays, loaded with the first change to the cart.
import type { NewCartItem } from './cart-item.ts';
import { addItem, removeItem, updateQuantity, withoutPaid } from './operations.ts';
import { $cart, $cartLoading, openCart, storedCartRead } from './store.ts';
import { toast } from '../toasts/toasts.ts';

const ADD_DELAY_MS = 800;
const OPEN_AFTER_ADD_MS = 200;
const REMOVE_TOAST_MS = 770;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// The control an add came from, for the drawer to return focus to: by the time the drawer opens, focus may be lost.
let addedFrom: HTMLElement | undefined;

function focused(): HTMLElement | undefined {
  const el = globalThis.document?.activeElement;
  return el && el !== document.body && 'focus' in el ? (el as HTMLElement) : undefined;
}

export function takeDrawerOpener(): HTMLElement | undefined {
  const from = addedFrom;
  addedFrom = undefined;
  return from;
}

/** False (with a toast) past the line's maximum. `pressedAt` (`performance.now()`): waited time counts towards the 800 ms. */
export async function addToCart(
  item: NewCartItem,
  quantity: number,
  opts: { openDrawer?: boolean; pressedAt?: number } = {},
): Promise<boolean> {
  const result = addItem($cart.get(), item, quantity);
  if (!result.ok) {
    if (result.reason === 'max-quantity') {
      toast({
        title: 'Cannot add more items',
        description: `Maximum quantity of ${result.max} reached for this item.`,
        variant: 'destructive',
      });
    }
    return false;
  }
  const from = focused();
  $cartLoading.set(true);
  $cart.set(result.items);
  const waited = opts.pressedAt === undefined ? 0 : performance.now() - opts.pressedAt;
  // Resolved once in storage too, so a caller may leave for /checkout at once.
  await Promise.all([wait(Math.max(0, ADD_DELAY_MS - waited)), storedCartRead()]);
  $cartLoading.set(false);
  if (opts.openDrawer !== false) {
    setTimeout(() => {
      addedFrom = from;
      openCart();
    }, OPEN_AFTER_ADD_MS);
  }
  return true;
}

export function removeFromCart(id: string): void {
  const item = $cart.get().find((i) => i.id === id);
  if (!item) return;
  $cart.set(removeItem($cart.get(), id));
  toast({
    title: 'Removed from cart',
    description: `${item.name} (${item.variantName ?? ''}) was removed from your cart.`.replace(' ()', ''),
    duration: REMOVE_TOAST_MS,
  });
}

export function setCartQuantity(id: string, quantity: number): void {
  if (quantity <= 0) return removeFromCart(id);
  $cart.set(updateQuantity($cart.get(), id, quantity));
}

export function clearCart(opts: { silent?: boolean } = {}): void {
  $cart.set([]);
  if (!opts.silent) toast({ title: 'Cart cleared', description: 'All items have been removed from your cart.' });
}

export function removePaidItems(paid: Parameters<typeof withoutPaid>[1]): void {
  $cart.set(withoutPaid($cart.get(), paid));
}
