// The wallets, in the order their buttons show: an adapter's folder, one line here, and its button in
// WalletButton.tsx.
import { paypal } from '../paypal/wallet.ts';
import type { WalletProvider } from '../wallet/provider.ts';

export const WALLETS = [paypal] as const satisfies readonly [WalletProvider, ...WalletProvider[]];
export type WalletId = (typeof WALLETS)[number]['id'];

/** "PayPal", "PayPal or Apple Pay", "PayPal, Apple Pay or Venmo". */
export function walletNames(): string {
  const names: string[] = WALLETS.map((wallet) => wallet.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}
