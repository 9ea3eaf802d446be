import { afterEach, describe, expect, it } from 'vitest';
import { announceReceipt, followAnnouncedReceipts } from './receipt-ahead.ts';
import { paidOrder, type KeptOrder } from './receipt.ts';

const created = { id: 'ord_1', items: [{ name: 'Haven Cam 360', quantity: 1, unitPrice: 79.99 }], total: 86.39 };
const lines = [{ variantId: 'var_white', variantName: 'Arctic White', quantity: 1, price: 7999 }];

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** The next receipt the follower is told, or what it was told within a round trip of the channel. */
function follow(): { next: Promise<KeptOrder>; told: KeptOrder[] } {
  const told: KeptOrder[] = [];
  let got: (order: KeptOrder) => void = () => {};
  const next = new Promise<KeptOrder>((resolve) => (got = resolve));
  stops.push(
    followAnnouncedReceipts((order) => {
      told.push(order);
      got(order);
    }),
  );
  return { next, told };
}

describe('receipts told ahead', () => {
  it('reach a follower as the payment would keep them if it takes the total', async () => {
    const { next } = follow();
    announceReceipt(created, lines, 'PayPal');
    const told = await next;
    const kept = paidOrder(created, lines, new Date(told.createdAt!), { review: false, wallet: 'PayPal' });
    expect(told).toEqual(kept);
    expect(told).toMatchObject({ id: 'ord_1', status: 'PAID', paidWith: 'PayPal', total: 8639 });
  });

  it('leave out a message that is not a receipt, and an answer without an order id', async () => {
    const { next, told } = follow();
    const other = new BroadcastChannel('haven-receipt-ahead');
    other.postMessage('{"version":1,"orders":[{"id":"x","items":"lots","total":-1}]}');
    other.postMessage({ not: 'a string' });
    other.close();
    announceReceipt({ items: [] }, lines, 'PayPal');
    announceReceipt({ ...created, id: 'ord_2' }, lines, 'PayPal');
    // Messages arrive in the order they were posted: the last one is the first told.
    expect((await next).id).toBe('ord_2');
    expect(told.map((o) => o.id)).toEqual(['ord_2']);
  });

  it('stop reaching a follower that stopped', async () => {
    const stopped = follow();
    stops.pop()!();
    const { next } = follow();
    announceReceipt(created, lines, 'PayPal');
    await next;
    expect(stopped.told).toEqual([]);
  });
});
