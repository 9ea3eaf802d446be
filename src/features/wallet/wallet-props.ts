// What every wallet button is told: where it sits and, on the product page, what it pays for when the cart is
// empty.
import type { Choice } from './paypal-flow.ts';

export type WalletPlacement = 'product' | 'cart-drawer' | 'checkout';

export interface WalletButtonProps {
  placement: WalletPlacement;
  eager?: boolean;
  /** Product page: what is paid for when the cart is empty (the current variant and quantity). */
  selection?: Choice | undefined;
}
