import { describe, expect, it } from 'vitest';
import type { PendingPayment } from '../record/pending.ts';
import type { CaptureVerdict } from './capture.ts';
import { createSettler, type CaptureState } from './settle.ts';

const PAYPAL = { id: 'paypal', name: 'PayPal', approvalLifetimeMs: 3 * 60 * 60 * 1000 } as const;
const approval: PendingPayment = {
  orderId: 'order-1',
  intentId: 'intent-order-1',
  captureKey: 'key-1',
  approvedAt: '2026-11-25T12:00:00.000Z',
  lines: [{ productId: 'cam', variantId: 'white', price: 7999, quantity: 1 }],
  order: { id: 'order-1' },
  wallet: PAYPAL,
};
const declined: CaptureVerdict = { kind: 'declined', detail: 'INSTRUMENT_DECLINED' };
const unanswered: CaptureVerdict = { kind: 'unknown', detail: 'The store did not answer in time.' };

/** A settler whose captures answer in turn, with a page that keeps one record and never waits. */
function settlerAnswering(...answers: CaptureVerdict[]) {
  let record: PendingPayment | null = null;
  const shown: CaptureState['phase'][] = [];
  const settler = createSettler({
    tab: 'tab-1',
    capture: () => Promise.resolve(answers.shift() ?? unanswered),
    paymentStatus: () => Promise.resolve(unanswered),
    records: {
      read: () => record,
      write: (payment) => ((record = payment), true),
      remove: (orderId) => void (record?.orderId === orderId && (record = null)),
    },
    now: () => Date.parse('2026-11-25T12:00:01.000Z'),
    sleep: () => Promise.resolve(),
    timeout: () => new AbortController().signal,
    newKey: () => 'key-2',
    finish: () => Promise.resolve(),
    show: (state) => void shown.push(state.phase),
  });
  return { settler, shown, record: () => record };
}

describe('a declined capture', () => {
  it('hands the order back to the wallet when it answers the approval’s only request', async () => {
    const { settler, record } = settlerAnswering(declined);
    await expect(settler.approved(approval, { canRestart: () => true })).resolves.toBe('restart');
    expect(record()).toBeNull();
  });

  it('ends the order when an earlier try went unanswered: that request may still land once the buyer approves again', async () => {
    const { settler, shown } = settlerAnswering(unanswered, declined);
    await expect(settler.approved(approval, { canRestart: () => true })).resolves.toBe('declined');
    expect(shown.at(-1)).toBe('declined');
  });
});
