// One tab's part in settling an approved payment, over the ports it is given (the browser's in confirm-payment.ts,
// simulated ones in the model test). Only a definitive answer ends it; the danger is a second order, never a
// second try of the same one (docs/payments.md).
import type { CaptureVerdict } from './capture.ts';
import type { PendingPayment } from './pending-payment.ts';

const CAPTURE_TRIES = 4;
const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
const TRY_TIMEOUT_MS = 8000;
/** Longer than a round lasts: without Web Locks, a round started this recently is left to its page. */
const ROUND_MS = CAPTURE_TRIES * TRY_TIMEOUT_MS + RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) + 5000;

export type CaptureState =
  | { phase: 'idle' }
  /** `retrying` once a try has failed. */
  | { phase: 'confirming'; orderId: string; retrying: boolean; kept: boolean }
  | { phase: 'elsewhere'; orderId: string }
  /** Out of tries: it may or may not have been taken. */
  | { phase: 'unconfirmed'; orderId: string; detail: string; kept: boolean }
  | { phase: 'paid'; orderId: string; review: boolean }
  /** Declined, with no wallet window to go back to (a resumed capture). */
  | { phase: 'declined'; orderId: string; detail: string }
  | { phase: 'refused'; orderId: string; detail: string };

export interface RecordStore {
  /** 'unreadable' when storage refuses access. */
  read(): PendingPayment | null | 'unreadable';
  write(payment: PendingPayment): boolean;
  /** Never another order's; given `approvedAt`, only that approval's (a newer one is another payment). */
  remove(orderId: string, approvedAt?: string): void;
}

export interface SettlePorts {
  capture(payment: PendingPayment, signal: AbortSignal): Promise<CaptureVerdict>;
  records: RecordStore;
  /** Absent without Web Locks. */
  takeLock?: () => Promise<(() => void) | null>;
  now(): number;
  sleep(ms: number): Promise<void>;
  timeout(ms: number): AbortSignal;
  newKey(): string;
  /** Keeps the receipt, takes the lines out of the cart, forgets the record. */
  finish(payment: PendingPayment, review: boolean): Promise<void>;
  show(state: CaptureState): void;
  /** The record names the page whose round it is. */
  tab: string;
}

export type SettleResult = CaptureVerdict['kind'] | 'elsewhere' | 'settled' | 'none' | 'set-aside';

interface RoundOptions {
  release?: (() => void) | undefined;
  canRestart?: boolean;
  /** The shopper's warned choice: the record goes whatever this try says. */
  lastTry?: boolean;
  fresh?: boolean;
  own?: boolean;
}

export interface Settler {
  /** The lock (`release`) is the settler's from here, except after a decline the wallet can restart. */
  approved(payment: PendingPayment, options: { release?: () => void; canRestart: boolean }): Promise<SettleResult>;
  resume(): Promise<SettleResult>;
  /** Under a new key, so a result a backend replays for the old key cannot answer. */
  tryAgain(): Promise<SettleResult>;
  /** One last try of `orderId`, then the wallets are free; another order's payment is untouched. */
  setAside(orderId: string): Promise<SettleResult>;
  current(): PendingPayment | null;
}

/** A capture key of its own, so nothing kept under an earlier approval's key can answer this one. */
export function approvalRecord(
  approval: Pick<PendingPayment, 'orderId' | 'intentId' | 'lines' | 'order'>,
  ports: Pick<SettlePorts, 'now' | 'newKey'>,
): PendingPayment {
  return { ...approval, captureKey: ports.newKey(), approvedAt: new Date(ports.now()).toISOString() };
}

export function createSettler(ports: SettlePorts): Settler {
  let held: { payment: PendingPayment; kept: boolean } | null = null;
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

  /** Kept while this page alone holds a payment storage refused: the lock pauses the other tabs' wallets. */
  function letGo(): void {
    if (held && !held.kept) return;
    lock?.();
    lock = null;
  }

  function forget(orderId: string, approvedAt?: string): void {
    ports.records.remove(orderId, approvedAt);
    const same = held?.payment.orderId === orderId && (!approvedAt || held.payment.approvedAt === approvedAt);
    if (same) held = null;
  }

  /** Without Web Locks: another page's round of this record still running. */
  function othersRound(payment: PendingPayment): number {
    if (payment.roundBy === undefined || payment.roundBy === ports.tab || payment.roundAt === undefined) return 0;
    const since = ports.now() - Date.parse(payment.roundAt);
    // A clock set back shows a round from the future: not waited for, or the shopper could wait for ever.
    return since >= 0 && since < ROUND_MS ? ROUND_MS - since : 0;
  }

  /** One round at a time. */
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
      // The kept record names the latest approval's key: an older key's answer must never answer this one.
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
