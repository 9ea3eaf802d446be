import { describe, expect, it } from 'vitest';
import { ApiError, HttpError, type ProcessPaymentResponse } from '@haven/commerce-client';
import { APPROVAL_LIFETIME_MS, newCaptureKey, readCaptureAnswer, readCaptureError, verdictOf } from './capture.ts';

const apiError = (statusCode: number, code: string, details?: unknown) =>
  new ApiError({ code, message: `${code} happened`, statusCode, details });
const issue = (name: string, description = `${name}.`) => [{ issue: name, description }];

describe('a 2xx capture answer', () => {
  it('is paid with no status and no detail, with COMPLETED, or when a detail says the order was captured already', () => {
    expect(readCaptureAnswer({ id: 'PI' })).toEqual({ kind: 'paid' });
    expect(readCaptureAnswer({ details: [] })).toEqual({ kind: 'paid' });
    expect(readCaptureAnswer({ status: 'COMPLETED' })).toEqual({ kind: 'paid' });
    expect(readCaptureAnswer({ details: issue('ORDER_ALREADY_CAPTURED') })).toEqual({ kind: 'paid' });
    expect(readCaptureAnswer(undefined)).toEqual({ kind: 'paid' });
  });

  it('is pending when PayPal holds the capture for review, at the top or on the capture itself', () => {
    expect(readCaptureAnswer({ status: 'PENDING' })).toEqual({ kind: 'pending' });
    const nested = {
      status: 'COMPLETED',
      purchase_units: [{ payments: { captures: [{ id: 'C1', status: 'PENDING' }] } }],
    } as ProcessPaymentResponse;
    expect(readCaptureAnswer(nested)).toEqual({ kind: 'pending' });
  });

  it('is declined on INSTRUMENT_DECLINED or a DECLINED or FAILED status, refused on any other detail', () => {
    expect(readCaptureAnswer({ details: issue('INSTRUMENT_DECLINED', 'Declined.'), debug_id: 'd1' })).toEqual({
      kind: 'declined',
      detail: 'Declined. (Debug ID: d1)',
    });
    expect(readCaptureAnswer({ status: 'DECLINED' }).kind).toBe('declined');
    expect(readCaptureAnswer({ status: 'failed' }).kind).toBe('declined');
    expect(readCaptureAnswer({ details: issue('PAYER_CANNOT_PAY', 'Cannot pay.'), debug_id: 'd2' })).toEqual({
      kind: 'refused',
      detail: 'Cannot pay. (Debug ID: d2)',
    });
    expect(readCaptureAnswer({ status: 'VOIDED' }).kind).toBe('refused');
  });

  it('is unknown with a status it does not know: the money may have moved', () => {
    expect(readCaptureAnswer({ status: 'APPROVED' })).toEqual({
      kind: 'unknown',
      detail: 'PayPal answered the capture with the status APPROVED.',
    });
  });
});

describe('a failed capture call', () => {
  it('is paid when the backend or PayPal says the order was paid already', () => {
    expect(readCaptureError(apiError(409, 'ORDER_ALREADY_PAID'))).toEqual({ kind: 'paid' });
    expect(readCaptureError(apiError(422, 'UNKNOWN_ERROR', issue('ORDER_ALREADY_CAPTURED')))).toEqual({
      kind: 'paid',
    });
  });

  it("is declined or refused when PayPal's own refusal is passed through", () => {
    expect(readCaptureError(apiError(422, 'UNKNOWN_ERROR', issue('INSTRUMENT_DECLINED'))).kind).toBe('declined');
    expect(readCaptureError(apiError(422, 'UNKNOWN_ERROR', issue('TRANSACTION_REFUSED'))).kind).toBe('refused');
  });

  it.each([
    ['a 5xx', apiError(503, 'PAYMENT_SERVICE_UNAVAILABLE')],
    ['a 500 from a proxy', new HttpError('/x', 502, 'Bad Gateway', '<html>')],
    ['a 429', apiError(429, 'TOO_MANY_REQUESTS')],
    ['a 408', new HttpError('/x', 408, 'Request Timeout', '')],
    ['a 425', new HttpError('/x', 425, 'Too Early', '')],
    ['a key still in flight', apiError(409, 'IDEMPOTENCY_KEY_IN_USE')],
    ['a 409 the shop does not know', apiError(409, 'ORDER_NOT_PAYABLE')],
    ['a 404', apiError(404, 'ORDER_NOT_FOUND')],
    ['a 400 from a proxy', new HttpError('/x', 400, 'Bad Request', 'no')],
    ['a 422 with an issue the shop does not know', apiError(422, 'UNKNOWN_ERROR', issue('ORDER_NOT_APPROVED'))],
    ['a network failure', new TypeError('Failed to fetch')],
    ['a timeout', new DOMException('signal timed out', 'TimeoutError')],
    ['anything not understood', new Error('odd')],
  ])('is unknown after %s: it may have gone through', (_name, error) => {
    expect(readCaptureError(error).kind).toBe('unknown');
  });
});

it('reads a call as its answer or its failure, never rejecting', async () => {
  expect(await verdictOf(Promise.resolve({ status: 'PENDING' }))).toEqual({ kind: 'pending' });
  expect((await verdictOf(Promise.reject(new TypeError('Failed to fetch')))).kind).toBe('unknown');
});

it('makes a new capture key every time', () => {
  const key = newCaptureKey();
  expect(key).toMatch(/^wallet-[0-9a-f-]+-capture$/);
  expect(newCaptureKey()).not.toBe(key);
});

it('tells of PayPal’s default 3 hours for an approval', () => {
  expect(APPROVAL_LIFETIME_MS).toBe(3 * 60 * 60 * 1000);
});
