export { recoverPendingPayment } from './record/recovery.ts';
export { walletNames } from './wallets.ts';
export { $attempt } from './attempt/state.ts';
export { checkoutStartEvent } from './wallet/pays.ts';
