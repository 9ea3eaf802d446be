import type { PaymentIntentRequest } from '@haven/commerce-client';

/** The backend's id, the shoppers' name, how long an approval lasts (said, never acted on). */
export interface WalletProvider {
  id: PaymentIntentRequest['provider'];
  name: string;
  approvalLifetimeMs: number;
}
