import { describe, expect, it } from 'vitest';
import { ApiError, type Order } from '@haven/commerce-client';
import type { WalletProvider } from '../wallet/provider.ts';
import { createFailedTitle, WalletFlowError } from '../wallet/errors.ts';
import {
  NothingToPayError,
  chargeNotice,
  chargeOf,
  newIdempotencyKey,
  orderItems,
  readIntent,
  startPayment,
  type PaymentApi,
} from './order.ts';

/** The wallet under test: its id goes to the backend, its name into every message. */
const PAYPAL: WalletProvider = { id: 'paypal', name: 'PayPal', approvalLifetimeMs: 3 * 60 * 60 * 1000 };
const CREATE_FAILED = createFailedTitle('PayPal');

const camBlack = { productId: 'prod_cam', variantId: 'var_black', quantity: 2, price: 7999 };
const camWhite = { productId: 'prod_cam', variantId: 'var_white', quantity: 1, price: 8950 };

function fakeApi(overrides: Partial<PaymentApi> = {}): PaymentApi & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    createOrder: (items, key) => {
      calls.push(`order ${key} ${JSON.stringify(items)}`);
      return Promise.resolve({ id: 'ord_1', status: 'PENDING', total: 159.98 });
    },
    createIntent: (orderId, body) => {
      calls.push(`intent ${orderId} ${JSON.stringify(body)}`);
      return Promise.resolve({ id: 'PI_1' });
    },
    ...overrides,
  };
}

async function flowError(promise: Promise<unknown>): Promise<WalletFlowError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WalletFlowError);
  return error as WalletFlowError;
}

describe('the order', () => {
  it("reads what the backend charges, the intent's amount first, and says so when it is not what the page showed", () => {
    expect(chargeOf({ id: 'o', total: 86.39 }, { id: 'PI', amount: 96.38 })).toBe(9638);
    expect(chargeOf({ id: 'o', total: 86.39 }, { id: 'PI' })).toBe(8639);
    expect(chargeOf({ id: 'o' }, undefined)).toBeUndefined();
    // JSON reads 1e400 as Infinity; a negative amount is no charge either.
    expect(chargeOf({ id: 'o', total: Infinity }, undefined)).toBeUndefined();
    expect(chargeOf({ id: 'o', total: 86.39 }, { id: 'PI', amount: -1 })).toBeUndefined();
    expect(chargeNotice(9638, 9638, 'PayPal')).toBeUndefined();
    expect(chargeNotice(9638, undefined, 'PayPal')).toBeUndefined();
    expect(chargeNotice(9638, 8639, 'PayPal')).toBe(
      "PayPal will charge $86.39 for this order, not the $96.38 shown here: the store's own prices, shipping or tax differ. Approve only if that is right for you.",
    );
  });

  it('sends product id, variant id and quantity of every line', () => {
    expect(orderItems([camBlack, camWhite])).toEqual([
      { productId: 'prod_cam', variantId: 'var_black', quantity: 2 },
      { productId: 'prod_cam', variantId: 'var_white', quantity: 1 },
    ]);
  });

  it('refuses an empty cart, a line without variant and a bad quantity', () => {
    expect(() => orderItems([])).toThrow(NothingToPayError);
    expect(() => orderItems([{ ...camBlack, variantId: undefined }])).toThrow(/no product option/);
    expect(() => orderItems([{ ...camBlack, quantity: 0 }])).toThrow(/Invalid quantity 0/);
    expect(() => orderItems([{ ...camBlack, quantity: 1.5 }])).toThrow(/Invalid quantity/);
  });
});

describe('idempotency keys', () => {
  it('are new for every attempt', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    expect(newIdempotencyKey(() => 'abc')).toBe('wallet-abc');
  });
});

describe('answers of the backend', () => {
  it('reads an intent id, or the error with issue, description and debug id', () => {
    expect(readIntent({ id: 'PI_9' })).toEqual({ ok: true, id: 'PI_9' });
    expect(
      readIntent({
        error: { issue: 'PAYEE_ACCOUNT_RESTRICTED', description: 'Restricted.' },
        paymentIntent: { debug_id: 'dbg42' },
      }),
    ).toEqual({
      ok: false,
      detail: 'PAYEE_ACCOUNT_RESTRICTED Restricted. (Debug ID: dbg42)',
    });
    expect(readIntent({})).toMatchObject({ ok: false, detail: expect.stringContaining('without a payment intent id') });
    expect(readIntent({ id: '' })).toMatchObject({
      ok: false,
      detail: expect.stringContaining('without a payment intent id'),
    });
    expect(readIntent({ error: { issue: '', description: 'Restricted.' } })).toEqual({
      ok: false,
      detail: 'Restricted.',
    });
    expect(readIntent(undefined)).toMatchObject({ ok: false });
  });
});

describe('startPayment', () => {
  it("creates the order with the idempotency key, then the intent for that order, and hands back both ids, the order's answer and its charge", async () => {
    const api = fakeApi();
    await expect(startPayment(api, [camBlack], 'wallet-k1', 'USD', PAYPAL)).resolves.toEqual({
      orderId: 'ord_1',
      order: { id: 'ord_1', status: 'PENDING', total: 159.98 },
      intentId: 'PI_1',
      charge: 15998,
    });
    expect(api.calls).toEqual([
      'order wallet-k1 [{"productId":"prod_cam","variantId":"var_black","quantity":2}]',
      'intent ord_1 {"provider":"paypal","metadata":{"orderId":"ord_1","provider":"paypal","currency":"USD"}}',
    ]);
  });

  it('turns an intent error into the blue-box message with issue, description and debug id', async () => {
    const api = fakeApi({
      createIntent: () =>
        Promise.resolve({
          error: { issue: 'PAYEE_ACCOUNT_RESTRICTED', description: 'Restricted.' },
          paymentIntent: { debug_id: 'dbg' },
        }),
    });
    const error = await flowError(startPayment(api, [camBlack], 'k', 'USD', PAYPAL));
    expect(error.notice).toEqual({
      kind: 'create-failed',
      title: CREATE_FAILED,
      detail: 'PAYEE_ACCOUNT_RESTRICTED Restricted. (Debug ID: dbg)',
    });
  });

  it('stops, before any approval, an order answered without an id or an intent in another currency', async () => {
    const noId = fakeApi({
      createOrder: () => Promise.resolve({ status: 'PENDING', total: 159.98 } as unknown as Order),
    });
    expect((await flowError(startPayment(noId, [camBlack], 'k', 'USD', PAYPAL))).notice.detail).toBe(
      'The order service answered without an order id.',
    );
    expect(noId.calls).toEqual([]);
    const euros = fakeApi({ createIntent: () => Promise.resolve({ id: 'PI_1', currency: 'eur' }) });
    expect((await flowError(startPayment(euros, [camBlack], 'k', 'USD', PAYPAL))).notice.detail).toBe(
      "The payment would be charged in EUR, but this shop's prices are in USD, so it was stopped before anything was charged.",
    );
  });

  it('takes the currency in any letter case', async () => {
    const api = fakeApi({ createIntent: () => Promise.resolve({ id: 'PI_1', currency: 'usd' }) });
    await expect(startPayment(api, [camBlack], 'k', 'USD', PAYPAL)).resolves.toMatchObject({ intentId: 'PI_1' });
  });

  it('turns a failed order create and an empty cart into the same message, without calling the intent', async () => {
    const failing = fakeApi({
      createOrder: () =>
        Promise.reject(new ApiError({ code: 'INTERNAL_SERVER_ERROR', message: 'boom', statusCode: 500 })),
    });
    const error = await flowError(startPayment(failing, [camBlack], 'k', 'USD', PAYPAL));
    expect(error.message).toBe(`${CREATE_FAILED} boom (INTERNAL_SERVER_ERROR)`);
    expect(failing.calls).toEqual([]); // no intent is created for an order that failed

    const empty = fakeApi();
    expect((await flowError(startPayment(empty, [], 'k', 'USD', PAYPAL))).notice.detail).toBe('Your cart is empty.');
    expect(empty.calls).toEqual([]);
  });
});
