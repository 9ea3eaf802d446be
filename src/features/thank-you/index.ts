// A kept order, for seeding one (the bench).
export { paidOrder, type KeptOrder } from './receipt.ts';
export { RECEIPTS_STORAGE_KEY, encodeReceipts } from './receipt-storage.ts';
