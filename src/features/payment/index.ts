export { recoverPendingPayment } from './recovery.ts';
