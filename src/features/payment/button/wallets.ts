// The wallets, in the order their buttons show: an adapter's folder and one line in each list here.
import { loadPayPalButton, paypal, paypalPage } from '../paypal/wallet.ts';
import type { WalletPage } from '../wallet/page.ts';
import type { WalletButtonProps } from '../wallet/props.ts';
import type { WalletProvider } from '../wallet/provider.ts';
import type { Loader } from '../../../ui/use-lazy.ts';

type Wallet = WalletProvider & { load: Loader<WalletButtonProps> };

export const WALLETS: readonly [Wallet, ...Wallet[]] = [{ ...paypal, load: loadPayPalButton }];

export const WALLET_PAGES: readonly WalletPage[] = [paypalPage];

/** "PayPal", "PayPal or Apple Pay", "PayPal, Apple Pay or Venmo". */
export function walletNames(): string {
  const names: string[] = WALLETS.map((wallet) => wallet.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}
