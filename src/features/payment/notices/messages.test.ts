import { describe, expect, it } from 'vitest';
import { captureMessage, PAID_TITLE, reviewTitle, UNCONFIRMED_TITLE } from './messages.ts';
import { APPROVAL_LIFETIME_MS, at, payment } from '../record/pending.support.ts';

describe('what the shopper is told', () => {
  const now = at(60_000);
  const { orderId, wallet } = payment;

  it('says nothing with nothing pending and nothing going on', () => {
    expect(captureMessage({ phase: 'idle' }, null, now)).toBeNull();
  });

  it('shows progress while confirming, and that asking again never charges twice', () => {
    expect(
      captureMessage({ phase: 'confirming', orderId, retrying: false, kept: true, wallet }, payment, now),
    ).toMatchObject({
      tone: 'progress',
      title: 'Confirming your payment…',
      actions: [],
    });
    expect(
      captureMessage({ phase: 'confirming', orderId, retrying: true, kept: true, wallet }, payment, now)?.detail,
    ).toContain('You will not be charged twice');
    expect(captureMessage({ phase: 'paid', orderId, review: false, wallet }, null, now)).toMatchObject({
      title: PAID_TITLE,
    });
    expect(captureMessage({ phase: 'paid', orderId, review: true, wallet }, null, now)).toMatchObject({
      title: reviewTitle('PayPal'),
      wallet: 'PayPal',
    });
    expect(reviewTitle('PayPal')).toBe(
      'Payment received; PayPal is reviewing it. Taking you to your order confirmation…',
    );
  });

  it('asks the shopper to keep the page open while storage could not keep the payment', () => {
    const confirming = captureMessage(
      { phase: 'confirming', orderId, retrying: false, kept: false, wallet },
      payment,
      now,
    );
    expect(confirming?.detail).toContain('please keep this page open until it is confirmed');
    const unconfirmed = captureMessage({ phase: 'unconfirmed', orderId, detail: 'x', kept: false }, payment, now);
    expect(unconfirmed?.detail).toContain('please keep this page open until it is confirmed');
    expect(
      captureMessage({ phase: 'unconfirmed', orderId, detail: 'x', kept: true }, payment, now)?.detail,
    ).not.toContain('keep this page open');
  });

  it('offers Try again and setting it aside once the tries ran out, or for a payment found pending', () => {
    const unconfirmed = captureMessage(
      { phase: 'unconfirmed', orderId, detail: 'The store could not be reached.', kept: true },
      payment,
      now,
    );
    expect(unconfirmed).toMatchObject({
      tone: 'unconfirmed',
      title: UNCONFIRMED_TITLE,
      actions: ['retry', 'abandon', 'support'],
    });
    expect(unconfirmed?.detail).toContain(`contact support and quote order ${orderId}.`);
    expect(unconfirmed?.detail).toMatch(/^The store could not be reached\. It may already have gone through/);
    expect(captureMessage({ phase: 'idle' }, payment, now)).toMatchObject({ title: UNCONFIRMED_TITLE });
    // Settled or set aside in another tab: nothing left to say.
    expect(captureMessage({ phase: 'unconfirmed', orderId, detail: 'x', kept: true }, null, now)).toBeNull();
  });

  it('points to the other tab only while that payment is still pending', () => {
    expect(captureMessage({ phase: 'elsewhere', orderId }, payment, now)?.title).toBe(
      'Your payment is being confirmed in another tab.',
    );
    expect(captureMessage({ phase: 'elsewhere', orderId }, null, now)).toBeNull();
  });

  it('names the order of an approval older than PayPal keeps one, still with Try again and the warned way out', () => {
    const expired = captureMessage({ phase: 'idle' }, payment, at(APPROVAL_LIFETIME_MS + 1));
    expect(expired).toMatchObject({ tone: 'unconfirmed', actions: ['retry', 'abandon', 'support'] });
    expect(expired?.title).toContain(orderId);
    expect(expired?.detail).toContain('PayPal cancels an approval that is not confirmed within 3 hours.');
    // A wallet that keeps an approval for one hour says so in the singular.
    const hourly = { ...payment, wallet: { ...payment.wallet, name: 'Wallet', approvalLifetimeMs: 3_600_000 } };
    expect(captureMessage({ phase: 'idle' }, hourly, at(3_600_001))?.detail).toContain(
      'Wallet cancels an approval that is not confirmed within 1 hour.',
    );
  });

  it('says nothing was charged when the method was declined or the backend refused', () => {
    expect(captureMessage({ phase: 'declined', orderId, detail: 'd' }, null, now)?.detail).toContain(
      'Nothing was charged',
    );
    expect(captureMessage({ phase: 'refused', orderId, detail: 'Refused.' }, null, now)).toMatchObject({
      tone: 'payment-failed',
      title: 'Sorry, your transaction could not be processed...',
      detail: 'Refused.',
      actions: ['dismiss'],
    });
  });
});
