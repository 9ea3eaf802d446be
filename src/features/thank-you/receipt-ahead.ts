// What a capture under way keeps if it takes the total, told to a prerendered /thank-you to draw while hidden.
import { decodeReceipts, encodeReceipts } from './receipt-storage.ts';
import { paidOrder, type KeptOrder, type ShownLine } from './receipt.ts';

const CHANNEL = 'haven-receipt-ahead';

export function announceReceipt(created: unknown, lines: readonly ShownLine[], wallet: string): void {
  const order = paidOrder(created, lines, new Date(), { review: false, wallet });
  if (!order || typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(encodeReceipts([order]));
  channel.close();
}

export function followAnnouncedReceipts(show: (order: KeptOrder) => void): () => void {
  if (typeof BroadcastChannel !== 'function') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    const order = typeof event.data === 'string' ? decodeReceipts(event.data).orders[0] : undefined;
    if (order) show(order);
  };
  return () => channel.close();
}
