import type { PaymentIntentRequest } from '@haven/commerce-client';

/** The backend's provider id, and the name shoppers read. */
export interface WalletProvider {
  id: PaymentIntentRequest['provider'];
  name: string;
  /** How long the provider keeps an approval: said to the shopper, never acted on alone. */
  approvalLifetimeMs: number;
}
