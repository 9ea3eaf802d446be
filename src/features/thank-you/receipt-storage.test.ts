import { describe, expect, it } from 'vitest';
import { decodeReceipts, encodeReceipts, RECEIPT_CAP, withReceipt } from './receipt-storage.ts';
import type { KeptOrder } from './receipt.ts';

const order = (id: string, extra: Partial<KeptOrder> = {}): KeptOrder => ({
  id,
  status: 'PAID',
  createdAt: '2026-11-23T18:29:58.000Z',
  items: [
    {
      productId: 'p',
      variantId: 'v',
      name: 'Haven Cam 360',
      variantName: 'Arctic White',
      quantity: 2,
      unitPrice: 7999,
      lineTotal: 15998,
    },
  ],
  subtotal: 15998,
  total: 15998,
  ...extra,
});

describe('kept orders in storage', () => {
  it('reads back what it writes', () => {
    const { status: _status, ...unpaid } = order('b');
    const orders = [order('a'), unpaid];
    expect(decodeReceipts(encodeReceipts(orders))).toEqual({ orders });
  });

  it('reads nothing stored as no orders, without a problem', () => {
    expect(decodeReceipts(null)).toEqual({ orders: [] });
    expect(decodeReceipts('')).toEqual({ orders: [] });
  });

  it.each([
    ['not JSON', '{orders', 'not valid JSON'],
    ['another format', JSON.stringify({ version: 2, orders: [order('a')] }), 'unexpected shape'],
    ['a bare list', JSON.stringify([order('a')]), 'unexpected shape'],
  ])('reads %s as no orders and says why', (_what, raw, problem) => {
    const decoded = decodeReceipts(raw);
    expect(decoded.orders).toEqual([]);
    expect(decoded.problem).toContain(problem);
  });

  it('leaves out only the entries that are not valid orders, and a second copy of one', () => {
    const bad = [
      { ...order('x'), total: 1e308 },
      { ...order('x'), total: 159.98 },
      { ...order('x'), items: [{ ...order('x').items[0], quantity: 0 }] },
      { ...order('x'), items: [{ ...order('x').items[0], unitPrice: -1 }] },
      { ...order('x'), createdAt: 'yesterday' },
      { ...order('x'), id: '' },
      { ...order('x'), takenIn: { amount: 100, currency: 'euro' } },
      // A second copy of an order already read.
      order('a'),
      '<img src=x onerror=alert(1)>',
      null,
    ];
    const decoded = decodeReceipts(JSON.stringify({ version: 1, orders: [order('a'), ...bad, order('b')] }));
    expect(decoded.orders.map((o) => o.id)).toEqual(['a', 'b']);
    expect(decoded.problem).toBe(`${bad.length} stored order(s) could not be read`);
  });

  it('keeps the newest first, one copy per order, at most the cap', () => {
    let orders: KeptOrder[] = [];
    for (let i = 0; i < RECEIPT_CAP + 3; i += 1) orders = withReceipt(orders, order(`o${i}`));
    expect(orders).toHaveLength(RECEIPT_CAP);
    expect(orders[0]!.id).toBe(`o${RECEIPT_CAP + 2}`);
    expect(orders.at(-1)!.id).toBe('o3');
    const updated = withReceipt(orders, order('o5', { status: 'FULFILLED' }));
    expect(updated.filter((o) => o.id === 'o5')).toEqual([order('o5', { status: 'FULFILLED' })]);
    expect(updated[0]!.id).toBe('o5');
  });
});
