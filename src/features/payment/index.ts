export { recoverPendingPayment } from './recovery.ts';
export { walletNames } from './wallets.ts';
