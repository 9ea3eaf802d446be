// One tab's part in settling an approved payment, over ports (the browser's in confirm.ts). Only a definitive
// answer ends it (docs/payments.md).
import type { CaptureVerdict } from './capture.ts';
import type { PendingPayment, RecordStore } from '../record/pending.ts';
import type { WalletProvider } from '../wallet/provider.ts';

const CAPTURE_TRIES = 4;
const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
const TRY_TIMEOUT_MS = 8000;
/** Longer than a round (a try: a capture and the payment status): without Web Locks, its page keeps it that long. */
const ROUND_MS = CAPTURE_TRIES * 2 * TRY_TIMEOUT_MS + RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) + 5000;

export type CaptureState =
  | { phase: 'idle' }
  | { phase: 'confirming'; orderId: string; retrying: boolean; kept: boolean; wallet: WalletProvider }
  | { phase: 'elsewhere'; orderId: string }
  | { phase: 'unconfirmed'; orderId: string; detail: string; kept: boolean }
  | { phase: 'paid'; orderId: string; review: boolean; wallet: WalletProvider }
  | { phase: 'declined'; orderId: string; detail: string; step?: boolean }
  | { phase: 'refused'; orderId: string; detail: string };

export interface SettlePorts {
  capture(payment: PendingPayment, signal: AbortSignal): Promise<CaptureVerdict>;
  paymentStatus(payment: PendingPayment, signal: AbortSignal): Promise<CaptureVerdict>;
  records: RecordStore;
  takeLock?: () => Promise<(() => void) | null>;
  now(): number;
  sleep(ms: number): Promise<void>;
  timeout(ms: number): AbortSignal;
  newKey(): string;
  finish(payment: PendingPayment, paid: Paid): Promise<void>;
  show(state: CaptureState): void;
  tab: string;
}

export type Paid = Extract<CaptureVerdict, { kind: 'paid' | 'pending' }>;
type Settled = Exclude<CaptureVerdict, { kind: 'check' }>;

/** 'restart', 'restart-step' (the payer must act): the order goes back to the wallet button. */
export type SettleResult =
  Settled['kind'] | 'restart' | 'restart-step' | 'elsewhere' | 'settled' | 'none' | 'set-aside';

interface RoundOptions {
  release?: (() => void) | undefined;
  /** Asked once the capture has answered: the button may have gone. */
  canRestart?: () => boolean;
  lastTry?: boolean;
  fresh?: boolean;
  own?: boolean;
}

export interface Settler {
  /** The lock is the settler's from here, except after a decline the wallet can restart. */
  approved(
    payment: PendingPayment,
    options: { release?: () => void; canRestart: () => boolean },
  ): Promise<SettleResult>;
  resume(): Promise<SettleResult>;
  /** Under a new key, which no replayed result can answer. */
  tryAgain(): Promise<SettleResult>;
  setAside(orderId: string): Promise<SettleResult>;
  current(): PendingPayment | null;
}

/** A capture key of its own: nothing kept under an earlier approval's key answers this one. */
export function approvalRecord(
  approval: Pick<PendingPayment, 'orderId' | 'intentId' | 'lines' | 'order' | 'wallet'>,
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

  /** Kept while this page alone holds a payment storage refused: the lock pauses other tabs. */
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
    // A round from the future (a clock set back) is not waited for.
    return since >= 0 && since < ROUND_MS ? ROUND_MS - since : 0;
  }

  let rounds: Promise<unknown> = Promise.resolve();
  function round(start: PendingPayment, options: RoundOptions): Promise<SettleResult> {
    const next = rounds.then(() => runRound(start, options));
    rounds = next.catch(() => undefined);
    return next;
  }

  async function runRound(start: PendingPayment, options: RoundOptions): Promise<SettleResult> {
    busy = true;
    let restart = false;
    try {
      if (options.release) lock = options.release;
      else if (!lock && ports.takeLock) {
        lock = await ports.takeLock();
        if (!lock) {
          ports.show({ phase: 'elsewhere', orderId: start.orderId });
          return 'elsewhere';
        }
      }
      // Another tab may have settled it meanwhile, unless storage never held it.
      const now = stored();
      const keptHere = held?.payment.orderId === start.orderId ? held.kept : true;
      if (keptHere && now !== undefined && now?.orderId !== start.orderId) {
        if (held?.payment.orderId === start.orderId) held = null;
        ports.show({ phase: 'idle' });
        return 'settled';
      }
      if (!ports.takeLock && !options.own) {
        const wait = othersRound(now ?? start);
        if (wait > 0) {
          ports.show({ phase: 'elsewhere', orderId: start.orderId });
          const later = () => round(start, options);
          ports
            .sleep(wait)
            .then(later, later)
            .catch((error: unknown) => console.warn('Wallet:', error));
          return 'elsewhere';
        }
      }
      // The kept record names the latest approval's key.
      const base = keptHere && now?.orderId === start.orderId ? now : start;
      const payment = {
        ...base,
        ...(options.fresh ? { captureKey: ports.newKey() } : {}),
        roundAt: new Date(ports.now()).toISOString(),
        roundBy: ports.tab,
      };
      keep(payment);
      const kept = held?.kept ?? false;
      ports.show({ phase: 'confirming', orderId: payment.orderId, retrying: false, kept, wallet: payment.wallet });
      const { verdict, strays } = await tries(payment, options.lastTry ? 1 : CAPTURE_TRIES, kept);
      // An unanswered try could still land on the order approved again: it is let go instead.
      restart = verdict.kind === 'declined' && !strays && options.canRestart?.() === true;
      return await act(payment, verdict, options, restart);
    } finally {
      busy = false;
      // A lock handed in goes back with the restart; one taken here is freed.
      if (restart && options.release) lock = null;
      else letGo();
    }
  }

  async function tries(
    payment: PendingPayment,
    count: number,
    kept: boolean,
  ): Promise<{ verdict: Settled; strays: boolean }> {
    for (let n = 1; ; n++) {
      let verdict = await ports.capture(payment, ports.timeout(TRY_TIMEOUT_MS));
      if (verdict.kind === 'check') verdict = await ports.paymentStatus(payment, ports.timeout(TRY_TIMEOUT_MS));
      if (verdict.kind === 'check') verdict = { kind: 'unknown', detail: verdict.detail };
      if (verdict.kind !== 'unknown' || n >= count) return { verdict, strays: n > 1 };
      ports.show({ phase: 'confirming', orderId: payment.orderId, retrying: true, kept, wallet: payment.wallet });
      await ports.sleep(RETRY_DELAYS_MS[n - 1] ?? RETRY_DELAYS_MS.at(-1)!);
    }
  }

  async function act(
    payment: PendingPayment,
    verdict: Settled,
    options: RoundOptions,
    restart: boolean,
  ): Promise<SettleResult> {
    const { orderId } = payment;
    switch (verdict.kind) {
      case 'paid':
      case 'pending':
        ports.show({ phase: 'paid', orderId, review: verdict.kind === 'pending', wallet: payment.wallet });
        // finish forgets the record once the paid lines have left the cart.
        await ports.finish(payment, verdict);
        if (held?.payment.orderId === orderId) held = null;
        return verdict.kind;
      case 'declined':
        forget(orderId, payment.approvedAt);
        if (restart) {
          ports.show({ phase: 'idle' });
          return verdict.step ? 'restart-step' : 'restart';
        }
        ports.show({ phase: 'declined', orderId, detail: verdict.detail, ...(verdict.step ? { step: true } : {}) });
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
