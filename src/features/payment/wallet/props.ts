// What each placement tells its wallet button.
import type { ShopRules } from '../../../lib/pricing.ts';
import type { Pays } from './pays.ts';

export type WalletPlacement = 'product' | 'cart-drawer' | 'checkout';

export interface WalletButtonProps {
  placement: WalletPlacement;
  /** At once, not at the first interaction. */
  eager?: boolean;
  pays: Pays;
  rules: ShopRules;
}
