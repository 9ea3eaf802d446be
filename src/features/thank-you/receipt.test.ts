import { describe, expect, it } from 'vitest';
import { keptOrder, paidOrder, shownLines, type ShownLine } from './receipt.ts';

const PAID_AT = new Date('2026-11-23T18:30:00.000Z');

// Two cart lines as the page showed them (the cart calls the variant name color).
const cart: ShownLine[] = [
  { productId: 'prod_cam', variantId: 'var_white', name: 'Haven Cam 360', color: 'Arctic White', image: '/_astro/white.webp', quantity: 2, price: 79.99 },
  { productId: 'prod_cam', variantId: 'var_graphite', name: 'Haven Cam 360', color: 'Outdoor Pro Graphite', quantity: 1, price: 129.99 },
];

// The demo backend's answer to the order create (client/mock/handlers/orders.ts).
const created = {
  id: 'DEMO-1001-ABCD',
  status: 'PENDING',
  items: [
    { productId: 'prod_cam', variantId: 'var_white', name: 'Haven Cam 360', variantName: 'Arctic White', sku: 'HC360-WHT', unitPrice: 79.99, quantity: 2, lineTotal: 159.98, image: 'http://api.test/white.webp' },
    { productId: 'prod_cam', variantId: 'var_graphite', name: 'Haven Cam 360', variantName: 'Outdoor Pro Graphite', sku: 'HC360-OPG', unitPrice: 129.99, quantity: 1, lineTotal: 129.99, image: null },
  ],
  subtotal: 289.97,
  total: 289.97,
  currency: 'USD',
  createdAt: '2026-11-23T18:29:58.000Z',
};

describe('paidOrder: what the browser keeps when a payment succeeds', () => {
  it('keeps the created order as answered, paid', () => {
    expect(paidOrder(created, cart, PAID_AT)).toEqual({
      id: 'DEMO-1001-ABCD',
      status: 'PAID',
      createdAt: '2026-11-23T18:29:58.000Z',
      items: [
        { productId: 'prod_cam', variantId: 'var_white', name: 'Haven Cam 360', variantName: 'Arctic White', sku: 'HC360-WHT', image: 'http://api.test/white.webp', quantity: 2, unitPrice: 79.99, lineTotal: 159.98 },
        // No picture in the answer: the one the page showed, if any (none here).
        { productId: 'prod_cam', variantId: 'var_graphite', name: 'Haven Cam 360', variantName: 'Outdoor Pro Graphite', sku: 'HC360-OPG', quantity: 1, unitPrice: 129.99, lineTotal: 129.99 },
      ],
      subtotal: 289.97,
      total: 289.97,
    });
  });

  it('builds the order from the shown lines when the answer is only an id (the contract promises no more)', () => {
    expect(paidOrder({ id: 'ord_9' }, cart, PAID_AT)).toEqual({
      id: 'ord_9',
      status: 'PAID',
      createdAt: PAID_AT.toISOString(),
      items: [
        { productId: 'prod_cam', variantId: 'var_white', name: 'Haven Cam 360', variantName: 'Arctic White', image: '/_astro/white.webp', quantity: 2, unitPrice: 79.99, lineTotal: 159.98 },
        { productId: 'prod_cam', variantId: 'var_graphite', name: 'Haven Cam 360', variantName: 'Outdoor Pro Graphite', quantity: 1, unitPrice: 129.99, lineTotal: 129.99 },
      ],
      subtotal: 289.97,
      total: 289.97,
    });
  });

  it('fills answered items that lack names from the line of the same variant, else the same position', () => {
    const answer = { id: 'o', items: [{ variantId: 'var_graphite', quantity: 1, unitPrice: 129.99 }, { quantity: 2, unitPrice: 79.99 }] };
    const order = paidOrder(answer, cart, PAID_AT)!;
    expect(order.items.map((i) => [i.variantName, i.quantity, i.lineTotal])).toEqual([
      ['Outdoor Pro Graphite', 1, 129.99],
      ['Outdoor Pro Graphite', 2, 159.98],
    ]);
  });

  it('sums lines in cents, so three lines of 0.1 make 0.3', () => {
    const lines = [0, 1, 2].map((i) => ({ variantId: `v${i}`, name: 'Thing', quantity: 1, price: 0.1 }));
    expect(paidOrder({ id: 'c' }, lines, PAID_AT)!.subtotal).toBe(0.3);
  });

  it('refuses an answer without an order id', () => {
    for (const bad of [null, undefined, 'ord', [], {}, { id: '' }, { id: '  ' }, { id: 42 }]) expect(paidOrder(bad, cart, PAID_AT)).toBeUndefined();
  });
});

describe('keptOrder: a later answer over what is kept', () => {
  const kept = paidOrder(created, cart, PAID_AT)!;

  it("takes the answer's figures and status, keeping names and pictures the answer lacks", () => {
    const answer = { id: kept.id, status: 'FULFILLED', items: [{ variantId: 'var_white', quantity: 3, unitPrice: 75 }], subtotal: 225, total: 225 };
    const order = keptOrder(answer, { lines: shownLines(kept), status: kept.status, createdAt: kept.createdAt })!;
    expect(order).toMatchObject({ status: 'FULFILLED', createdAt: kept.createdAt, subtotal: 225, total: 225 });
    expect(order.items).toEqual([
      { productId: 'prod_cam', variantId: 'var_white', name: 'Haven Cam 360', variantName: 'Arctic White', sku: 'HC360-WHT', image: 'http://api.test/white.webp', quantity: 3, unitPrice: 75, lineTotal: 225 },
    ]);
  });

  it('keeps the known lines, status and date when the answer is only an id', () => {
    const order = keptOrder({ id: kept.id }, { lines: shownLines(kept), status: kept.status, createdAt: kept.createdAt })!;
    expect(order).toEqual(kept);
  });

  it('reads odd fields as nothing rather than failing', () => {
    const odd = keptOrder({ id: 'y', items: [null, { quantity: -3, price: 5 }, 'z'], createdAt: 'not a date', total: 'lots', status: 7 }, { lines: [] })!;
    expect(odd).toEqual({ id: 'y', items: [{ name: 'Item', quantity: 1, unitPrice: 5, lineTotal: 5 }], subtotal: 5, total: 5 });
  });

  it('goes by the total when there is neither a subtotal nor a line', () => {
    expect(keptOrder({ id: 'x', total: 100 }, { lines: [] })).toEqual({ id: 'x', items: [], subtotal: 100, total: 100 });
  });
});
