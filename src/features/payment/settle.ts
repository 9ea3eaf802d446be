// After the buyer approves: one tab's part in settling the approved payment, as a machine over what it is given
// (the backend's capture, the kept record, the lock across tabs, the clock). The page runs it with the browser's
// (confirm-payment.ts); the model test runs it with simulated ones, many tabs and backends at once.
//
// Only a definitive answer ends a payment (capture.ts). Unknown keeps the record, pauses every wallet of the
// cart and offers Try again; the device's clock never frees anything. The danger is a second order, never a
// second try of the same order: PayPal captures an order at most once.
import type { CaptureVerdict } from './capture.ts';
import type { PendingPayment } from './pending-payment.ts';

/** Tries of one round, the waits between them, and how long one try may take. */
const CAPTURE_TRIES = 4;
const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
const TRY_TIMEOUT_MS = 8000;
/**
 * Longer than a round can last (its tries, their waits, and a margin): without Web Locks, another tab leaves a record
 * whose round started this recently to the page running it.
 */
const ROUND_MS = CAPTURE_TRIES * TRY_TIMEOUT_MS + RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) + 5000;

export type CaptureState =
  | { phase: 'idle' }
  /** A try is out, or the next one is waiting; `retrying` once a try has failed. */
  | { phase: 'confirming'; orderId: string; retrying: boolean; kept: boolean }
  /** Another tab of this browser is confirming it. */
  | { phase: 'elsewhere'; orderId: string }
  /** The tries ran out without an answer: the payment may or may not have been taken. */
  | { phase: 'unconfirmed'; orderId: string; detail: string; kept: boolean }
  | { phase: 'paid'; orderId: string; review: boolean }
  /** Nothing was taken: the payment method was declined (a resumed capture has no wallet window to go back to). */
  | { phase: 'declined'; orderId: string; detail: string }
  /** Nothing was taken: the payment itself was refused. */
  | { phase: 'refused'; orderId: string; detail: string };

export interface RecordStore {
  /** What the browser keeps now, shared by its tabs; 'unreadable' when storage refuses access. */
  read(): PendingPayment | null | 'unreadable';
  /** Keeps `payment`; false when storage refuses it. */
  write(payment: PendingPayment): boolean;
  /**
   * Forgets the record of `orderId`, never another order's; given `approvedAt`, only that approval's (a newer
   * approval of the same order is another payment to settle).
   */
  remove(orderId: string, approvedAt?: string): void;
}

export interface SettlePorts {
  /** One capture call of `payment` under its key, given up at `signal`: the answer read as a verdict. */
  capture(payment: PendingPayment, signal: AbortSignal): Promise<CaptureVerdict>;
  records: RecordStore;
  /** Takes the cart's payment lock if no other tab holds it; absent where the browser has no Web Locks. */
  takeLock?: () => Promise<(() => void) | null>;
  now(): number;
  sleep(ms: number): Promise<void>;
  timeout(ms: number): AbortSignal;
  /** A new capture key. */
  newKey(): string;
  /** Acts on a paid (or pending) payment: keeps the receipt, takes its lines out of the cart, forgets the record. */
  finish(payment: PendingPayment, review: boolean): Promise<void>;
  /** This tab's state changed. */
  show(state: CaptureState): void;
  /** Identifies this page among the browser's tabs (the record names the page whose round it is). */
  tab: string;
}

export type SettleResult = CaptureVerdict['kind'] | 'elsewhere' | 'settled' | 'none' | 'set-aside';

interface RoundOptions {
  /** The lock of this page's own attempt, handed over (none without Web Locks). */
  release?: (() => void) | undefined;
  /** The wallet window is still open: a decline goes back to it. */
  canRestart?: boolean;
  /** The shopper's warned choice: one last try, then the record goes whatever it said. */
  lastTry?: boolean;
  /** Asks under a new key (Try again, the last try). */
  fresh?: boolean;
  /** This page's own approval: no other tab's round to wait out. */
  own?: boolean;
}

export interface Settler {
  /**
   * The buyer approved `payment` on this page, whose attempt holds the cart's lock (`release`). The lock is the
   * settler's from here, except after a decline the wallet can restart: then it stays the attempt's.
   */
  approved(payment: PendingPayment, options: { release?: () => void; canRestart: boolean }): Promise<SettleResult>;
  /** Resumes the record the browser keeps, if there is one and no tab is settling it. */
  resume(): Promise<SettleResult>;
  /** The same order again, under a new key, so a result a backend replays for the old key cannot answer. */
  tryAgain(): Promise<SettleResult>;
  /**
   * The shopper, warned about `orderId`, sets that payment aside: one last try of the same order, then the wallets
   * are free. Nothing happens to another order's payment.
   */
  setAside(orderId: string): Promise<SettleResult>;
  /** The record as this page knows it: the browser's, or its own when storage refused it. */
  current(): PendingPayment | null;
}

/**
 * The record of an approval, made when the buyer approves: a capture key of its own, so that nothing a backend
 * kept under an earlier approval's key (a decline, a 5xx) can answer this one.
 */
export function approvalRecord(
  approval: Pick<PendingPayment, 'orderId' | 'intentId' | 'lines' | 'order'>,
  ports: Pick<SettlePorts, 'now' | 'newKey'>,
): PendingPayment {
  return { ...approval, captureKey: ports.newKey(), approvedAt: new Date(ports.now()).toISOString() };
}

export function createSettler(ports: SettlePorts): Settler {
  /** The record this page settles, and whether storage holds it too (else the page holds it alone). */
  let held: { payment: PendingPayment; kept: boolean } | null = null;
  /** The cart's lock, while this page holds it. */
  let lock: (() => void) | null = null;
  let busy = false;

  const stored = () => {
    const read = ports.records.read();
    return read === 'unreadable' ? undefined : read;
  };

  function current(): PendingPayment | null {
    const fromStorage = stored();
    if (held && (!held.kept || fromStorage === undefined)) return held.payment;
    return fromStorage ?? null;
  }

  function keep(payment: PendingPayment): void {
    held = { payment, kept: ports.records.write(payment) };
  }

  /**
   * Gives the lock back, unless this page holds a payment storage refused: other tabs cannot see that one, so the
   * lock keeps their wallets paused until it is settled.
   */
  function letGo(): void {
    if (held && !held.kept) return;
    lock?.();
    lock = null;
  }

  /** Forgets the payment once it is paid, or only its approval (`approvedAt`) once that was refused or set aside. */
  function forget(orderId: string, approvedAt?: string): void {
    ports.records.remove(orderId, approvedAt);
    const same = held?.payment.orderId === orderId && (!approvedAt || held.payment.approvedAt === approvedAt);
    if (same) held = null;
  }

  /** Another page is in the middle of its round of this record (only asked without Web Locks). */
  function othersRound(payment: PendingPayment): number {
    if (payment.roundBy === undefined || payment.roundBy === ports.tab || payment.roundAt === undefined) return 0;
    const since = ports.now() - Date.parse(payment.roundAt);
    // A clock set back shows a round from the future: not waited for, or the shopper could wait for ever.
    return since >= 0 && since < ROUND_MS ? ROUND_MS - since : 0;
  }

  /** One round at a time: a second (an approval while a resume waits for the lock) runs after the first. */
  let rounds: Promise<unknown> = Promise.resolve();
  function round(start: PendingPayment, options: RoundOptions): Promise<SettleResult> {
    const next = rounds.then(() => runRound(start, options));
    rounds = next.catch(() => undefined);
    return next;
  }

  async function runRound(start: PendingPayment, options: RoundOptions): Promise<SettleResult> {
    busy = true;
    let result: SettleResult | undefined;
    try {
      if (options.release) lock = options.release;
      else if (!lock && ports.takeLock) {
        lock = await ports.takeLock();
        if (!lock) {
          ports.show({ phase: 'elsewhere', orderId: start.orderId });
          return (result = 'elsewhere');
        }
      }
      // Another tab may have settled it meanwhile. Storage that never held it (it refused) says nothing of that.
      const now = stored();
      const keptHere = held?.payment.orderId === start.orderId ? held.kept : true;
      if (keptHere && now !== undefined && now?.orderId !== start.orderId) {
        if (held?.payment.orderId === start.orderId) held = null;
        ports.show({ phase: 'idle' });
        return (result = 'settled');
      }
      if (!ports.takeLock && !options.own) {
        const wait = othersRound(now ?? start);
        if (wait > 0) {
          ports.show({ phase: 'elsewhere', orderId: start.orderId });
          // Then this round after all, unless the other page has settled it by then.
          const later = () => round(start, options);
          ports
            .sleep(wait)
            .then(later, later)
            .catch((error: unknown) => console.warn('Wallet:', error));
          return (result = 'elsewhere');
        }
      }
      // The record as kept now names the latest approval's key: an older key's answer (a decline the backend
      // keeps under it) must never answer this one. Try again asks under a new key.
      const base = keptHere && now?.orderId === start.orderId ? now : start;
      const payment = {
        ...base,
        ...(options.fresh ? { captureKey: ports.newKey() } : {}),
        roundAt: new Date(ports.now()).toISOString(),
        roundBy: ports.tab,
      };
      keep(payment);
      const kept = held?.kept ?? false;
      ports.show({ phase: 'confirming', orderId: payment.orderId, retrying: false, kept });
      const verdict = await tries(payment, options.lastTry ? 1 : CAPTURE_TRIES, kept);
      return (result = await act(payment, verdict, options));
    } finally {
      busy = false;
      // Back to the wallet: the attempt goes on, with its lock.
      if (result === 'declined' && options.canRestart) lock = null;
      else letGo();
    }
  }

  async function tries(payment: PendingPayment, count: number, kept: boolean): Promise<CaptureVerdict> {
    for (let n = 1; ; n++) {
      const verdict = await ports.capture(payment, ports.timeout(TRY_TIMEOUT_MS));
      if (verdict.kind !== 'unknown' || n >= count) return verdict;
      ports.show({ phase: 'confirming', orderId: payment.orderId, retrying: true, kept });
      await ports.sleep(RETRY_DELAYS_MS[n - 1] ?? RETRY_DELAYS_MS.at(-1)!);
    }
  }

  async function act(payment: PendingPayment, verdict: CaptureVerdict, options: RoundOptions): Promise<SettleResult> {
    const { orderId } = payment;
    switch (verdict.kind) {
      case 'paid':
      case 'pending':
        ports.show({ phase: 'paid', orderId, review: verdict.kind === 'pending' });
        // The record is finish's to forget, once the paid lines have left the cart: if they cannot, it stays.
        await ports.finish(payment, verdict.kind === 'pending');
        if (held?.payment.orderId === orderId) held = null;
        return verdict.kind;
      case 'declined':
        forget(orderId, payment.approvedAt);
        if (options.canRestart) {
          ports.show({ phase: 'idle' });
          return 'declined';
        }
        ports.show({ phase: 'declined', orderId, detail: verdict.detail });
        return 'declined';
      case 'refused':
        forget(orderId, payment.approvedAt);
        ports.show({ phase: 'refused', orderId, detail: verdict.detail });
        return 'refused';
      case 'unknown':
        if (options.lastTry) {
          forget(orderId, payment.approvedAt);
          ports.show({ phase: 'idle' });
          return 'set-aside';
        }
        ports.show({ phase: 'unconfirmed', orderId, detail: verdict.detail, kept: held?.kept ?? false });
        return 'unknown';
    }
  }

  async function resume(): Promise<SettleResult> {
    const payment = current();
    if (!payment) {
      if (!busy) ports.show({ phase: 'idle' });
      return 'none';
    }
    return round(payment, {});
  }

  async function again(lastTry: boolean, orderId?: string): Promise<SettleResult> {
    const payment = current();
    if (!payment || (orderId !== undefined && payment.orderId !== orderId)) {
      ports.show({ phase: 'idle' });
      return 'none';
    }
    return round(payment, { lastTry, fresh: true });
  }

  return {
    approved(payment, { release, canRestart }) {
      keep(payment);
      return round(payment, { release, canRestart, own: true });
    },
    resume,
    tryAgain: () => again(false),
    setAside: (orderId) => again(true, orderId),
    current,
  };
}
