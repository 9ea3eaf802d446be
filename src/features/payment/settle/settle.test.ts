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

/** A settler over a page's storage and lock that the test drives: each capture says which key it asked under. */
function settlerOver(options: { locks?: boolean; answers?: CaptureVerdict[]; stuckSleep?: boolean }) {
  const store = { record: null as PendingPayment | null, refuse: false, unreadable: false };
  let granted = false;
  let waiting: (() => void) | undefined;
  const lock = {
    held: 0,
    grant: () => {
      granted = true;
      waiting?.();
    },
  };
  const keys: string[] = [];
  const answers = [...(options.answers ?? [])];
  const shown: CaptureState['phase'][] = [];
  const settler = createSettler({
    tab: 'tab-1',
    capture: (payment) => {
      keys.push(payment.captureKey);
      return Promise.resolve(answers.shift() ?? unanswered);
    },
    paymentStatus: () => Promise.resolve(unanswered),
    records: {
      read: () => (store.unreadable ? 'unreadable' : store.record),
      write: (payment) => !store.refuse && ((store.record = payment), true),
      remove: (orderId) => void (store.record?.orderId === orderId && (store.record = null)),
    },
    // The lock comes when the test grants it.
    ...(options.locks
      ? {
          takeLock: () =>
            new Promise<() => void>((resolve) => {
              waiting = () => {
                lock.held++;
                resolve(() => void lock.held--);
              };
              if (granted) waiting();
            }),
        }
      : {}),
    now: () => Date.parse('2026-11-25T12:00:01.000Z'),
    sleep: () => (options.stuckSleep ? new Promise(() => undefined) : Promise.resolve()),
    timeout: () => new AbortController().signal,
    newKey: () => 'key-2',
    finish: () => Promise.resolve(),
    show: (state) => void shown.push(state.phase),
  });
  return { settler, store, lock, keys, shown };
}

describe('a declined capture', () => {
  it('hands the order back to the wallet when it answers the approval’s only request', async () => {
    const { settler, store } = settlerOver({ answers: [declined] });
    await expect(settler.approved(approval, { canRestart: () => true })).resolves.toBe('restart');
    expect(store.record).toBeNull();
  });

  it('ends the order when an earlier try went unanswered: that request may still land once the buyer approves again', async () => {
    const { settler, shown } = settlerOver({ answers: [unanswered, declined] });
    await expect(settler.approved(approval, { canRestart: () => true })).resolves.toBe('declined');
    expect(shown.at(-1)).toBe('declined');
  });
});

describe('a payment picked up from storage', () => {
  it('is not captured again once another tab settled it while this one waited for the lock', async () => {
    const { settler, store, lock, keys } = settlerOver({ locks: true });
    store.record = approval;
    const resumed = settler.resume();
    store.record = null;
    lock.grant();
    await expect(resumed).resolves.toBe('settled');
    expect(keys).toEqual([]);
    expect(store.record).toBeNull();
  });

  it('is captured under the key its kept record names when its turn comes', async () => {
    const { settler, store, lock, keys } = settlerOver({ locks: true, answers: [{ kind: 'paid' }] });
    store.record = approval;
    const resumed = settler.resume();
    // Another tab's Try again gave it a new key meanwhile.
    store.record = { ...approval, captureKey: 'key-9' };
    lock.grant();
    await expect(resumed).resolves.toBe('paid');
    expect(keys).toEqual(['key-9']);
  });

  it("without Web Locks, waits for another page's round under way, but not for one dated in the future", async () => {
    const at = (ms: number) => new Date(Date.parse('2026-11-25T12:00:01.000Z') + ms).toISOString();
    const running = settlerOver({ stuckSleep: true });
    running.store.record = { ...approval, roundBy: 'tab-2', roundAt: at(-1000) };
    await expect(running.settler.resume()).resolves.toBe('elsewhere');
    expect(running.keys).toEqual([]);
    // A clock set back makes another page's round look as if it started later: it is not waited for.
    const future = settlerOver({ stuckSleep: true, answers: [{ kind: 'paid' }] });
    future.store.record = { ...approval, roundBy: 'tab-2', roundAt: at(60 * 60 * 1000) };
    await expect(future.settler.resume()).resolves.toBe('paid');
    expect(future.keys).toEqual(['key-1']);
  });
});

describe('a payment storage did not keep', () => {
  it('keeps the lock while this page alone holds it, so no other tab starts a payment', async () => {
    const { settler, store } = settlerOver({});
    store.refuse = true;
    let released = 0;
    const release = () => void released++;
    await expect(settler.approved(approval, { release, canRestart: () => true })).resolves.toBe('unknown');
    expect(released).toBe(0);
    expect(settler.current()).toEqual(expect.objectContaining({ orderId: 'order-1' }));
  });

  it('is still held by the page when storage can no longer be read', async () => {
    const { settler, store } = settlerOver({});
    await expect(settler.approved(approval, { canRestart: () => true })).resolves.toBe('unknown');
    expect(store.record?.orderId).toBe('order-1');
    store.unreadable = true;
    expect(settler.current()).toEqual(expect.objectContaining({ orderId: 'order-1' }));
  });
});
