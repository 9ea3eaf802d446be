// One approved payment, for the tests of the record and of what the shopper is told about it.
import type { PendingPayment } from './pending.ts';

export const APPROVAL_LIFETIME_MS = 3 * 60 * 60 * 1000;
const approvedAt = '2026-11-24T10:00:00.000Z';
/** `ms` after the approval. */
export const at = (ms: number) => Date.parse(approvedAt) + ms;

export const payment: PendingPayment = {
  orderId: 'DEMO-1001-ABCD',
  intentId: 'DEMOINTENT',
  captureKey: 'wallet-k1-capture',
  approvedAt,
  lines: [{ id: 'prod-var', productId: 'prod', variantId: 'var', quantity: 2, price: 7999, name: 'Cam' }],
  order: { id: 'DEMO-1001-ABCD', status: 'PENDING', total: 159.98 },
  wallet: { id: 'paypal', name: 'PayPal', approvalLifetimeMs: APPROVAL_LIFETIME_MS },
};
