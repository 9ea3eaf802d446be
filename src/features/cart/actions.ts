// The cart actions with their toasts and delays (docs/requirements.md#cart). Kept apart from store.ts, which every
// page loads at once: these are needed only from the shopper's first change to the cart.
import type { NewCartItem } from './cart-item.ts';
import { addItem, removeItem, updateQuantity, withoutPaid } from './operations.ts';
import { $cart, $cartLoading, openCart, storedCartRead } from './store.ts';
import { toast } from '../toasts/toasts.ts';

const ADD_DELAY_MS = 800;
const OPEN_AFTER_ADD_MS = 200;
const REMOVE_TOAST_MS = 770;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// The control an add came from (Add to Cart, the sticky bar's Add: they keep focus while adding), handed to
// the drawer that add opens so that closing it returns focus there. Read when the line goes into the cart, not
// a second later when the drawer opens: by then focus may have moved on, or been lost to <body>.
let addedFrom: HTMLElement | undefined;

function focused(): HTMLElement | undefined {
  const el = globalThis.document?.activeElement;
  return el && el !== document.body && 'focus' in el ? (el as HTMLElement) : undefined;
}

/** The element whose add opened the drawer, once; undefined when the drawer was opened some other way. */
export function takeDrawerOpener(): HTMLElement | undefined {
  const from = addedFrom;
  addedFrom = undefined;
  return from;
}

/**
 * Adds to the cart after a simulated 800 ms delay, then opens the drawer 200 ms later. Resolves false (cart unchanged,
 * destructive toast shown) when the line would pass its maximum quantity. `pressedAt` (Date.now() of the shopper's
 * press) counts what the caller already waited as part of the delay.
 */
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
  const waited = opts.pressedAt === undefined ? 0 : Date.now() - opts.pressedAt;
  // Resolved once the line is also in storage (on a first visit its code may still be loading), so a caller may
  // leave the page at once: /checkout reads the cart from there.
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

/** After a successful payment: the paid lines leave the cart quietly (the confirmation page says what happened). */
export function removePaidItems(paid: Parameters<typeof withoutPaid>[1]): void {
  $cart.set(withoutPaid($cart.get(), paid));
}
