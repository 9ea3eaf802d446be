// A page's payment attempt, press to capture, as one machine over injected parts; the hook and adapter wire it.
import type { WritableAtom } from 'nanostores';
import type { Order } from '@haven/commerce-client';
import { formatCents, type Cents } from '../../../lib/money.ts';
import type { PendingPayment } from '../record/pending.ts';
import { approvalRecord, type SettleResult } from '../settle/settle.ts';
import {
  PAYMENT_FAILED,
  WalletFlowError,
  createFailed,
  describeError,
  paymentFailed,
  type WalletMessageKind,
} from '../wallet/errors.ts';
import { chargeNotice, startPayment, type PaymentApi } from './order.ts';
import { type PayableLine } from '../wallet/pays.ts';
import type { WalletProvider } from '../wallet/provider.ts';

/** What a placement shows next to its button now: what a press pays. */
export interface Screen {
  lines: readonly PayableLine[];
  total: Cents;
  currency: string;
  /** The cart, not the product page's choice. */
  paysCart: boolean;
}

/** 'declined': refused, or a step for the payer; the order waits for the next press. */
type AttemptStage = 'starting' | 'approving' | 'declined' | 'paying' | 'redirecting';

export interface Attempt {
  readonly id: number;
  readonly owner: string;
  readonly idempotencyKey: string;
  readonly stage: AttemptStage;
  readonly paysCart: boolean;
  readonly wallet: WalletProvider;
  /** What the screen showed when the order was made. */
  readonly pressed?: Screen;
  readonly orderId?: string;
  readonly order?: Order;
  readonly intentId?: string;
  readonly lines?: readonly PayableLine[];
  readonly charge?: Cents | undefined;
  readonly declinedAt?: number;
  /** The wallet asked for the order. */
  readonly ordering?: boolean;
  /** The lock across tabs: a cart's attempt, or a choice's capture. */
  readonly release?: () => void;
}

type NoticeTone = WalletMessageKind | 'info' | 'progress';

export interface WalletNotice {
  owner: string;
  tone: NoticeTone;
  title: string;
  detail?: string;
}

export interface AttemptPorts {
  api(): Promise<PaymentApi>;
  takeLock(): Promise<(() => void) | null>;
  /** The approved payment not yet settled, read again now. */
  pending(): PendingPayment | null;
  /** The settler holds the lock from here, unless it answers 'restart'. */
  confirm(payment: PendingPayment, release: (() => void) | undefined, canRestart: () => boolean): Promise<SettleResult>;
  present(owner: string): boolean;
  /** No button left to show a decline: the banner says it. */
  declinedWithoutButton(orderId: string, step: boolean): void;
  now(): number;
  newKey(): string;
  newCaptureKey(): string;
  later(ms: number, then: () => void): void;
  /** An order exists (the confirmation may follow), and its undoing. */
  ordered?(): void;
  abandoned?(): void;
}

export type WalletPause = 'pending' | 'pending-choice' | 'elsewhere' | 'here' | null;

const ELSEWHERE = 'A payment for this shop is already in progress in another tab.';
const NOT_CHARGED = 'Nothing was charged.';

const sameLines = (a: readonly PayableLine[], b: readonly PayableLine[]) =>
  a.length === b.length &&
  a.every((line, i) => {
    const other = b[i]!;
    return (
      line.id === other.id &&
      line.productId === other.productId &&
      line.variantId === other.variantId &&
      line.quantity === other.quantity &&
      line.price === other.price
    );
  });

/** A declined order is approved again only for exactly what the screen shows now. */
export function sameScreen(before: Screen, now: Screen): boolean {
  return (
    before.paysCart === now.paysCart &&
    before.total === now.total &&
    before.currency === now.currency &&
    sameLines(before.lines, now.lines)
  );
}

/** A choice's lines come from no cart line. */
const paysTheCart = (payment: Pick<PendingPayment, 'lines'>) => payment.lines.some((line) => line.id);

export function pauseOf(
  owner: string,
  attempt: Attempt | null,
  pending: PendingPayment | null,
  elsewhere: boolean,
): WalletPause {
  if (pending) return paysTheCart(pending) ? 'pending' : 'pending-choice';
  if (attempt && attempt.owner !== owner && attempt.stage !== 'declined') return 'here';
  return elsewhere ? 'elsewhere' : null;
}

/** Ended while its order was being made. */
export class AttemptEnded extends Error {
  override readonly name = 'AttemptEnded';
  constructor() {
    super('This payment ended before its order was ready.');
  }
}

export interface AttemptMachine {
  readonly $attempt: WritableAtom<Attempt | null>;
  readonly $notice: WritableAtom<WalletNotice | null>;
  press(owner: string, screen: Screen, wallet: WalletProvider): boolean;
  /** The wallet's order id: the declined order again only if nothing changed. */
  order(owner: string, screen: Screen, wallet: WalletProvider): Promise<string>;
  approved(owner: string, walletOrderId: string): Promise<void>;
  /** The press ended without the wallet asking for an order. */
  unopened(owner: string): void;
  cancelled(owner: string): void;
  failed(owner: string, error: unknown): void;
  gone(owner: string): void;
  /** The page left, or came back from the back/forward cache. */
  left(): void;
  redirecting(attemptId: number): void;
  clearNotice(owner: string): void;
}

export function createAttempts(
  ports: AttemptPorts,
  $attempt: WritableAtom<Attempt | null>,
  $notice: WritableAtom<WalletNotice | null>,
): AttemptMachine {
  let nextId = 1;

  const mine = (owner: string) => {
    const current = $attempt.get();
    return current?.owner === owner ? current : null;
  };
  const notify = (notice: WalletNotice) => $notice.set(notice);
  const clearNotice = (owner: string) => {
    if ($notice.get()?.owner === owner) $notice.set(null);
  };

  function begin(owner: string, paysCart: boolean, wallet: WalletProvider): Attempt | null {
    if ($attempt.get()) return null;
    const attempt: Attempt = {
      id: nextId++,
      owner,
      idempotencyKey: ports.newKey(),
      stage: 'starting',
      paysCart,
      wallet,
    };
    $attempt.set(attempt);
    $notice.set(null);
    return attempt;
  }

  function update(attempt: Attempt, patch: Partial<Omit<Attempt, 'id' | 'owner'>>): Attempt {
    const current = $attempt.get();
    if (current?.id !== attempt.id) return attempt;
    const next = { ...current, ...patch };
    $attempt.set(next);
    return next;
  }

  function end(attempt: Pick<Attempt, 'id'>): void {
    const current = $attempt.get();
    if (current?.id !== attempt.id) return;
    current.release?.();
    $attempt.set(null);
  }

  /** A declined order let go is never captured. */
  function letGo(attempt: Attempt): void {
    end(attempt);
    clearNotice(attempt.owner);
  }

  const expired = (attempt: Attempt) =>
    attempt.declinedAt !== undefined && ports.now() - attempt.declinedAt >= attempt.wallet.approvalLifetimeMs;

  function showCharge(attempt: Attempt, screen: Screen, charge: Cents | undefined, changed?: Screen): void {
    const { owner, wallet } = attempt;
    const differs = chargeNotice(screen.total, charge, wallet.name);
    if (changed) {
      const what = screen.paysCart ? 'cart' : 'choice';
      notify({
        owner,
        tone: 'info',
        title: `Your ${what} changed after the decline, so this is a new order.`,
        detail: [
          `${wallet.name} now asks for ${formatCents(charge ?? screen.total)}; the declined order for ${formatCents(changed.total)} was let go and will not be charged.`,
          differs,
        ]
          .filter(Boolean)
          .join(' '),
      });
    } else if (differs) notify({ owner, tone: 'info', title: 'Check the amount before you approve.', detail: differs });
    else clearNotice(owner);
  }

  const live = (attempt: Attempt) => {
    if ($attempt.get()?.id !== attempt.id) throw new AttemptEnded();
  };

  async function makeOrder(attempt: Attempt, screen: Screen, changed: Screen | undefined): Promise<string> {
    const { wallet } = attempt;
    attempt = update(attempt, { ordering: true });
    notify({ owner: attempt.owner, tone: 'progress', title: `Preparing your ${wallet.name} checkout…` });
    try {
      if (screen.paysCart && !attempt.release) {
        const release = await ports.takeLock();
        if (!release) throw new WalletFlowError(createFailed(wallet.name, ELSEWHERE));
        if ($attempt.get()?.id !== attempt.id) {
          release();
          throw new AttemptEnded();
        }
        attempt = update(attempt, { release });
      }
      if (ports.pending()) {
        throw new WalletFlowError(createFailed(wallet.name, 'An approved payment is still being confirmed.'));
      }
      const api = await ports.api();
      live(attempt);
      const started = await startPayment(api, screen.lines, attempt.idempotencyKey, screen.currency, wallet);
      live(attempt);
      attempt = update(attempt, { stage: 'approving', pressed: screen, lines: [...screen.lines], ...started });
      ports.ordered?.();
      showCharge(attempt, screen, started.charge, changed);
      return started.intentId;
    } catch (error) {
      if (error instanceof AttemptEnded) throw error;
      const message = error instanceof WalletFlowError ? error.notice : createFailed(wallet.name, describeError(error));
      notify({ owner: attempt.owner, tone: message.kind, title: message.title, detail: message.detail });
      end(attempt);
      throw error instanceof WalletFlowError ? error : new WalletFlowError(message);
    }
  }

  function declined(attempt: Attempt, step: boolean): void {
    const { wallet } = attempt;
    const at = ports.now();
    // A choice holds no lock while it waits.
    if (!attempt.paysCart) attempt.release?.();
    const { release: _held, ...rest } = attempt;
    const next: Attempt = {
      ...rest,
      stage: 'declined',
      declinedAt: at,
      ...(attempt.paysCart ? { release: _held } : {}),
    };
    if ($attempt.get()?.id === attempt.id) $attempt.set(next);
    notify({
      owner: attempt.owner,
      tone: 'info',
      title: step
        ? `${wallet.name} needs a step from you to finish this payment.`
        : 'Your payment method was declined.',
      detail: step
        ? `Nothing was charged. Press the ${wallet.name} button again to finish it for the same order.`
        : `Nothing was charged. Press the ${wallet.name} button again to choose another way to pay.`,
    });
    ports.later(attempt.wallet.approvalLifetimeMs, () => {
      const current = $attempt.get();
      if (current?.id === attempt.id && current.stage === 'declined' && current.declinedAt === at) letGo(current);
    });
  }

  return {
    $attempt,
    $notice,
    clearNotice,

    press(owner, screen, wallet) {
      const current = $attempt.get();
      if (current?.stage === 'declined') {
        if (current.owner === owner) return true;
        // Another button's declined order keeps no one waiting.
        letGo(current);
      }
      if (screen.lines.length === 0 || ports.pending()) return false;
      return begin(owner, screen.paysCart, wallet) !== null;
    },

    async order(owner, screen, wallet) {
      let attempt = mine(owner) ?? begin(owner, screen.paysCart, wallet);
      if (!attempt) {
        throw new WalletFlowError(createFailed(wallet.name, 'Another payment is already in progress on this page.'));
      }
      let changed: Screen | undefined;
      if (attempt.stage === 'declined' && attempt.pressed && attempt.intentId) {
        const same = sameScreen(attempt.pressed, screen);
        if (same && !expired(attempt)) {
          attempt = update(attempt, { stage: 'approving' });
          // The warning stands before every approval it concerns.
          showCharge(attempt, screen, attempt.charge);
          return attempt.intentId!;
        }
        // Expired (its timer may not have run): let go unannounced.
        if (!same) changed = attempt.pressed;
        // The cart's lock is kept across the swap.
        const keep = attempt.paysCart && screen.paysCart ? attempt.release : undefined;
        if (!keep) attempt.release?.();
        const fresh: Attempt = {
          id: nextId++,
          owner,
          idempotencyKey: ports.newKey(),
          stage: 'starting',
          paysCart: screen.paysCart,
          wallet,
          ...(keep ? { release: keep } : {}),
        };
        $attempt.set(fresh);
        attempt = fresh;
      }
      return makeOrder(attempt, screen, changed);
    },

    async approved(owner, walletOrderId) {
      let attempt = mine(owner);
      if (!attempt?.orderId || !attempt.lines?.length || attempt.stage !== 'approving') {
        const { title, detail } = paymentFailed('This payment is no longer in progress. Please try again.');
        notify({ owner, tone: 'payment-failed', title, detail });
        return;
      }
      const { wallet } = attempt;
      if (!attempt.paysCart) {
        // A choice takes the lock only for its capture: one approved payment is kept at a time.
        attempt = update(attempt, { stage: 'paying' });
        const release = await ports.takeLock();
        if (!release || ports.pending()) {
          release?.();
          end(attempt);
          notify({
            owner,
            tone: 'info',
            title: `${NOT_CHARGED} Another payment is being made in this browser.`,
            detail: `Press the ${wallet.name} button again once it is finished.`,
          });
          ports.abandoned?.();
          return;
        }
        attempt = update(attempt, { release });
      }
      // Kept before the money may move.
      const payment = approvalRecord(
        {
          orderId: attempt.orderId!,
          intentId: walletOrderId || attempt.intentId || '',
          lines: [...attempt.lines!],
          order: { ...(attempt.order ?? {}), id: attempt.orderId! },
          wallet,
        },
        { now: () => ports.now(), newKey: () => ports.newCaptureKey() },
      );
      clearNotice(owner);
      attempt = update(attempt, { stage: 'paying' });
      const outcome = await ports.confirm(payment, attempt.release, () => ports.present(owner));
      const now = $attempt.get()?.id === attempt.id ? $attempt.get()! : attempt;
      if (outcome === 'restart' || outcome === 'restart-step') {
        if (!ports.present(owner)) {
          end(now);
          ports.declinedWithoutButton(payment.orderId, outcome === 'restart-step');
          return;
        }
        declined(now, outcome === 'restart-step');
        return;
      }
      // The settler holds the lock now.
      const current = $attempt.get();
      if (current?.id !== attempt.id) return;
      if (outcome === 'paid' || outcome === 'pending') {
        const { release: _settlers, ...rest } = current;
        $attempt.set(rest);
      } else $attempt.set(null);
    },

    unopened(owner) {
      const attempt = mine(owner);
      if (attempt?.stage !== 'starting' || attempt.ordering) return;
      end(attempt);
      const { title, detail } = createFailed(
        attempt.wallet.name,
        `The ${attempt.wallet.name} window could not be opened. Please try again.`,
      );
      notify({ owner, tone: 'create-failed', title, detail });
    },

    cancelled(owner) {
      const attempt = mine(owner);
      // A late cancel must not free the capture's lock.
      if (attempt?.stage === 'paying' || attempt?.stage === 'redirecting') return;
      if (attempt) end(attempt);
      ports.abandoned?.();
      notify({
        owner,
        tone: 'info',
        title: 'Payment cancelled.',
        detail: 'Your cart has been kept, so you can pay whenever you are ready.',
      });
    },

    failed(owner, error) {
      const attempt = mine(owner);
      // Once approved, the capture decides, not the SDK.
      if (!attempt || attempt.stage === 'paying' || attempt.stage === 'redirecting') return;
      notify({ owner, tone: 'payment-failed', title: PAYMENT_FAILED, detail: describeError(error) });
      end(attempt);
      ports.abandoned?.();
    },

    gone(owner) {
      const attempt = mine(owner);
      if (attempt && attempt.stage !== 'paying' && attempt.stage !== 'redirecting') end(attempt);
    },

    left() {
      $attempt.get()?.release?.();
      $attempt.set(null);
      $notice.set(null);
    },

    redirecting(attemptId) {
      const current = $attempt.get();
      if (current?.id === attemptId) $attempt.set({ ...current, stage: 'redirecting' });
    },
  };
}
