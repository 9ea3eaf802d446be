import { describe, expect, it } from 'vitest';
import { keptOrder, paidOrder, PAYMENT_UNDER_REVIEW, shownLines, type ShownLine } from './receipt.ts';
import { decodeReceipts, encodeReceipts } from './receipt-storage.ts';
import { receiptOf } from './invoice.ts';

const PAID_AT = new Date('2026-11-23T18:30:00.000Z');

// Two cart lines as the page showed them (prices in cents).
const cart: ShownLine[] = [
  {
    productId: 'prod_cam',
    variantId: 'var_white',
    name: 'Haven Cam 360',
    variantName: 'Arctic White',
    image: '/_astro/white.webp',
    quantity: 2,
    price: 7999,
  },
  {
    productId: 'prod_cam',
    variantId: 'var_graphite',
    name: 'Haven Cam 360',
    variantName: 'Outdoor Pro Graphite',
    quantity: 1,
    price: 12999,
  },
];

// The demo backend's answer to the order create (client/mock/handlers/orders.ts): amounts in dollars.
const created = {
  id: 'DEMO-1001-ABCD',
  status: 'PENDING',
  items: [
    {
      productId: 'prod_cam',
      variantId: 'var_white',
      name: 'Haven Cam 360',
      variantName: 'Arctic White',
      sku: 'HC360-WHT',
      unitPrice: 79.99,
      quantity: 2,
      lineTotal: 159.98,
      image: 'http://api.test/white.webp',
    },
    {
      productId: 'prod_cam',
      variantId: 'var_graphite',
      name: 'Haven Cam 360',
      variantName: 'Outdoor Pro Graphite',
      sku: 'HC360-OPG',
      unitPrice: 129.99,
      quantity: 1,
      lineTotal: 129.99,
      image: null,
    },
  ],
  subtotal: 289.97,
  total: 289.97,
  currency: 'USD',
  createdAt: '2026-11-23T18:29:58.000Z',
};

describe('paidOrder: what the browser keeps when a payment succeeds', () => {
  it('keeps the created order as answered, paid, its amounts in cents', () => {
    expect(paidOrder(created, cart, PAID_AT)).toEqual({
      id: 'DEMO-1001-ABCD',
      status: 'PAID',
      createdAt: '2026-11-23T18:29:58.000Z',
      items: [
        {
          productId: 'prod_cam',
          variantId: 'var_white',
          name: 'Haven Cam 360',
          variantName: 'Arctic White',
          sku: 'HC360-WHT',
          image: 'http://api.test/white.webp',
          quantity: 2,
          unitPrice: 7999,
          lineTotal: 15998,
        },
        // No picture in the answer: the one the page showed, if any (none here).
        {
          productId: 'prod_cam',
          variantId: 'var_graphite',
          name: 'Haven Cam 360',
          variantName: 'Outdoor Pro Graphite',
          sku: 'HC360-OPG',
          quantity: 1,
          unitPrice: 12999,
          lineTotal: 12999,
        },
      ],
      subtotal: 28997,
      total: 28997,
    });
  });

  it('builds the order from the shown lines when the answer is only an id (the contract promises no more)', () => {
    expect(paidOrder({ id: 'ord_9' }, cart, PAID_AT)).toEqual({
      id: 'ord_9',
      status: 'PAID',
      createdAt: PAID_AT.toISOString(),
      items: [
        {
          productId: 'prod_cam',
          variantId: 'var_white',
          name: 'Haven Cam 360',
          variantName: 'Arctic White',
          image: '/_astro/white.webp',
          quantity: 2,
          unitPrice: 7999,
          lineTotal: 15998,
        },
        {
          productId: 'prod_cam',
          variantId: 'var_graphite',
          name: 'Haven Cam 360',
          variantName: 'Outdoor Pro Graphite',
          quantity: 1,
          unitPrice: 12999,
          lineTotal: 12999,
        },
      ],
      subtotal: 28997,
      total: 28997,
    });
  });

  it('fills answered items that lack names from the line of the same variant, else the same position', () => {
    const answer = {
      id: 'o',
      items: [
        { variantId: 'var_graphite', quantity: 1, unitPrice: 129.99 },
        { quantity: 2, unitPrice: 79.99 },
      ],
    };
    const order = paidOrder(answer, cart, PAID_AT)!;
    expect(order.items.map((i) => [i.variantName, i.quantity, i.lineTotal])).toEqual([
      ['Outdoor Pro Graphite', 1, 12999],
      ['Outdoor Pro Graphite', 2, 15998],
    ]);
  });

  it("reads the answer's dollars into whole cents, so three lines of 0.1 make 30", () => {
    const answer = {
      id: 'c',
      items: [0, 1, 2].map((i) => ({ variantId: `v${i}`, name: 'Thing', quantity: 1, unitPrice: 0.1 })),
    };
    expect(paidOrder(answer, [], PAID_AT)).toMatchObject({
      subtotal: 30,
      total: 30,
      items: [{ unitPrice: 10, lineTotal: 10 }, {}, {}],
    });
  });

  it('keeps which wallet paid, by its name, and reads it back from storage', () => {
    const order = paidOrder({ id: 'ord_9' }, cart, PAID_AT, { review: true, wallet: 'PayPal' })!;
    expect(order).toMatchObject({ paidWith: 'PayPal', status: PAYMENT_UNDER_REVIEW });
    expect(decodeReceipts(encodeReceipts([order])).orders[0]).toMatchObject({ paidWith: 'PayPal' });
    expect(receiptOf(order).paidWith).toBe('PayPal');
    expect(paidOrder({ id: 'ord_9' }, cart, PAID_AT)).not.toHaveProperty('paidWith');
  });

  it('refuses an answer without an order id', () => {
    for (const bad of [null, undefined, 'ord', [], {}, { id: '' }, { id: '  ' }, { id: 42 }])
      expect(paidOrder(bad, cart, PAID_AT)).toBeUndefined();
  });
});

describe('keptOrder: a later answer over what is kept', () => {
  const kept = paidOrder(created, cart, PAID_AT)!;

  it("takes the answer's figures and status, keeping names and pictures the answer lacks", () => {
    const answer = {
      id: kept.id,
      status: 'FULFILLED',
      items: [{ variantId: 'var_white', quantity: 3, unitPrice: 75 }],
      subtotal: 225,
      total: 225,
    };
    const order = keptOrder(answer, { lines: shownLines(kept), status: kept.status, createdAt: kept.createdAt })!;
    expect(order).toMatchObject({ status: 'FULFILLED', createdAt: kept.createdAt, subtotal: 22500, total: 22500 });
    expect(order.items).toEqual([
      {
        productId: 'prod_cam',
        variantId: 'var_white',
        name: 'Haven Cam 360',
        variantName: 'Arctic White',
        sku: 'HC360-WHT',
        image: 'http://api.test/white.webp',
        quantity: 3,
        unitPrice: 7500,
        lineTotal: 22500,
      },
    ]);
  });

  it("keeps the answer's own line total, a discount included", () => {
    const answer = { id: kept.id, items: [{ variantId: 'var_white', quantity: 3, unitPrice: 75, lineTotal: 200 }] };
    const order = keptOrder(answer, { lines: shownLines(kept) })!;
    expect(order.items[0]).toMatchObject({ quantity: 3, unitPrice: 7500, lineTotal: 20000 });
    expect(order.subtotal).toBe(20000);
  });

  it('keeps the known lines, status and date when the answer is only an id', () => {
    const order = keptOrder(
      { id: kept.id },
      { lines: shownLines(kept), status: kept.status, createdAt: kept.createdAt },
    )!;
    expect(order).toEqual(kept);
  });

  it('reads odd fields as nothing rather than failing', () => {
    const odd = keptOrder(
      { id: 'y', items: [null, { quantity: -3, price: 5 }, 'z'], createdAt: 'not a date', total: 'lots', status: 7 },
      { lines: [] },
    )!;
    expect(odd).toEqual({
      id: 'y',
      items: [{ name: 'Item', quantity: 1, unitPrice: 500, lineTotal: 500 }],
      subtotal: 500,
      total: 500,
    });
  });

  it('takes a list for neither the answer nor an item', () => {
    expect(keptOrder([{ id: 'x' }], { lines: [] })).toBeUndefined();
    const order = keptOrder(
      { id: 'l', items: [[{ variantId: 'var_white', quantity: 9, unitPrice: 1 }]] },
      { lines: shownLines(kept) },
    )!;
    expect(order.items).toEqual(kept.items);
  });

  it('goes by the total when there is neither a subtotal nor a line', () => {
    expect(keptOrder({ id: 'x', total: 100 }, { lines: [] })).toEqual({
      id: 'x',
      items: [],
      subtotal: 10000,
      total: 10000,
    });
  });
});
