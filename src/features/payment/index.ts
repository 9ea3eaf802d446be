export { recoverPendingPayment } from './record/recovery.ts';
export { walletNames } from './button/wallets.ts';
