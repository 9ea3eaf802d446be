// The page's one payment attempt (the other wallet buttons wait while it is in flight), and each button's message.
import { atom } from 'nanostores';
import type { Order } from '@haven/commerce-client';
import { newIdempotencyKey, type PayableLine, type WalletMessageKind } from './start-payment.ts';

/** 'declined': the instrument was refused; the same order waits for the buyer's next approval. */
type AttemptStage = 'starting' | 'approving' | 'declined' | 'paying' | 'redirecting';

export interface Attempt {
  readonly id: number;
  readonly owner: string;
  /** A repeated order create within the attempt returns the same order. */
  readonly idempotencyKey: string;
  readonly stage: AttemptStage;
  readonly orderId?: string;
  readonly order?: Order;
  readonly intentId?: string;
  readonly lines?: readonly PayableLine[];
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

// Restored from the back/forward cache mid-redirect: that attempt is over.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    $attempt.get()?.release?.();
    $attempt.set(null);
    $walletNotice.set(null);
  });
}

/** Null when one is already in flight on this page. */
export function beginAttempt(owner: string, idempotencyKey: string = newIdempotencyKey()): Attempt | null {
  if ($attempt.get()) return null;
  const attempt: Attempt = { id: nextId++, owner, idempotencyKey, stage: 'starting' };
  $attempt.set(attempt);
  $walletNotice.set(null);
  return attempt;
}

export function attemptOf(owner: string): Attempt | null {
  const current = $attempt.get();
  return current?.owner === owner ? current : null;
}

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
