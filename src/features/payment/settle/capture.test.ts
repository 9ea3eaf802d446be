import { describe, expect, it, vi } from 'vitest';
import { ApiError, HttpError, type ProcessPaymentResponse } from '@haven/commerce-client';
import {
  newCaptureKey,
  readCaptureAnswer,
  readCaptureError,
  readPaymentStatus,
  statusVerdictOf,
  verdictOf,
} from './capture.ts';

const apiError = (statusCode: number, code: string, details?: unknown) =>
  new ApiError({ code, message: `${code} happened`, statusCode, details });
const issue = (name: string, description = `${name}.`) => [{ issue: name, description }];

const paypal = (order: string, capture: string, value = '86.39') =>
  ({
    status: order,
    purchase_units: [{ payments: { captures: [{ id: 'C1', status: capture, amount: { value } }] } }],
  }) as ProcessPaymentResponse;

describe('a 2xx capture answer', () => {
  it("is paid with neither a status nor an issue (the backend's own word), and says what was charged", () => {
    expect(readCaptureAnswer({ id: 'PI', amount: 86.39 }, 'PayPal')).toEqual({
      kind: 'paid',
      charged: 8639,
    });
    expect(readCaptureAnswer({ details: [] }, 'PayPal')).toEqual({ kind: 'paid' });
    expect(readCaptureAnswer(undefined, 'PayPal')).toEqual({ kind: 'paid' });
  });

  it("reads PayPal's capture, not the order: COMPLETED paid, PENDING held for review, each with its amount", () => {
    expect(readCaptureAnswer(paypal('COMPLETED', 'COMPLETED'), 'PayPal')).toEqual({ kind: 'paid', charged: 8639 });
    expect(readCaptureAnswer(paypal('COMPLETED', 'PENDING', '12.00'), 'PayPal')).toEqual({
      kind: 'pending',
      charged: 1200,
    });
  });

  it('is final and free of charge when PayPal declined the capture, though it completed the order', () => {
    for (const status of ['DECLINED', 'FAILED'])
      expect(readCaptureAnswer(paypal('COMPLETED', status), 'PayPal')).toEqual({
        kind: 'refused',
        detail: 'PayPal declined the payment, so nothing was charged. Paying again makes a new order.',
      });
    // A backend that passes the capture's status alone.
    expect(readCaptureAnswer({ status: 'DECLINED' }, 'PayPal').kind).toBe('refused');
    expect(readCaptureAnswer({ status: 'failed' }, 'PayPal').kind).toBe('refused');
    expect(readCaptureAnswer({ status: 'PENDING' }, 'PayPal').kind).toBe('pending');
  });

  it("asks the payment status when only the order's status COMPLETED is given, or the order was captured already", () => {
    expect(readCaptureAnswer({ status: 'COMPLETED' }, 'PayPal').kind).toBe('check');
    expect(readCaptureAnswer({ details: issue('ORDER_ALREADY_CAPTURED') }, 'PayPal').kind).toBe('check');
  });

  it('is declined on INSTRUMENT_DECLINED (the order stays approved), refused on any other issue', () => {
    expect(readCaptureAnswer({ details: issue('INSTRUMENT_DECLINED', 'Declined.'), debug_id: 'd1' }, 'PayPal')).toEqual(
      {
        kind: 'declined',
        detail: 'Declined. (Debug ID: d1)',
      },
    );
    expect(readCaptureAnswer({ details: issue('PAYER_CANNOT_PAY', 'Cannot pay.'), debug_id: 'd2' }, 'PayPal')).toEqual({
      kind: 'refused',
      detail: 'Cannot pay. (Debug ID: d2)',
    });
    expect(readCaptureAnswer({ status: 'VOIDED' }, 'PayPal').kind).toBe('refused');
    expect(readCaptureAnswer({ details: issue('DUPLICATE_INVOICE_ID', 'Duplicate.') }, 'PayPal')).toEqual({
      kind: 'refused',
      detail: 'Duplicate.',
    });
  });

  it('lets an issue decide before the capture, and reads no issue in a detail without one', () => {
    const declined = { ...paypal('COMPLETED', 'DECLINED'), details: issue('INSTRUMENT_DECLINED', 'Declined.') };
    expect(readCaptureAnswer(declined, 'PayPal')).toEqual({ kind: 'declined', detail: 'Declined.' });
    const paid = { ...paypal('COMPLETED', 'COMPLETED'), details: [{ issue: '', description: 'Nothing.' }] };
    expect(readCaptureAnswer(paid, 'PayPal')).toEqual({ kind: 'paid', charged: 8639 });
  });

  it('reads the first capture that has a status, in any letter case', () => {
    const answer = {
      purchase_units: [
        { payments: { captures: [{ id: 'C0' }] } },
        { payments: { captures: [{ id: 'C1', status: 'completed', amount: { value: '86.39' } }] } },
      ],
    } as ProcessPaymentResponse;
    expect(readCaptureAnswer(answer, 'PayPal')).toEqual({ kind: 'paid', charged: 8639 });
  });

  it('sends the order back to the wallet while PayPal waits for the payer: nothing was captured', () => {
    const step = {
      kind: 'declined',
      step: true,
      detail: 'PayPal is waiting for a step from you to finish this payment.',
    };
    expect(readCaptureAnswer({ status: 'PAYER_ACTION_REQUIRED' }, 'PayPal')).toEqual(step);
    expect(readCaptureAnswer({ details: issue('PAYER_ACTION_REQUIRED') }, 'PayPal')).toEqual(step);
    expect(readCaptureError(apiError(422, 'UNKNOWN_ERROR', issue('PAYER_ACTION_REQUIRED')), 'PayPal')).toEqual(step);
    expect(readCaptureError(apiError(422, 'UNKNOWN_ERROR', issue('ORDER_NOT_APPROVED')), 'PayPal')).toEqual(step);
  });

  it('is unknown with a status it does not know: the money may move', () => {
    expect(readCaptureAnswer({ status: 'APPROVED' }, 'PayPal')).toEqual({
      kind: 'unknown',
      detail: 'PayPal answered the capture with the status APPROVED.',
    });
    expect(readCaptureAnswer(paypal('COMPLETED', 'REFUNDED'), 'PayPal').kind).toBe('unknown');
  });
});

describe('a failed capture call', () => {
  it('is paid when the backend says the order is paid; "already captured" is asked about, not believed', () => {
    expect(readCaptureError(apiError(409, 'ORDER_ALREADY_PAID'), 'PayPal')).toEqual({ kind: 'paid' });
    expect(readCaptureError(apiError(422, 'UNKNOWN_ERROR', issue('ORDER_ALREADY_CAPTURED')), 'PayPal').kind).toBe(
      'check',
    );
  });

  it("is declined or refused when PayPal's own refusal is passed through; an expired approval is refused", () => {
    expect(readCaptureError(apiError(422, 'UNKNOWN_ERROR', issue('INSTRUMENT_DECLINED')), 'PayPal').kind).toBe(
      'declined',
    );
    expect(readCaptureError(apiError(422, 'UNKNOWN_ERROR', issue('TRANSACTION_REFUSED')), 'PayPal').kind).toBe(
      'refused',
    );
    expect(readCaptureError(apiError(422, 'UNKNOWN_ERROR', issue('ORDER_EXPIRED')), 'PayPal').kind).toBe('refused');
  });

  it('is refused when the backend says the order cannot be paid (409 ORDER_NOT_PAYABLE)', () => {
    expect(readCaptureError(apiError(409, 'ORDER_NOT_PAYABLE'), 'PayPal')).toEqual({
      kind: 'refused',
      detail: 'ORDER_NOT_PAYABLE happened.',
    });
  });

  it.each([
    ['a 5xx', apiError(503, 'PAYMENT_SERVICE_UNAVAILABLE')],
    ['a 500 from a proxy', new HttpError('/x', 502, 'Bad Gateway', '<html>')],
    ['a 429', apiError(429, 'TOO_MANY_REQUESTS')],
    ['a 408', new HttpError('/x', 408, 'Request Timeout', '')],
    ['a 425', new HttpError('/x', 425, 'Too Early', '')],
    ['a key still in flight', apiError(409, 'IDEMPOTENCY_KEY_IN_USE')],
    ['a 409 the shop does not know', apiError(409, 'CONFLICT')],
    ['a 404', apiError(404, 'ORDER_NOT_FOUND')],
    ['a 400 from a proxy', new HttpError('/x', 400, 'Bad Request', 'no')],
    ['a 422 with an issue the shop does not know', apiError(422, 'UNKNOWN_ERROR', issue('ORDER_NOT_PAYABLE_YET'))],
    ['a network failure', new TypeError('Failed to fetch')],
    ['a timeout', new DOMException('signal timed out', 'TimeoutError')],
    ['anything not understood', new Error('odd')],
  ])('is unknown after %s: it may have gone through', (_name, error) => {
    expect(readCaptureError(error, 'PayPal').kind).toBe('unknown');
  });
});

describe('the currency of what was taken', () => {
  it("is read from PayPal's capture amount or the backend's own field", () => {
    const captures = [{ status: 'COMPLETED', amount: { currency_code: 'EUR', value: '101.37' } }];
    expect(readCaptureAnswer({ status: 'COMPLETED', purchase_units: [{ payments: { captures } }] }, 'PayPal')).toEqual({
      kind: 'paid',
      charged: 10137,
      currency: 'EUR',
    });
    expect(readCaptureAnswer({ amount: 96.38, currency: 'usd' }, 'PayPal')).toEqual({
      kind: 'paid',
      charged: 9638,
      currency: 'USD',
    });
  });

  it('is left out when it is no currency code, and so is an amount below zero', () => {
    expect(readCaptureAnswer({ amount: 96.38, currency: 'US dollars' }, 'PayPal')).toEqual({
      kind: 'paid',
      charged: 9638,
    });
    expect(readCaptureAnswer({ amount: -96.38, currency: 'USD' }, 'PayPal')).toEqual({ kind: 'paid' });
  });
});

describe("the order's payment status", () => {
  it('is paid only when it says money was taken, with the amount', () => {
    expect(readPaymentStatus({ orderId: 'o', status: 'COMPLETED', amount: 86.39 }, 'PayPal')).toEqual({
      kind: 'paid',
      charged: 8639,
    });
    expect(readPaymentStatus({ orderId: 'o', status: 'PENDING' }, 'PayPal')).toEqual({ kind: 'pending' });
    expect(readPaymentStatus({ orderId: 'o', status: 'DISPUTED' }, 'PayPal').kind).toBe('paid');
  });

  it('is final after a declined capture, and unknown with no payment or anything else', () => {
    expect(readPaymentStatus({ orderId: 'o', status: 'FAILED' }, 'PayPal').kind).toBe('refused');
    expect(readPaymentStatus({ orderId: 'o', status: null }, 'PayPal').kind).toBe('unknown');
    expect(readPaymentStatus(undefined, 'PayPal').kind).toBe('unknown');
  });

  it('is final, and not paid, for a refunded or voided payment', () => {
    expect(readPaymentStatus({ orderId: 'o', status: 'REFUNDED' }, 'PayPal')).toEqual({
      kind: 'refused',
      detail: 'This payment was refunded in full, so nothing is owed for this order.',
    });
    expect(
      readPaymentStatus(
        { orderId: 'o', status: 'VOIDED' } as unknown as Parameters<typeof readPaymentStatus>[0],
        'PayPal',
      ),
    ).toEqual({
      kind: 'refused',
      detail: 'PayPal voided this payment, so nothing was charged.',
    });
  });

  it('is no answer when it speaks of another order', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readPaymentStatus({ orderId: 'other', status: 'COMPLETED' }, 'PayPal', 'o').kind).toBe('unknown');
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(readPaymentStatus({ orderId: 'o', status: 'COMPLETED' }, 'PayPal', 'o').kind).toBe('paid');
  });

  it('leaves the payment unknown when it cannot be read (a backend that demands a token, a failure)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await statusVerdictOf(Promise.reject(apiError(401, 'UNAUTHORIZED')), 'PayPal', 'o')).toEqual({
      kind: 'unknown',
      detail: 'The store cannot confirm yet whether this payment went through.',
    });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect((await statusVerdictOf(Promise.resolve({ orderId: 'o', status: 'COMPLETED' }), 'PayPal', 'o')).kind).toBe(
      'paid',
    );
  });
});

it('reads a call as its answer or its failure, never rejecting', async () => {
  expect(await verdictOf(Promise.resolve({ status: 'PENDING' }), 'PayPal')).toEqual({ kind: 'pending' });
  expect((await verdictOf(Promise.reject(new TypeError('Failed to fetch')), 'PayPal')).kind).toBe('unknown');
});

it('makes a new capture key every time', () => {
  const key = newCaptureKey();
  expect(key).toMatch(/^wallet-[0-9a-f-]+-capture$/);
  expect(newCaptureKey()).not.toBe(key);
});
