import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chargeDiffers,
  formatOrderDate,
  invoiceFileName,
  invoiceText,
  receiptOf,
  sameReceipt,
  statusLabel,
} from './invoice.ts';
import { keptOrder, paidOrder } from './receipt.ts';

/** An order answer as the thank-you page reads it when nothing else is known of the order. */
const fromAnswer = (answer: unknown) => receiptOf(keptOrder(answer, { lines: [] })!);

// The shape the demo backend answers for GET /orders/{id} (client/mock/handlers/orders.ts).
const demoOrder = {
  id: 'ord_000123',
  storeId: 'haven-home',
  status: 'PAID',
  items: [
    {
      productId: 'prod_haven_cam_360',
      variantId: 'var_black',
      name: 'Haven Cam 360',
      variantName: 'Midnight Black',
      sku: 'HC360-BLK',
      unitPrice: 79.99,
      quantity: 2,
      lineTotal: 159.98,
      image: 'http://127.0.0.1:4321/demo-images/black.webp',
    },
    {
      productId: 'p',
      variantId: 'v',
      name: 'Haven Cam 360',
      variantName: 'Sage Green',
      sku: 'HC360-SGR',
      unitPrice: 84.99,
      quantity: 1,
      lineTotal: 84.99,
      image: null,
    },
  ],
  subtotal: 244.97,
  shipping: 0,
  tax: 19.6,
  total: 264.57,
  currency: 'USD',
  // 15:09 on March 14 where the test runs: a receipt shows the local date, and no UTC time is March 14 everywhere.
  createdAt: new Date(2026, 2, 14, 15, 9, 26).toISOString(),
  paidAt: new Date(2026, 2, 14, 15, 10).toISOString(),
};

describe('receiptOf', () => {
  it('reads lines, subtotal, shipping, tax and total as the backend gave them, in cents: nothing is priced again', () => {
    const r = fromAnswer(demoOrder);
    expect(r.orderId).toBe('ord_000123');
    expect(r.status).toBe('PAID');
    expect(r.placedAt?.toISOString()).toBe(demoOrder.createdAt);
    expect(r.lines).toEqual([
      {
        productId: 'prod_haven_cam_360',
        variantId: 'var_black',
        name: 'Haven Cam 360',
        variantName: 'Midnight Black',
        sku: 'HC360-BLK',
        quantity: 2,
        unitPrice: 7999,
        lineTotal: 15998,
        image: 'http://127.0.0.1:4321/demo-images/black.webp',
      },
      {
        productId: 'p',
        variantId: 'v',
        name: 'Haven Cam 360',
        variantName: 'Sage Green',
        sku: 'HC360-SGR',
        quantity: 1,
        unitPrice: 8499,
        lineTotal: 8499,
      },
    ]);
    expect(r).toMatchObject({ subtotal: 24497, shipping: 0, tax: 1960, taxLabel: 'Tax', total: 26457 });
  });

  it('shows as its total what the payment said was taken', () => {
    const paid = paidOrder(demoOrder, [], new Date(), { review: false, charged: 26000 })!;
    expect(receiptOf(paid)).toMatchObject({ status: 'PAID', subtotal: 24497, total: 26000, rowsTotal: 26457 });
  });

  it("shows a payment taken in another currency in that currency, beside the order's own figures", () => {
    const paid = paidOrder(demoOrder, [], new Date(), {
      review: false,
      charged: 10137,
      currency: 'EUR',
      shopCurrency: 'USD',
    })!;
    const receipt = receiptOf(paid);
    expect(receipt).toMatchObject({ total: 26457, takenIn: { amount: 10137, currency: 'EUR' } });
    expect(chargeDiffers(receipt)).toBe(
      `The payment was taken in EUR: €101.37, not in this shop's currency, so the figures above are the order's, not what was taken. Contact support and quote order ${receipt.orderId} if that is not what you agreed to.`,
    );
    const same = paidOrder(demoOrder, [], new Date(), {
      review: false,
      charged: 26457,
      currency: 'USD',
      shopCurrency: 'USD',
    })!;
    expect(same.takenIn).toBeUndefined();
  });

  it('says so in words, with the order number, when the payment took another amount than its rows add up to', () => {
    const paid = paidOrder(demoOrder, [], new Date(), { review: false, charged: 26956 })!;
    const receipt = receiptOf(paid);
    const said =
      "The payment took $269.56, $4.99 more than this order's items, shipping and tax add up to ($264.57): the store's payment service charged its own amount. Contact support and quote order " +
      `${receipt.orderId} if that is not what you agreed to.`;
    expect(chargeDiffers(receipt)).toBe(said);
    expect(invoiceText(receipt, { seller: ['Haven'], issuedAt: new Date() })).toContain(said);
    const asAnswered = receiptOf(paidOrder(demoOrder, [], new Date(), { review: false, charged: 26457 })!);
    expect(chargeDiffers(asAnswered)).toBeUndefined();
  });

  it('says how much less the payment took, as a positive amount', () => {
    const receipt = receiptOf(paidOrder(demoOrder, [], new Date(), { review: false, charged: 26000 })!);
    expect(chargeDiffers(receipt)).toMatch(/^The payment took \$260\.00, \$4\.57 less than this order's items/);
  });

  it('speaks of the currency first when the payment was taken in another one and the rows differ too', () => {
    const odd = { ...demoOrder, total: 270 };
    const receipt = receiptOf(
      paidOrder(odd, [], new Date(), { review: false, charged: 10137, currency: 'EUR', shopCurrency: 'USD' })!,
    );
    expect(receipt.rowsTotal).toBe(26457);
    expect(chargeDiffers(receipt)).toMatch(/^The payment was taken in EUR: €101\.37/);
  });

  it('copes with an order that only has an id and a total, or odd fields', () => {
    expect(fromAnswer({ id: 'x', total: 100 })).toEqual({
      orderId: 'x',
      lines: [],
      subtotal: 10000,
      taxLabel: 'Shipping and tax',
      total: 10000,
    });
    const odd = fromAnswer({
      id: 'y',
      items: [null, { quantity: -3, price: 5 }, 'z'],
      createdAt: 'not a date',
      total: 'lots',
    });
    expect(odd.lines).toEqual([{ name: 'Item', quantity: 1, unitPrice: 500, lineTotal: 500 }]);
    expect(odd.placedAt).toBeUndefined();
    expect(odd.total).toBe(500);
  });

  it('splits the rows when the backend gives only one of shipping and tax', () => {
    const r = fromAnswer({ id: 't', subtotal: 50, tax: 4, total: 54 });
    expect(r).toMatchObject({ subtotal: 5000, shipping: 0, tax: 400, taxLabel: 'Tax', total: 5400 });
    expect(r.rowsTotal).toBeUndefined();
  });

  it('leaves out a date it cannot read, wherever the order comes from', () => {
    const kept = keptOrder(demoOrder, { lines: [] })!;
    expect(receiptOf({ ...kept, createdAt: 'soon' }).placedAt).toBeUndefined();
  });

  it('shows what the total adds to the goods in one row when the backend does not split it', () => {
    const r = fromAnswer({ id: 'z', subtotal: 50, total: 59.99 });
    expect(r).toMatchObject({ subtotal: 5000, tax: 999, taxLabel: 'Shipping and tax', total: 5999 });
    expect(r.shipping).toBeUndefined();
  });
});

describe('invoice', () => {
  const seller = ['Haven', 'support@haven-home.test'];

  it('has the order id, date, every line, subtotal, tax and total', () => {
    const text = invoiceText(fromAnswer(demoOrder), { seller, issuedAt: new Date('2030-01-01T12:00:00Z') });
    expect(text).toContain('Order ID:   ord_000123');
    expect(text).toContain('Order date: March 14, 2026');
    expect(text).toContain('Status:     Paid');
    expect(text).toContain('Midnight Black · SKU HC360-BLK\n  2 × $79.99 = $159.98');
    expect(text).toContain('Sage Green · SKU HC360-SGR\n  1 × $84.99 = $84.99');
    expect(text).toMatch(/^Subtotal\s+\$244\.97$/m);
    expect(text).toMatch(/^Shipping\s+Free$/m);
    expect(text).toMatch(/^Tax\s+\$19\.60$/m);
    expect(text).toMatch(/^Total\s+\$264\.57$/m);
    expect(text.startsWith('Haven\nsupport@haven-home.test\n\nINVOICE')).toBe(true);
  });

  it('names a line without a SKU by its option alone, and one without either by its name alone', () => {
    const lines = [
      { name: 'Cam', variantName: 'Black', quantity: 1, unitPrice: 100 },
      { name: 'Mount', quantity: 1, unitPrice: 100 },
    ];
    const text = invoiceText(fromAnswer({ id: 's', items: lines, total: 2 }), { seller, issuedAt: new Date() });
    expect(text).toContain('Cam\n  Black\n  1 × $100.00 = $100.00');
    expect(text).toContain('Mount\n  1 × $100.00 = $100.00');
    expect(text).not.toContain('SKU');
  });

  it('dates an order without a date by the issue date', () => {
    const text = invoiceText(fromAnswer({ id: 'a', total: 1 }), { seller, issuedAt: new Date(2031, 6, 4, 12) });
    expect(text).toContain('Order date: July 4, 2031');
    expect(text).toContain('(no item details)');
  });

  it('names the file after the order', () => {
    expect(invoiceFileName('ord_000123')).toBe('invoice-ord_000123.txt');
    expect(invoiceFileName('a/b c')).toBe('invoice-a-b-c.txt');
  });

  it('spells statuses for people', () => {
    expect(statusLabel('PAID')).toBe('Paid');
    expect(statusLabel('DISPUTE_RESOLVED')).toBe('Dispute resolved');
    expect(statusLabel(undefined)).toBeUndefined();
  });
});

describe('formatOrderDate', () => {
  it("writes any date as Intl's long en-US date does, in the same time zone", () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
    const dates = fc.oneof(
      fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
      fc.date({ noInvalidDate: true }),
    );
    fc.assert(
      fc.property(dates, (date) => {
        expect(formatOrderDate(date)).toBe(intl.format(date));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('sameReceipt: whether a receipt drawn ahead reads as the one kept', () => {
  // Local noon: the hours either side stay on the same date in any time zone the tests run in.
  const at = (hours: number) => new Date(2026, 10, 23, hours);
  // An answer without its own date: the receipt is dated when it was paid.
  const paid = (paidAt: Date, outcome?: Parameters<typeof paidOrder>[3]) =>
    receiptOf(paidOrder({ ...demoOrder, createdAt: undefined }, [], paidAt, outcome)!);

  it('is the same when only the time of day differs', () => {
    expect(sameReceipt(paid(at(11)), paid(at(13)))).toBe(true);
  });

  it('differs on another date, status, amount taken or wallet', () => {
    expect(sameReceipt(paid(at(12)), paid(new Date(2026, 10, 24, 12)))).toBe(false);
    expect(sameReceipt(paid(at(12)), paid(at(12), { review: true }))).toBe(false);
    expect(sameReceipt(paid(at(12)), paid(at(12), { review: false, charged: 1 }))).toBe(false);
    expect(sameReceipt(paid(at(12), { review: false, wallet: 'PayPal' }), paid(at(12)))).toBe(false);
  });

  it('is the same when the amount taken is the total', () => {
    const whole = paid(at(12)).total;
    expect(sameReceipt(paid(at(12)), paid(at(12), { review: false, charged: whole }))).toBe(true);
  });
});
