// The page's one wallet payment attempt: every wallet button on a page (product page, cart
// drawer, checkout) reads this store, so while one attempt is in flight all of them are disabled and a click on
// another is refused. A resumed capture (confirm-payment.ts) is an attempt too. Also the message each button shows
// under itself (docs/requirements.md#payment-the-wallet-button).
import { atom } from 'nanostores';
import type { Order } from '@haven/commerce-client';
import { newIdempotencyKey, type PayableLine, type WalletMessageKind } from './start-payment.ts';

type AttemptStage = 'starting' | 'approving' | 'paying' | 'redirecting';

export interface Attempt {
  readonly id: number;
  /** The button that started it (a React useId per wallet button), or 'resume' for a resumed capture. */
  readonly owner: string;
  /** Sent with the order create: repeating it within this attempt returns the same order. */
  readonly idempotencyKey: string;
  readonly stage: AttemptStage;
  readonly orderId?: string;
  /** The order create's answer: with `lines`, what this browser keeps once the order is paid. */
  readonly order?: Order;
  readonly intentId?: string;
  /** What the order was made of: these lines leave the cart once it is paid. */
  readonly lines?: readonly PayableLine[];
  /** Gives back the cart's payment lock (payment-lock.ts) that this attempt holds, if it holds it. */
  readonly release?: () => void;
}

export const $attempt = atom<Attempt | null>(null);

type NoticeTone = WalletMessageKind | 'info' | 'progress';

export interface WalletNotice {
  owner: string;
  tone: NoticeTone;
  title: string;
  detail?: string;
}

export const $walletNotice = atom<WalletNotice | null>(null);

let nextId = 1;

// Back from /thank-you, the browser may restore this page as it was when it left: mid-redirect, every button
// disabled. That attempt is over.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    $attempt.get()?.release?.();
    $attempt.set(null);
    $walletNotice.set(null);
  });
}

/** Starts an attempt for `owner`, or answers null when one is already in flight on this page. */
export function beginAttempt(owner: string, idempotencyKey: string = newIdempotencyKey()): Attempt | null {
  if ($attempt.get()) return null;
  const attempt: Attempt = { id: nextId++, owner, idempotencyKey, stage: 'starting' };
  $attempt.set(attempt);
  $walletNotice.set(null);
  return attempt;
}

/** The attempt in flight if `owner` started it. */
export function attemptOf(owner: string): Attempt | null {
  const current = $attempt.get();
  return current?.owner === owner ? current : null;
}

/** Records progress; ignored once the attempt has ended (a late answer of an abandoned attempt changes nothing). */
export function updateAttempt(
  attempt: Attempt,
  patch: Partial<Pick<Attempt, 'stage' | 'orderId' | 'order' | 'intentId' | 'lines' | 'release'>>,
): Attempt {
  const current = $attempt.get();
  if (current?.id !== attempt.id) return attempt;
  const next = { ...current, ...patch };
  $attempt.set(next);
  return next;
}

/** Ends the attempt and gives back its payment lock. */
export function endAttempt(attempt: Pick<Attempt, 'id'>): void {
  const current = $attempt.get();
  if (current?.id !== attempt.id) return;
  current.release?.();
  $attempt.set(null);
}

export function showNotice(notice: WalletNotice): void {
  $walletNotice.set(notice);
}

export function clearNotice(owner: string): void {
  if ($walletNotice.get()?.owner === owner) $walletNotice.set(null);
}
