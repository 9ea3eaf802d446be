import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import type { Order } from '@haven/commerce-client';
import { createAttempts, pauseOf, sameScreen, type Attempt, type Screen, type WalletNotice } from './attempt.ts';
import type { PendingPayment } from '../record/pending.ts';
import type { SettleResult } from '../settle/settle.ts';
import type { PayableLine } from '../wallet/pays.ts';

const PAYPAL = { id: 'paypal', name: 'PayPal', approvalLifetimeMs: 3 * 60 * 60 * 1000 } as const;
const white = (quantity: number): PayableLine => ({
  id: 'cam-white',
  productId: 'cam',
  variantId: 'white',
  price: 7999,
  quantity,
});
const graphite = (quantity: number): PayableLine => ({
  productId: 'cam',
  variantId: 'graphite',
  price: 12999,
  quantity,
});
const cart = (...lines: PayableLine[]): Screen => ({
  lines,
  total: lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
  currency: 'USD',
  paysCart: true,
});
const choice = (line: PayableLine): Screen => ({ ...cart(line), paysCart: false });

/** A page with one machine, a backend that makes an order per key, and a lock that counts its holders. */
function page(options: { charge?: (screen: Screen) => number; outcomes?: SettleResult[]; hold?: boolean } = {}) {
  let seq = 0;
  let keys = 0;
  const orders: { id: string; items: unknown[]; key: string }[] = [];
  const confirmed: PendingPayment[] = [];
  const lock = { held: 0, taken: 0 };
  const outcomes = [...(options.outcomes ?? [])];
  let lastScreen: Screen | undefined;
  // What the page's storage says is awaiting confirmation, and the clock.
  const world = { pending: null as PendingPayment | null, now: 0 };
  // With `hold`, a capture answers when the test says.
  let answer: ((outcome: SettleResult) => void) | undefined;
  const $attempt = atom<Attempt | null>(null);
  const $notice = atom<WalletNotice | null>(null);
  const present = new Set(['drawer', 'product', 'checkout']);
  const machine = createAttempts(
    {
      api: () =>
        Promise.resolve({
          createOrder: (items, key) => {
            const order = { id: `order-${++seq}`, items, key };
            orders.push(order);
            return Promise.resolve({ id: order.id, items, total: (lastScreen?.total ?? 0) / 100 } as unknown as Order);
          },
          createIntent: (id) =>
            Promise.resolve({
              id: `intent-${id}`,
              ...(options.charge && lastScreen ? { amount: options.charge(lastScreen) / 100 } : {}),
            }),
        }),
      takeLock: () => {
        if (lock.held) return Promise.resolve(null);
        lock.held++;
        lock.taken++;
        let once = false;
        return Promise.resolve(() => {
          if (once) return;
          once = true;
          lock.held--;
        });
      },
      pending: () => world.pending,
      confirm: (payment, release) => {
        confirmed.push(payment);
        const settled = (outcome: SettleResult) => {
          if (outcome !== 'restart' && outcome !== 'restart-step') release?.();
          return outcome;
        };
        if (options.hold) return new Promise((resolve) => (answer = (outcome) => resolve(settled(outcome))));
        return Promise.resolve(settled(outcomes.shift() ?? 'paid'));
      },
      present: (owner) => present.has(owner),
      declinedWithoutButton: () => undefined,
      now: () => world.now,
      newKey: () => `key-${++keys}`,
      newCaptureKey: () => `capture-${keys}`,
      later: () => undefined,
    },
    $attempt,
    $notice,
  );
  /** A press and the wallet's order, as the adapter does them. */
  async function press(owner: string, screen: Screen): Promise<string | null> {
    lastScreen = screen;
    if (!machine.press(owner, screen, PAYPAL)) return null;
    return machine.order(owner, screen, PAYPAL);
  }
  const answerCapture = (outcome: SettleResult) => answer?.(outcome);
  return { machine, orders, confirmed, lock, press, $attempt, $notice, present, world, answerCapture };
}

describe('the attempt machine', () => {
  it('after a decline, asks again for the same order when nothing on screen changed', async () => {
    const p = page({ outcomes: ['restart'] });
    const first = await p.press('checkout', cart(white(1)));
    await p.machine.approved('checkout', first!);
    expect(p.$notice.get()?.title).toBe('Your payment method was declined.');
    expect(await p.press('checkout', cart(white(1)))).toBe(first);
    expect(p.orders).toHaveLength(1);
  });

  it('lets the declined order go and makes a new one when the choice changed, and says why', async () => {
    const p = page({ outcomes: ['restart'] });
    const first = await p.press('product', choice(graphite(1)));
    await p.machine.approved('product', first!);
    const second = await p.press('product', choice(white(3)));
    expect(second).not.toBe(first);
    expect(p.orders.map((o) => o.items)).toEqual([
      [{ productId: 'cam', variantId: 'graphite', quantity: 1 }],
      [{ productId: 'cam', variantId: 'white', quantity: 3 }],
    ]);
    expect(p.orders[1]!.key).not.toBe(p.orders[0]!.key);
    expect(p.$notice.get()).toMatchObject({
      title: 'Your choice changed after the decline, so this is a new order.',
      detail: 'PayPal now asks for $239.97; the declined order for $129.99 was let go and will not be charged.',
    });
    await p.machine.approved('product', second!);
    expect(p.confirmed.at(-1)?.lines).toEqual([white(3)]);
  });

  it('makes a new order when the cart changed after the decline', async () => {
    const p = page({ outcomes: ['restart'] });
    const first = await p.press('checkout', cart(white(1)));
    await p.machine.approved('checkout', first!);
    const second = await p.press('checkout', cart(white(1), graphite(1)));
    expect(second).not.toBe(first);
    expect(p.orders[1]!.items).toHaveLength(2);
    expect(p.$notice.get()?.title).toBe('Your cart changed after the decline, so this is a new order.');
  });

  it("warns of the backend's own amount before every approval of the same order", async () => {
    const p = page({ charge: (s) => s.total + 499, outcomes: ['restart'] });
    const first = await p.press('drawer', cart(white(2)));
    expect(p.$notice.get()?.detail).toContain('PayPal will charge $164.97 for this order, not the $159.98 shown here');
    await p.machine.approved('drawer', first!);
    expect(await p.press('drawer', cart(white(2)))).toBe(first);
    expect(p.$notice.get()?.detail).toContain('PayPal will charge $164.97 for this order, not the $159.98 shown here');
  });

  it("takes no lock for the product page's choice, except for its capture, and none while declined", async () => {
    const p = page({ outcomes: ['restart'] });
    const first = await p.press('product', choice(graphite(1)));
    expect(p.lock.taken).toBe(0);
    await p.machine.approved('product', first!);
    expect(p.lock).toEqual({ held: 0, taken: 1 });
    // The drawer may pay the cart meanwhile: the declined choice is let go, not waited for.
    expect(pauseOf('drawer', p.$attempt.get(), null, false)).toBeNull();
    const cartOrder = await p.press('drawer', cart(white(1)));
    expect(cartOrder).toBe('intent-order-2');
    expect(p.$attempt.get()?.owner).toBe('drawer');
    expect(p.lock.held).toBe(1);
  });

  it('keeps the cart lock while a declined cart order waits, and frees it when its button goes', async () => {
    const p = page({ outcomes: ['restart'] });
    const first = await p.press('drawer', cart(white(1)));
    await p.machine.approved('drawer', first!);
    expect(p.lock.held).toBe(1);
    p.present.delete('drawer');
    p.machine.gone('drawer');
    expect(p.lock.held).toBe(0);
    expect(p.$attempt.get()).toBeNull();
  });

  it('says why another button waits while one is in flight', () => {
    const p = page();
    expect(p.machine.press('checkout', cart(white(1)), PAYPAL)).toBe(true);
    expect(pauseOf('drawer', p.$attempt.get(), null, false)).toBe('here');
    expect(p.machine.press('drawer', cart(white(1)), PAYPAL)).toBe(false);
  });

  it('sends the order back to the wallet when PayPal needs a step from the payer', async () => {
    const p = page({ outcomes: ['restart-step'] });
    const first = await p.press('checkout', cart(white(1)));
    await p.machine.approved('checkout', first!);
    expect(p.$notice.get()).toMatchObject({
      title: 'PayPal needs a step from you to finish this payment.',
      detail: 'Nothing was charged. Press the PayPal button again to finish it for the same order.',
    });
    expect(await p.press('checkout', cart(white(1)))).toBe(first);
  });

  it('releases a press whose wallet window never asked for an order', () => {
    const p = page();
    expect(p.machine.press('checkout', cart(white(1)), PAYPAL)).toBe(true);
    p.machine.unopened('checkout');
    expect(p.$attempt.get()).toBeNull();
    expect(p.$notice.get()).toMatchObject({ tone: 'create-failed', title: 'Could not initiate PayPal Checkout...' });
  });

  it('gives the lock back when the attempt ended while its order was being made', async () => {
    const p = page();
    p.machine.press('checkout', cart(white(1)), PAYPAL);
    const ordering = p.machine.order('checkout', cart(white(1)), PAYPAL);
    p.machine.failed('checkout', new Error('the window was blocked'));
    await expect(ordering).rejects.toThrow('This payment ended before its order was ready.');
    expect(p.lock.held).toBe(0);
    expect(p.$notice.get()?.detail).toBe('the window was blocked');
  });

  it('compares what the screen shows line by line, amount and currency', () => {
    expect(sameScreen(cart(white(1)), cart(white(1)))).toBe(true);
    expect(sameScreen(cart(white(1)), cart(white(2)))).toBe(false);
    expect(sameScreen(cart(white(1)), choice(white(1)))).toBe(false);
    expect(sameScreen(cart(white(1)), { ...cart(white(1)), total: 1 })).toBe(false);
    expect(sameScreen(cart(white(1)), { ...cart(white(1)), currency: 'EUR' })).toBe(false);
    // Each line's own figures count, even when the total comes out the same.
    const a = { ...white(1), price: 1000 };
    const b = { ...graphite(1), price: 2000 };
    expect(sameScreen(cart(a, b), cart({ ...a, price: 2000 }, { ...b, price: 1000 }))).toBe(false);
    expect(
      sameScreen(cart(a, { ...b, price: 1000, quantity: 2 }), cart({ ...a, quantity: 2 }, { ...b, price: 1000 })),
    ).toBe(false);
    expect(sameScreen(cart(a), cart({ ...a, id: 'cam-white-2' }))).toBe(false);
  });

  it('takes no press while an approved payment awaits confirmation', async () => {
    const p = page();
    p.world.pending = { orderId: 'order-9' } as PendingPayment;
    expect(await p.press('drawer', cart(white(1)))).toBeNull();
    expect(p.$attempt.get()).toBeNull();
    expect(p.orders).toHaveLength(0);
  });

  it.each([
    ['the cart', 'drawer', cart(white(1))],
    ['a choice', 'product', choice(white(1))],
  ])(
    'makes no order for %s when an approved payment came to await confirmation after the press',
    async (_, owner, screen) => {
      const p = page();
      expect(p.machine.press(owner, screen, PAYPAL)).toBe(true);
      p.world.pending = { orderId: 'order-9' } as PendingPayment;
      await expect(p.machine.order(owner, screen, PAYPAL)).rejects.toThrow();
      expect(p.orders).toHaveLength(0);
      expect(p.$notice.get()?.detail).toBe('An approved payment is still being confirmed.');
      expect(p.$attempt.get()).toBeNull();
      expect(p.lock.held).toBe(0);
    },
  );

  it("does not capture a choice's approval while another approved payment awaits confirmation", async () => {
    const p = page();
    const intent = await p.press('product', choice(white(1)));
    p.world.pending = { orderId: 'order-9' } as PendingPayment;
    await p.machine.approved('product', intent!);
    expect(p.confirmed).toHaveLength(0);
    expect(p.$notice.get()?.title).toBe('Nothing was charged. Another payment is being made in this browser.');
    expect(p.lock.held).toBe(0);
  });

  it("lets a declined order go once its approval's lifetime has passed, even if its timer never ran", async () => {
    const p = page({ outcomes: ['restart'] });
    const first = await p.press('drawer', cart(white(1)));
    await p.machine.approved('drawer', first!);
    // A device that slept: the clock moved on, the timer did not fire.
    p.world.now = PAYPAL.approvalLifetimeMs;
    const second = await p.press('drawer', cart(white(1)));
    expect(second).not.toBe(first);
    expect(p.orders[1]!.key).not.toBe(p.orders[0]!.key);
    // Nothing on the screen changed, so nothing says it did.
    expect(p.$notice.get()).toBeNull();
  });

  it.each([
    ['a cancel', (p: ReturnType<typeof page>) => p.machine.cancelled('drawer')],
    ['a wallet error', (p: ReturnType<typeof page>) => p.machine.failed('drawer', new Error('window closed'))],
  ])('keeps the capture and its lock through %s that comes after the approval', async (_, late) => {
    const p = page({ hold: true });
    const intent = await p.press('drawer', cart(white(1)));
    const approving = p.machine.approved('drawer', intent!);
    expect(p.$attempt.get()?.stage).toBe('paying');
    late(p);
    expect(p.$attempt.get()?.stage).toBe('paying');
    expect(p.lock.held).toBe(1);
    expect(p.$notice.get()).toBeNull();
    p.answerCapture('paid');
    await approving;
    expect(p.lock.held).toBe(0);
  });
});
