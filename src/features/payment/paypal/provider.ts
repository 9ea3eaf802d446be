import type { WalletProvider } from '../wallet/provider.ts';

/** PayPal keeps an approved order for 3 hours by default. */
export const paypal = {
  id: 'paypal',
  name: 'PayPal',
  approvalLifetimeMs: 3 * 60 * 60 * 1000,
} as const satisfies WalletProvider;
