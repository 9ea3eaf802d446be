import type { WalletProvider } from '../wallet-provider.ts';

export const paypal = { id: 'paypal', name: 'PayPal' } as const satisfies WalletProvider;
