import { describe, expect, it } from 'vitest';
import { approvalExpired, decodePending, encodePending } from './pending.ts';
import { APPROVAL_LIFETIME_MS, at, payment } from './pending.support.ts';

describe('the kept pending payment', () => {
  it('reads back what was written, with its wallet; a record kept before payments named their wallet still reads', () => {
    expect(decodePending(encodePending(payment))).toEqual({ payment });
    const { wallet, ...legacy } = payment;
    expect(decodePending(JSON.stringify({ version: 1, payment: legacy }))).toEqual({ payment });
    expect(decodePending(JSON.stringify({ version: 1, payment: { ...legacy, wallet: 'paypal' } }))).toEqual({
      payment,
    });
    expect(wallet.name).toBe('PayPal');
    expect(decodePending(null)).toEqual({ payment: null });
    expect(decodePending('')).toEqual({ payment: null });
  });

  it.each([
    ['not JSON', '{', 'not valid JSON'],
    ['another version', JSON.stringify({ version: 2, payment }), 'unexpected shape at version'],
    ['no lines', encodePending({ ...payment, lines: [] }), 'unexpected shape at payment.lines'],
    [
      'a quantity of 0',
      encodePending({ ...payment, lines: [{ ...payment.lines[0]!, quantity: 0 }] }),
      'payment.lines.0.quantity',
    ],
    ['no capture key', encodePending({ ...payment, captureKey: '' }), 'payment.captureKey'],
    [
      'an empty wallet',
      encodePending({ ...payment, wallet: { ...payment.wallet, id: '' as 'paypal' } }),
      'payment.wallet',
    ],
    ['a bad time', encodePending({ ...payment, approvedAt: 'yesterday' }), 'payment.approvedAt'],
    ['an order without id', encodePending({ ...payment, order: {} }), 'payment.order'],
    ['a list for an order', JSON.stringify({ version: 1, payment: { ...payment, order: [] } }), 'payment.order'],
  ])('reads %s as no payment, and says why', (_name, raw, problem) => {
    const decoded = decodePending(raw);
    expect(decoded.payment).toBeNull();
    expect(decoded.problem).toContain(problem);
  });

  it('expires 3 hours after the approval', () => {
    expect(approvalExpired(payment, at(0))).toBe(false);
    expect(approvalExpired(payment, at(APPROVAL_LIFETIME_MS))).toBe(false);
    expect(approvalExpired(payment, at(APPROVAL_LIFETIME_MS + 1))).toBe(true);
    // A time that cannot be read is never taken for a recent approval.
    expect(approvalExpired({ ...payment, approvedAt: 'soon' }, at(0))).toBe(true);
  });
});
