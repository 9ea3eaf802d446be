import { beforeEach, describe, expect, it } from 'vitest';
import {
  $attempt,
  $walletNotice,
  attemptOf,
  beginAttempt,
  clearNotice,
  endAttempt,
  showNotice,
  updateAttempt,
} from './attempt.ts';

beforeEach(() => {
  const current = $attempt.get();
  if (current) endAttempt(current);
  $walletNotice.set(null);
});

describe('one wallet attempt per page', () => {
  it('refuses a second attempt while one is in flight, from the same or another button', () => {
    const first = beginAttempt('product');
    expect(first).not.toBeNull();
    expect(beginAttempt('product')).toBeNull();
    expect(beginAttempt('cart-drawer')).toBeNull();
    expect($attempt.get()?.owner).toBe('product');
  });

  it('gives every attempt its own idempotency key', () => {
    const a = beginAttempt('product')!;
    endAttempt(a);
    const b = beginAttempt('product')!;
    expect(a.idempotencyKey).toMatch(/^wallet-/);
    expect(b.idempotencyKey).not.toBe(a.idempotencyKey);
    expect(b.id).not.toBe(a.id);
  });

  it('lets only the owner see its attempt, and tracks its progress', () => {
    const a = beginAttempt('checkout', 'wallet-fixed')!;
    expect(attemptOf('product')).toBeNull();
    const b = updateAttempt(a, { stage: 'approving', orderId: 'ord_1', intentId: 'PI_1' });
    expect(attemptOf('checkout')).toEqual({
      id: a.id,
      owner: 'checkout',
      idempotencyKey: 'wallet-fixed',
      stage: 'approving',
      orderId: 'ord_1',
      intentId: 'PI_1',
    });
    expect(b).toBe($attempt.get());
  });

  it('ignores updates and ends from an attempt that is over', () => {
    const old = beginAttempt('product')!;
    endAttempt(old);
    const current = beginAttempt('cart-drawer')!;
    updateAttempt(old, { stage: 'paying' });
    endAttempt(old);
    expect($attempt.get()).toEqual(current);
  });

  it('gives back the payment lock it holds when it ends, once, and never for an attempt that is over', () => {
    let released = 0;
    const a = beginAttempt('checkout')!;
    updateAttempt(a, { release: () => (released += 1) });
    endAttempt(a);
    endAttempt(a);
    expect(released).toBe(1);
    const b = beginAttempt('product')!;
    updateAttempt(a, { release: () => (released += 10) });
    endAttempt(b);
    expect(released).toBe(1);
  });

  it('clears the previous message when a new attempt starts, and a button clears only its own message', () => {
    showNotice({ owner: 'product', tone: 'payment-failed', title: 'Sorry', detail: 'x' });
    clearNotice('cart-drawer');
    expect($walletNotice.get()?.owner).toBe('product');
    beginAttempt('cart-drawer');
    expect($walletNotice.get()).toBeNull();
  });
});
