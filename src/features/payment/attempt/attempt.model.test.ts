// The whole payment attempt model-checked: each tab's wallet buttons drive the page's own attempt machine
// (attempt.ts) from the press to the approval, and its own settler (settle.ts) after it, in random interleavings of
// tabs, shoppers, storage, the lock, the clock and backends with each semantics a real one may have; between any two
// steps the cart is edited in another tab, the product page's choice changes, the backend's prices or currency
// change, a button goes away or the clock jumps. The invariants are checked after every step. Every capture answer
// is read by the page's own reading (capture.ts), every record goes through its own encoding, and what is paid,
// shown, charged and taken off the cart is computed by the page's own functions.
//
// Backends: 'success-only' keeps only successful captures under their key (the demo before it was strict);
// 'stripe' keeps every finished result, 5xx included, and refuses a key still in flight; 'passthrough' keeps no
// key and passes PayPal's answers on. Behind each, PayPal's order lifecycle: it captures an order at most once,
// completes an order whose capture it declined, refuses any later capture of a completed order
// (ORDER_ALREADY_CAPTURED), and leaves an order whose instrument was declined approvable. A backend reports a
// capture in its own words (no status), in PayPal's (the order and its capture), or by the order's status alone;
// it may let a shopper read an order's payment status, or demand a token; it may charge by the shop's settings or
// by rules of its own, and may take fewer units than asked (stock).
import fc from 'fast-check';
import { atom } from 'nanostores';
import { afterAll, describe, it } from 'vitest';
import type { OrderItemInput } from '@haven/commerce-client';
import { formatCents } from '../../../lib/money.ts';
import { cartTotals, type ShopRules } from '../../../lib/pricing.ts';
import { withoutPaid } from '../../cart/operations.ts';
import type { CartItem } from '../../cart/index.ts';
import { receiptOf } from '../../thank-you/invoice.ts';
import { paidOrder } from '../../thank-you/receipt.ts';
import { readCaptureAnswer, readCaptureError, readPaymentStatus } from '../settle/capture.ts';
import { decodePending, encodePending, type PendingPayment } from '../record/pending.ts';
import { createSettler, type CaptureState, type Settler } from '../settle/settle.ts';
import {
  AttemptEnded,
  createAttempts,
  pauseOf,
  type Attempt,
  type AttemptMachine,
  type Screen,
  type WalletNotice,
} from './attempt.ts';
import { WalletFlowError } from '../wallet/errors.ts';
import { paidCartLines, payableLines, type Choice, type PayableLine } from '../wallet/pays.ts';

type Semantics = 'success-only' | 'stripe' | 'passthrough';
/** How the backend reports a capture that ran. */
type AnswerForm = 'own' | 'paypal' | 'order-status';
/** What the backend (or PayPal behind it) does with one capture request, taken in turn; then 'ok' for ever. */
type Fault =
  | 'ok' // captured, answered
  | 'lost' // captured, the answer never arrives (the connection drops)
  | 'fail-before' // 503 before anything is done
  | 'fail-after' // captured, then a 500
  | 'slow' // in flight across other steps
  | 'decline' // PayPal declines the instrument: nothing taken, the order approvable again
  | 'refuse' // PayPal refuses the payment (TRANSACTION_REFUSED): nothing taken, ever
  | 'pending' // captured as PENDING: held for review
  | 'capture-declined' // PayPal declines the capture and completes the order: nothing taken, ever
  | 'payer-step'; // PayPal needs a step from the payer (PAYER_ACTION_REQUIRED): nothing taken, the order approvable
/**
 * 'refuses-writes' comes and goes (a full quota); 'blocked' (the site's storage refused, cookies blocked) is so for
 * the whole visit, and then tabs share nothing, not even the cart: one tab is explored, whose cart dies with it.
 */
type StorageMode = 'ok' | 'refuses-writes' | 'blocked';
/** The cart drawer's button pays the cart; the product page's pays the choice shown above it. */
type Where = 'drawer' | 'product';

type Command =
  /** The buyer presses a wallet button; the wallet asks for its order. */
  | { kind: 'press'; tab: number; where: Where }
  /** The buyer approves in the wallet window open in that tab. */
  | { kind: 'approve'; tab: number }
  | { kind: 'cancel-wallet'; tab: number }
  | { kind: 'wallet-error'; tab: number }
  | { kind: 'close-drawer'; tab: number }
  | { kind: 'open-drawer'; tab: number }
  | { kind: 'edit-cart'; variant: 'white' | 'black'; by: number }
  /** The product page's choice changes. */
  | { kind: 'choose'; tab: number; variant: 'white' | 'black'; quantity: number }
  /** The backend starts charging by rules of its own, or by the shop's again; or answers in another currency. */
  | { kind: 'backend-rules'; own: boolean }
  | { kind: 'backend-currency'; currency: 'USD' | 'EUR' }
  | { kind: 'try-again'; tab: number }
  | { kind: 'set-aside'; tab: number }
  | { kind: 'auto-retry'; tab: number }
  | { kind: 'reload'; tab: number }
  | { kind: 'close'; tab: number }
  | { kind: 'open' }
  | { kind: 'clock'; by: number }
  | { kind: 'storage'; mode: 'ok' | 'refuses-writes' };

interface World {
  semantics: Semantics;
  form: AnswerForm;
  /** The order's payment status answers a shopper (else: a token is demanded). */
  statusReadable: boolean;
  /** The backend charges by rules of its own, not the shop's settings. */
  ownRules: boolean;
  /** The backend takes one unit fewer of a line than asked (stock). */
  clamps: boolean;
  webLocks: boolean;
  blocked: boolean;
  faults: Fault[];
  commands: Command[];
}

/** The shop's settings, which the pages price with. */
const SHOP: ShopRules = { freeShippingAbove: 10000, shippingFee: 999, taxPercent: 8 };
/** A backend's own: another threshold, no fee, another rate. */
const OWN: ShopRules = { freeShippingAbove: 5000, shippingFee: 0, taxPercent: 10 };
const PRODUCT = 'cam';
const PRICES = { white: 7999, black: 8950 } as const;
const line = (variant: 'white' | 'black', quantity: number): CartItem => ({
  id: `${PRODUCT}-${variant}`,
  productId: PRODUCT,
  variantId: variant,
  name: 'Cam',
  variantName: variant,
  price: PRICES[variant],
  quantity,
});
const choiceOf = (variant: 'white' | 'black', quantity: number): Choice => ({
  product: { id: PRODUCT, name: 'Cam' },
  variant: { id: variant, name: variant, price: PRICES[variant] },
  quantity,
});
const PAYPAL = { id: 'paypal', name: 'PayPal', approvalLifetimeMs: 3 * 60 * 60 * 1000 } as const;

/** How often each stage of an attempt was reached, over all runs: told at the end, so a model that never reaches one shows it. */
const reached = new Map<string, number>();
const count = (stage: string) => reached.set(stage, (reached.get(stage) ?? 0) + 1);

/** The invariants broken in this run: thrown where they break (deep in a tab's work), reported by explore(). */
let broken: string[] = [];
/** What happened in this run, told with a failure. */
let story: string[] = [];
function check(ok: boolean, message: string): asserts ok {
  if (!ok) {
    const told = `${message}\n  what happened:\n    ${story.join('\n    ')}`;
    broken.push(told);
    throw new Error(told);
  }
}

interface Order {
  id: string;
  /** What the order contains, as the backend took it. */
  items: { variantId: string; quantity: number }[];
  /** What paying it charges, in cents, as the backend computes it. */
  total: number;
  /** Cart lines (by id) the order was made from, with the quantities the backend took: none for a choice. */
  fromCart: Map<string, number>;
  captured: 'COMPLETED' | 'PENDING' | null;
  /** PayPal completed the order: after a capture, taken or declined. */
  completed: boolean;
  /** PayPal declined its instrument (or waits for the payer's step): declined again until the buyer approves again. */
  needsApproval: boolean;
  step: boolean;
  refused: boolean;
  /** The currency its payment intent named. */
  currency: string;
  /** The buyer approved it and the page has not settled it yet (paid, ended by the payment, or set aside). */
  open: boolean;
}

type Answer = { body: Record<string, unknown> } | { error: unknown };

const apiError = (statusCode: number, code: string, details?: unknown) => ({
  name: 'ApiError',
  message: `${code} happened`,
  code,
  statusCode,
  details,
});
const issue = (name: string) => [{ issue: name, description: `${name} said PayPal` }];

/** The whole browser and its backend, for one run. */
function simulate(s: fc.Scheduler, world: World) {
  // ---- the clock: timers fire in the order they are due, at points the scheduler picks
  let now = Date.parse('2026-11-25T12:00:00.000Z');
  let jumped = false;
  const timers: { due: number; fire: () => void }[] = [];
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      timers.push({ due: now + ms, fire: resolve });
      timers.sort((a, b) => a.due - b.due);
      void s.schedule(Promise.resolve(), 'timer').then(() => {
        const next = timers.shift();
        if (!next) return;
        now = Math.max(now, next.due);
        next.fire();
      });
    });
  }

  // ---- the backend
  const orders = new Map<string, Order>();
  const keys = new Map<string, { orderId: string; result?: Answer }>();
  let faultAt = 0;
  let healthy = false;
  let orderSeq = 0;
  const setAside = new Set<string>();
  /** Captures the client is waiting for, by tab: no two live tabs at once where Web Locks keep them apart. */
  const outstanding = new Map<string, number>();
  const dollars = (cents: number) => cents / 100;

  /** The backend's report of PayPal's capture, in the world's words. */
  function reported(order: Order, capture: 'COMPLETED' | 'PENDING' | 'DECLINED'): Answer {
    const amount = dollars(order.total);
    if (world.form === 'order-status') return { body: { status: 'COMPLETED' } };
    if (world.form === 'paypal') {
      const captures = [{ id: `cap-${order.id}`, status: capture, amount: { value: amount.toFixed(2) } }];
      return { body: { status: 'COMPLETED', purchase_units: [{ payments: { captures } }] } };
    }
    return capture === 'DECLINED'
      ? { body: { status: 'DECLINED' } }
      : { body: { amount, ...(capture === 'PENDING' ? { status: 'PENDING' } : {}) } };
  }

  function paypal(order: Order, fault: Fault): Answer {
    if (order.completed) {
      // A backend that knows the order is paid says so; otherwise PayPal's refusal is passed on.
      return world.semantics !== 'passthrough' && order.captured
        ? { error: apiError(409, 'ORDER_ALREADY_PAID') }
        : { error: apiError(422, 'UNKNOWN_ERROR', issue('ORDER_ALREADY_CAPTURED')) };
    }
    if (fault === 'decline' || fault === 'payer-step') {
      order.needsApproval = true;
      order.step = fault === 'payer-step';
    }
    if (fault === 'refuse') order.refused = true;
    if (order.needsApproval || order.refused) {
      const name = order.refused ? 'TRANSACTION_REFUSED' : order.step ? 'PAYER_ACTION_REQUIRED' : 'INSTRUMENT_DECLINED';
      return world.semantics === 'passthrough'
        ? { error: apiError(422, 'UNKNOWN_ERROR', issue(name)) }
        : { body: { details: issue(name), debug_id: 'dbg' } };
    }
    order.completed = true;
    if (fault === 'capture-declined') return reported(order, 'DECLINED');
    order.captured = fault === 'pending' ? 'PENDING' : 'COMPLETED';
    return reported(order, order.captured);
  }

  async function process(payment: PendingPayment): Promise<Answer | 'lost'> {
    await s.schedule(Promise.resolve(), `capture ${payment.orderId} ${payment.captureKey} arrives`);
    const fault = healthy ? 'ok' : (world.faults[faultAt++] ?? 'ok');
    story.push(`backend: capture ${payment.orderId} under ${payment.captureKey}, ${fault}`);
    const order = orders.get(payment.orderId);
    if (!order) return { error: apiError(404, 'ORDER_NOT_FOUND') };
    const stored = world.semantics === 'passthrough' ? undefined : keys.get(payment.captureKey);
    if (stored) {
      check(stored.orderId === payment.orderId, 'a capture key reused for another order');
      if (stored.result) return stored.result;
      if (world.semantics === 'stripe') return { error: apiError(409, 'IDEMPOTENCY_KEY_IN_USE') };
    }
    if (world.semantics === 'stripe') keys.set(payment.captureKey, { orderId: payment.orderId });
    if (fault === 'fail-before') {
      const answer = { error: apiError(503, 'PAYMENT_SERVICE_UNAVAILABLE') };
      if (world.semantics === 'stripe') keys.set(payment.captureKey, { orderId: payment.orderId, result: answer });
      else keys.delete(payment.captureKey);
      return answer;
    }
    if (fault === 'slow') await s.schedule(Promise.resolve(), `capture ${payment.captureKey} still working`);
    let answer = paypal(order, fault);
    if (fault === 'fail-after') answer = { error: apiError(500, 'PAYMENT_PROCESSING_FAILED') };
    const success =
      'body' in answer && readCaptureAnswer(answer.body, 'PayPal').kind !== 'refused' && !answer.body['details'];
    if (world.semantics === 'stripe' || (world.semantics === 'success-only' && success && fault !== 'fail-after')) {
      keys.set(payment.captureKey, { orderId: payment.orderId, result: answer });
    }
    return fault === 'lost' ? 'lost' : answer;
  }

  /** GET /orders/{id}/payment-status. */
  async function paymentStatus(orderId: string): Promise<Answer> {
    await s.schedule(Promise.resolve(), `payment status of ${orderId}`);
    if (!world.statusReadable) return { error: apiError(401, 'UNAUTHORIZED') };
    const order = orders.get(orderId);
    if (!order) return { error: apiError(404, 'ORDER_NOT_FOUND') };
    const status = order.captured ?? (order.completed ? 'FAILED' : null);
    return { body: { orderId, status, ...(order.captured ? { amount: dollars(order.total) } : {}) } };
  }

  // ---- storage, shared by the tabs
  let mode: StorageMode = world.blocked ? 'blocked' : 'ok';
  let troubled = world.blocked;
  let lostUnkept = false;
  let twoWallets = false;
  const unseen = () => !world.webLocks && (twoWallets || troubled);
  const finished = new Set<string>();
  let record: string | null = null;
  const records = (tab: Tab) => ({
    read: () => (mode === 'blocked' ? ('unreadable' as const) : decodePending(record).payment),
    write: (payment: PendingPayment) => {
      if (!tab.alive || mode !== 'ok') return false;
      record = encodePending(payment);
      return true;
    },
    remove: (orderId: string, approvedAt?: string) => {
      if (!tab.alive) return;
      const stored = mode === 'blocked' ? null : decodePending(record).payment;
      if (approvedAt && stored?.orderId === orderId && stored.approvedAt !== approvedAt) return;
      const order = orders.get(orderId);
      const why = tab.finishing === orderId ? 'finished' : setAside.has(orderId) ? 'set aside' : 'refused';
      if (why === 'refused') {
        check(!order?.captured, `order ${orderId} was captured, but its payment was given up as not taken`);
        check(
          !!order && (order.needsApproval || order.refused || order.completed),
          `order ${orderId} could still be captured, but its payment was given up`,
        );
      }
      if (order) order.open = false;
      if (mode !== 'blocked' && decodePending(record).payment?.orderId === orderId) record = null;
    },
  });

  // ---- the lock across tabs
  let holder: Tab | null = null;
  /** Tabs that saw the lock held learn that it is free (the page follows the lock's release). */
  const freed = () => {
    for (const other of tabs) if (other.alive && other.state.phase === 'elsewhere') other.state = { phase: 'idle' };
  };
  function takeLock(tab: Tab): Promise<(() => void) | null> {
    return s.schedule(Promise.resolve(), 'lock').then(() => {
      if (!tab.alive) return new Promise<never>(() => {});
      if (holder && holder.alive) return null;
      holder = tab;
      return () => {
        if (holder !== tab) return;
        holder = null;
        freed();
      };
    });
  }

  // ---- the cart, shared by the tabs (with the site's storage blocked, it dies with the one tab)
  let cart: readonly CartItem[] = [line('white', 1)];
  function editCart(variant: 'white' | 'black', by: number): void {
    const present = cart.find((l) => l.variantId === variant);
    const quantity = (present?.quantity ?? 0) + by;
    const rest = cart.filter((l) => l.variantId !== variant);
    cart = quantity > 0 ? [...rest, line(variant, quantity)] : rest;
  }

  // ---- tabs
  const tabs: Tab[] = [];
  let keySeq = 0;
  const newKey = () => `key-${++keySeq}`;
  class Tab {
    readonly id = `tab-${tabs.length + 1}`;
    alive = true;
    state: CaptureState = { phase: 'idle' };
    finishing: string | null = null;
    /** The cart drawer is open, and its wallet button on screen (the product page's is always there). */
    drawer = true;
    /** What the product page shows above its wallet button. */
    choice: Choice = choiceOf('black', 2);
    /** The wallet window open in this tab, for the order a press asked for. */
    window: { owner: Where; intentId: string; orderId: string } | null = null;
    /** The buyer approves as soon as the wallet shows the order of the press on its way. */
    approveWhenOpen = false;
    readonly $attempt = atom<Attempt | null>(null);
    readonly $notice = atom<WalletNotice | null>(null);
    readonly machine: AttemptMachine;
    readonly settler: Settler;
    /** What a placement of this tab shows next to its button now. */
    screen(where: Where): Screen {
      const lines = payableLines(cart, where === 'product' ? this.choice : 'cart');
      return { lines, total: cartTotals(lines, SHOP).total, currency: 'USD', paysCart: where === 'drawer' };
    }
    /** The approved payment this page sees, as the page reads it again. */
    pendingNow(): PendingPayment | null {
      const stored = records(this).read();
      return (stored === 'unreadable' ? null : stored) ?? this.settler.current();
    }
    constructor() {
      tabs.push(this);
      const hang = () => new Promise<never>(() => {});
      this.machine = createAttempts(
        {
          api: () =>
            s.schedule(Promise.resolve(), `${this.id} loads the payment code`).then(() => ({
              createOrder: async (items, key) => {
                // A page that was closed or reloaded sends nothing.
                if (this.alive) askForOrder(this.$attempt.get()?.paysCart === true);
                await s.schedule(Promise.resolve(), `order create ${key}`);
                return this.alive ? backendOrder(items, key) : hang();
              },
              createIntent: async (id) => {
                await s.schedule(Promise.resolve(), `payment intent of ${id}`);
                if (!this.alive) return hang();
                const order = orders.get(id)!;
                order.currency = backend.currency;
                return { id: `intent-${id}`, amount: dollars(order.total), currency: backend.currency };
              },
            })),
          // Without Web Locks, one attempt per page: the page's lock is a no-op.
          takeLock: () => (world.webLocks ? takeLock(this) : Promise.resolve(() => undefined)),
          pending: () => this.pendingNow(),
          confirm: (payment, release, canRestart) => {
            const order = orders.get(payment.orderId);
            const others = [...orders.values()].filter((o) => o.open && o.id !== payment.orderId);
            check(
              others.length === 0 || setAside.size > 0 || lostUnkept || unseen(),
              `order ${payment.orderId} was approved for capture while order ${others[0]?.id} was approved and not settled`,
            );
            if (order) order.open = true;
            return this.settler.approved(payment, { ...(release ? { release } : {}), canRestart });
          },
          present: (owner) => this.alive && (owner === 'product' || this.drawer),
          declinedWithoutButton: () => count('declined, its button gone'),
          now: () => now,
          newKey: () => `order-key-${++keySeq}`,
          newCaptureKey: newKey,
          // Only the clock passing ends a declined stage.
          later: (ms, then) => void expiries.push({ due: now + ms, fire: () => this.alive && then() }),
        },
        this.$attempt,
        this.$notice,
      );
      this.$attempt.listen((attempt, before) => {
        if (attempt?.stage === 'declined' && before?.stage !== 'declined')
          count(`declined (${attempt.paysCart ? 'cart' : 'choice'})`);
      });
      this.settler = createSettler({
        tab: this.id,
        records: records(this),
        ...(world.webLocks ? { takeLock: () => takeLock(this) } : {}),
        now: () => now,
        // A page that has gone does nothing more: its timers never fire, its calls never go out.
        sleep: (ms) => sleep(ms).then(() => (this.alive ? undefined : new Promise<never>(() => {}))),
        timeout: (ms) => {
          const controller = new AbortController();
          void sleep(ms).then(() => controller.abort(new DOMException('signal timed out', 'TimeoutError')));
          return controller.signal;
        },
        newKey,
        show: (state) => {
          if (!this.alive) return;
          if (state.phase === 'paid') {
            const order = orders.get(state.orderId);
            check(!!order?.captured, `"paid" shown for order ${state.orderId}, of which no money was taken`);
          }
          this.state = state;
          count(`shown: ${state.phase}`);
          story.push(`${this.id} shows ${JSON.stringify(state)}`);
        },
        capture: async (payment, signal) => {
          if (!this.alive) return new Promise<never>(() => {});
          const live = [...outstanding].filter(
            ([id, n]) => n > 0 && id !== this.id && tabs.find((t) => t.id === id)?.alive,
          );
          // Without Web Locks, a recent round's page is left to it, as far as the clock and storage can tell.
          if (world.webLocks || (!jumped && !unseen()))
            check(live.length === 0, `two tabs capture for one cart at once (${this.id}, ${live[0]?.[0]})`);
          outstanding.set(this.id, (outstanding.get(this.id) ?? 0) + 1);
          // The answer, or the page giving up at the try's timeout, whichever comes first.
          const delivered = process(payment).then(async (answer) => {
            await s.schedule(Promise.resolve(), `answer to ${this.id}`);
            return answer;
          });
          const gaveUp = new Promise<'timeout'>((resolve) =>
            signal.addEventListener('abort', () => resolve('timeout'), { once: true }),
          );
          // A healthy backend answers within the timeout.
          const answer = await (healthy ? delivered : Promise.race([delivered, gaveUp]));
          outstanding.set(this.id, (outstanding.get(this.id) ?? 1) - 1);
          // A page that has gone never hears its answer.
          if (!this.alive) return new Promise<never>(() => {});
          if (answer === 'timeout') return readCaptureError(signal.reason, 'PayPal');
          if (answer === 'lost') return readCaptureError(new TypeError('Failed to fetch'), 'PayPal');
          return 'body' in answer ? readCaptureAnswer(answer.body, 'PayPal') : readCaptureError(answer.error, 'PayPal');
        },
        paymentStatus: async (payment, signal) => {
          if (!this.alive) return new Promise<never>(() => {});
          const gaveUp = new Promise<'timeout'>((resolve) =>
            signal.addEventListener('abort', () => resolve('timeout'), { once: true }),
          );
          const answer = await (healthy
            ? paymentStatus(payment.orderId)
            : Promise.race([paymentStatus(payment.orderId), gaveUp]));
          if (!this.alive) return new Promise<never>(() => {});
          if (answer === 'timeout') return { kind: 'unknown', detail: 'the payment status did not answer' };
          return 'body' in answer
            ? readPaymentStatus(answer.body as Parameters<typeof readPaymentStatus>[0], 'PayPal')
            : { kind: 'unknown', detail: 'no status' };
        },
        finish: (payment, paid) => {
          const order = orders.get(payment.orderId);
          check(!!order?.captured, `the cart was emptied for order ${payment.orderId}, which is not paid`);
          // The receipt says what was taken.
          const outcome = { review: paid.kind === 'pending', charged: paid.charged };
          const receipt = receiptOf(paidOrder(payment.order, payment.lines, new Date(now), outcome)!);
          check(
            receipt.total === order.total,
            `the receipt of order ${order.id} says ${receipt.total} cents, but ${order.total} were charged`,
          );
          // Only what the order paid for leaves the cart; lines added or raised meanwhile stay.
          const expected = cart.flatMap((l) => {
            const left = l.quantity - (order.fromCart.get(l.id) ?? 0);
            return left > 0 ? [{ ...l, quantity: left }] : [];
          });
          cart = withoutPaid(cart, paidCartLines(payment.order, payment.lines));
          check(
            JSON.stringify(cart) === JSON.stringify(expected),
            `order ${order.id} took ${JSON.stringify(cart)} off the cart, not ${JSON.stringify(expected)}`,
          );
          this.finishing = payment.orderId;
          finished.add(payment.orderId);
          records(this).remove(payment.orderId);
          this.finishing = null;
          this.alive = false; // off to the confirmation page
          return Promise.resolve();
        },
      });
    }
    kill() {
      const mine = this.settler.current();
      if (mine && (mode === 'blocked' || decodePending(record).payment?.orderId !== mine.orderId)) lostUnkept = true;
      this.alive = false;
      this.window = null;
      if (holder === this) holder = null;
      freed();
    }
  }
  const expiries: { due: number; fire: () => void }[] = [];

  const live = () => tabs.filter((t) => t.alive);
  const pick = (n: number) => live()[n % Math.max(1, live().length)];
  const background: Promise<unknown>[] = [];
  /** What the page itself tells the buyer (a failed order, an attempt ended meanwhile) is expected; anything else thrown is a bug. */
  function run(work: Promise<unknown>): void {
    const done = work.catch((error: unknown) => {
      if (error instanceof WalletFlowError || error instanceof AttemptEnded || broken.length) return;
      const told = `the code under test threw: ${error instanceof Error ? error.stack : String(error)}\n  what happened:\n    ${story.join('\n    ')}`;
      broken.push(told);
    });
    background.push(done);
  }

  // ---- the backend's orders: one per idempotency key, priced by its rules of the moment
  const backend = { own: world.ownRules, currency: 'USD' as 'USD' | 'EUR' };
  const byKey = new Map<string, Order>();
  /**
   * Checked as the page sends the request, not as it arrives: one sent before another order's approval may reach the
   * backend after it. Whether such an order is ever approved is checked where approvals are (confirm).
   */
  function askForOrder(paysCart: boolean) {
    // A choice's order waits harmlessly: its approval is refused while another payment is unsettled.
    const unsettled = [...orders.values()].filter((o) => o.open);
    check(
      !paysCart || unsettled.length === 0 || setAside.size > 0 || lostUnkept || unseen(),
      `a new order for the cart while order ${unsettled[0]?.id} was approved and not settled`,
    );
  }
  function backendOrder(items: OrderItemInput[], key: string) {
    let order = byKey.get(key);
    if (!order) {
      const taken = items.map((item, i) => ({
        productId: item.productId,
        variantId: item.variantId,
        quantity: world.clamps && i === 0 && item.quantity > 1 ? item.quantity - 1 : item.quantity,
        price: PRICES[item.variantId as 'white' | 'black'],
      }));
      order = {
        id: `order-${++orderSeq}`,
        items: taken.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity })),
        total: cartTotals(taken, backend.own ? OWN : SHOP).total,
        fromCart: new Map(),
        captured: null,
        completed: false,
        needsApproval: false,
        step: false,
        refused: false,
        currency: 'USD',
        open: false,
      };
      orders.set(order.id, order);
      byKey.set(key, order);
    }
    return { id: order.id, items: order.items, total: dollars(order.total) };
  }

  /** The order's items are the lines on screen (fewer units where the backend clamps them). */
  function sameItems(order: Order, lines: readonly PayableLine[]): boolean {
    return (
      order.items.length === lines.length &&
      order.items.every((item, i) => {
        const line = lines[i]!;
        const fewer = world.clamps && item.quantity === line.quantity - 1;
        return item.variantId === line.variantId && (item.quantity === line.quantity || fewer);
      })
    );
  }

  function press(tab: Tab, where: Where): void {
    if (where === 'drawer' && !tab.drawer) return;
    // A wallet window covers the page.
    if (tab.window) return;
    const screen = tab.screen(where);
    // As the button: disabled while its own attempt is in flight, with nothing to pay, or paused (a declined order
    // of its own waits for its press).
    const attempt = tab.$attempt.get();
    const again = attempt?.owner === where && attempt.stage === 'declined';
    const busy = attempt?.owner === where && !again;
    const elsewhere = holder !== null && holder !== tab && holder.alive;
    const pause = pauseOf(where, attempt, tab.pendingNow(), elsewhere);
    if (busy || screen.lines.length === 0 || (pause && !again)) return;
    if (!tab.machine.press(where, screen, PAYPAL)) return;
    // Without Web Locks, tabs cannot keep each other's attempts apart.
    twoWallets ||= live().some((other) => other !== tab && other.$attempt.get() !== null);
    story.push(
      `${tab.id} pressed the ${where}'s button for ${JSON.stringify(screen.lines.map((l) => [l.variantId, l.quantity]))}`,
    );
    count(again ? 'pressed again after a decline' : 'pressed');
    tab.approveWhenOpen = false;
    run(
      (async () => {
        const intentId = await tab.machine.order(where, screen, PAYPAL);
        if (!tab.alive) return;
        const orderId = intentId.replace(/^intent-/, '');
        const order = orders.get(orderId)!;
        const now = tab.$attempt.get();
        if (again)
          count(now?.idempotencyKey === attempt.idempotencyKey ? 'the same order again' : 'a new order after a change');
        // What the wallet asks for is what the screen shows at this press, in the shop's currency, or the buyer is
        // told first.
        check(
          order.currency === 'USD',
          `order ${orderId} opened in the wallet, though its intent asks for ${order.currency}`,
        );
        check(
          sameItems(order, screen.lines),
          `the wallet opened order ${orderId} for ${JSON.stringify(order.items)}, but the ${where} showed ${JSON.stringify(screen.lines.map((l) => [l.variantId, l.quantity]))}`,
        );
        const notice = tab.$notice.get();
        // "Changed" only when it did.
        const shownThen = again && attempt.pressed;
        const showsSame =
          shownThen &&
          shownThen.total === screen.total &&
          JSON.stringify(shownThen.lines.map((l) => [l.variantId, l.quantity, l.price])) ===
            JSON.stringify(screen.lines.map((l) => [l.variantId, l.quantity, l.price]));
        check(
          !(notice?.owner === where && notice.title.includes('changed after the decline') && showsSame),
          `${tab.id} said its ${where} changed after the decline, though it shows what it showed then`,
        );
        const told = notice?.owner === where && notice.detail?.includes(formatCents(order.total)) === true;
        check(
          order.total === screen.total || told,
          `order ${orderId} charges ${order.total} cents, the ${where} showed ${screen.total}, and nothing said so`,
        );
        if (screen.paysCart)
          order.fromCart = new Map(order.items.map((i) => [`${PRODUCT}-${i.variantId}`, i.quantity]));
        tab.window = { owner: where, intentId, orderId };
        if (tab.approveWhenOpen) approve(tab);
      })(),
    );
  }

  function approve(tab: Tab): void {
    const open = tab.window;
    tab.approveWhenOpen = !open;
    if (!open) return;
    tab.window = null;
    const order = orders.get(open.orderId);
    // The buyer approves (again): PayPal's order is approvable once more.
    if (order) order.needsApproval = false;
    run(tab.machine.approved(open.owner, open.intentId));
  }

  /**
   * At every step: no approved payment dropped with nobody holding it, and no lock held by what does not pay the
   * cart, nor by an attempt whose button has gone.
   */
  function invariants(): void {
    for (const order of orders.values()) {
      if (!order.open) continue;
      const held =
        (mode !== 'blocked' && decodePending(record).payment?.orderId === order.id) ||
        live().some((t) => t.settler.current()?.orderId === order.id || t.$attempt.get()?.orderId === order.id);
      check(
        held || setAside.has(order.id) || lostUnkept || unseen(),
        `order ${order.id} (${order.captured ?? 'not captured'}) was dropped with nobody holding it`,
      );
    }
    const tab = holder;
    if (!tab?.alive) return;
    const attempt = tab.$attempt.get();
    const capturing = ['confirming', 'paid'].includes(tab.state.phase) || tab.settler.current() !== null;
    const paysCart = attempt?.paysCart === true && (attempt.owner === 'product' || tab.drawer);
    check(
      capturing || paysCart || attempt?.stage === 'paying',
      `${tab.id} holds the cart's lock for ${attempt ? `a ${attempt.paysCart ? 'cart' : 'choice'} attempt (${attempt.owner}, ${attempt.stage})` : 'no attempt and no payment'}`,
    );
  }

  function perform(command: Command): void {
    invariants();
    story.push(`shopper: ${JSON.stringify(command)}`);
    switch (command.kind) {
      case 'open':
        if (tabs.length < 4 && mode !== 'blocked') run(new Tab().settler.resume());
        return;
      case 'clock':
        now += command.by;
        jumped = true;
        for (const expiry of expiries.filter((e) => e.due <= now)) {
          expiries.splice(expiries.indexOf(expiry), 1);
          count('a declined stage outlived its approval');
          expiry.fire();
        }
        return;
      case 'storage':
        if (mode === 'blocked') return;
        mode = command.mode;
        troubled ||= mode !== 'ok';
        return;
      case 'edit-cart':
        editCart(command.variant, command.by);
        return;
      case 'backend-rules':
        backend.own = command.own;
        return;
      case 'backend-currency':
        backend.currency = command.currency;
        return;
    }
    const tab = pick(command.tab);
    if (!tab) return;
    const stuck = tab.state.phase === 'confirming' || tab.state.phase === 'elsewhere';
    switch (command.kind) {
      case 'press':
        press(tab, command.where);
        return;
      case 'approve':
        approve(tab);
        return;
      case 'cancel-wallet':
        if (tab.window) tab.machine.cancelled(tab.window.owner);
        tab.window = null;
        tab.approveWhenOpen = false;
        return;
      case 'wallet-error':
        if (tab.window) tab.machine.failed(tab.window.owner, new Error('the wallet failed'));
        tab.window = null;
        tab.approveWhenOpen = false;
        return;
      case 'choose':
        tab.choice = choiceOf(command.variant, command.quantity);
        return;
      case 'close-drawer':
        // The drawer's wallet button goes away, and its wallet window with it.
        tab.drawer = false;
        if (tab.window?.owner === 'drawer') tab.window = null;
        tab.machine.gone('drawer');
        return;
      case 'open-drawer':
        tab.drawer = true;
        return;
      case 'try-again':
        if (!stuck && tab.settler.current()) run(tab.settler.tryAgain());
        return;
      case 'set-aside':
        if (tab.state.phase === 'unconfirmed') {
          setAside.add(tab.state.orderId);
          count('set aside');
          run(tab.settler.setAside(tab.state.orderId));
        }
        return;
      case 'auto-retry':
        if (tab.state.phase === 'unconfirmed') {
          count('resumed');
          run(tab.settler.resume());
        }
        return;
      case 'reload':
        tab.kill();
        if (mode === 'blocked') cart = [];
        else run(new Tab().settler.resume());
        return;
      case 'close':
        tab.kill();
        return;
    }
  }

  return {
    get holder() {
      return holder;
    },
    setAside,
    finished,
    get lostUnkept() {
      return lostUnkept;
    },
    get unseen() {
      return unseen();
    },
    tabs,
    background,
    perform,
    invariants,
    open: () => run(new Tab().settler.resume()),
    orders,
    get cart() {
      return cart;
    },
    get record() {
      return mode === 'blocked' ? null : decodePending(record).payment;
    },
    get jumped() {
      return jumped;
    },
    heal() {
      healthy = true;
      if (mode === 'refuses-writes') mode = 'ok';
    },
    live,
  };
}

const faults = fc.array(
  fc.constantFrom<Fault>(
    'ok',
    'lost',
    'fail-before',
    'fail-after',
    'slow',
    'decline',
    'refuse',
    'pending',
    'capture-declined',
    'payer-step',
  ),
  { maxLength: 10 },
);
const tab = fc.nat({ max: 3 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('press' as const),
      tab,
      where: fc.constantFrom<Where>('drawer', 'product'),
    }),
  },
  { weight: 4, arbitrary: tab.map((t) => ({ kind: 'approve' as const, tab: t })) },
  tab.map((t) => ({ kind: 'cancel-wallet' as const, tab: t })),
  tab.map((t) => ({ kind: 'wallet-error' as const, tab: t })),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('choose' as const),
      tab,
      variant: fc.constantFrom<'white' | 'black'>('white', 'black'),
      quantity: fc.constantFrom(1, 2, 3),
    }),
  },
  fc.boolean().map((own) => ({ kind: 'backend-rules' as const, own })),
  fc.constantFrom<'USD' | 'EUR'>('USD', 'EUR').map((currency) => ({ kind: 'backend-currency' as const, currency })),
  tab.map((t) => ({ kind: 'close-drawer' as const, tab: t })),
  tab.map((t) => ({ kind: 'open-drawer' as const, tab: t })),
  fc.record({
    kind: fc.constant('edit-cart' as const),
    variant: fc.constantFrom<'white' | 'black'>('white', 'black'),
    by: fc.constantFrom(1, 2, -1),
  }),
  { weight: 3, arbitrary: tab.map((t) => ({ kind: 'try-again' as const, tab: t })) },
  { weight: 2, arbitrary: tab.map((t) => ({ kind: 'set-aside' as const, tab: t })) },
  tab.map((t) => ({ kind: 'auto-retry' as const, tab: t })),
  tab.map((t) => ({ kind: 'reload' as const, tab: t })),
  tab.map((t) => ({ kind: 'close' as const, tab: t })),
  fc.constant({ kind: 'open' as const }),
  fc.constantFrom(4, -4, 0.01).map((hours) => ({ kind: 'clock' as const, by: hours * 60 * 60 * 1000 })),
  fc.constantFrom('ok' as const, 'refuses-writes' as const).map((mode) => ({ kind: 'storage' as const, mode })),
);
/**
 * A decline (after a try still in flight, or not), something changed or not, the same button pressed again and
 * approved: the paths worth reaching often.
 */
const declinedAgain = fc
  .record({
    where: fc.constantFrom<Where>('drawer', 'product'),
    why: fc.constantFrom<Fault>('decline', 'payer-step'),
    slowFirst: fc.boolean(),
    meanwhile: fc.array(command, { maxLength: 2 }),
  })
  .map(({ where, why, slowFirst, meanwhile }) => ({
    faults: slowFirst ? (['slow', why] as Fault[]) : [why],
    commands: [
      { kind: 'press', tab: 0, where },
      { kind: 'approve', tab: 0 },
      ...meanwhile,
      { kind: 'press', tab: 0, where },
      { kind: 'approve', tab: 0 },
    ] satisfies Command[],
  }));

const plainWorlds: fc.Arbitrary<World> = fc.record({
  semantics: fc.constantFrom<Semantics>('success-only', 'stripe', 'passthrough'),
  form: fc.constantFrom<AnswerForm>('own', 'paypal', 'order-status'),
  statusReadable: fc.boolean(),
  ownRules: fc.boolean(),
  clamps: fc.boolean(),
  webLocks: fc.boolean(),
  blocked: fc.nat({ max: 4 }).map((n) => n === 0),
  faults,
  // Most runs have an approval to settle: the first steps are the first tab's press and approval.
  commands: fc
    .array(command, { maxLength: 16 })
    .map((rest): Command[] => [{ kind: 'press', tab: 0, where: 'drawer' }, { kind: 'approve', tab: 0 }, ...rest]),
});
const worlds: fc.Arbitrary<World> = fc.oneof(
  plainWorlds,
  fc.tuple(plainWorlds, declinedAgain).map(([world, story]) => ({
    ...world,
    faults: [...story.faults, ...world.faults],
    commands: [...story.commands, ...world.commands.slice(2)],
  })),
);

/** Runs `world` to quiescence, then checks that every shopper left with a payment can still end it. */
async function explore(s: fc.Scheduler, world: World): Promise<void> {
  broken = [];
  const { commands: _commands, ...setting } = world;
  story = [`world: ${JSON.stringify(setting)}`];
  const sim = simulate(s, world);
  const settle = async () => {
    await s.waitIdle();
    if (broken.length) throw new Error(broken[0]);
  };
  sim.open();
  const steps = world.commands.map((command) => ({
    label: JSON.stringify(command),
    // A broken invariant rejects the step (a throw would escape the scheduler) and is reported by settle().
    builder: () => new Promise<void>((resolve) => resolve(sim.perform(command))),
  }));
  const sequence = s.scheduleSequence(steps);
  await settle();
  await sequence.task;
  await settle();
  sim.invariants();

  // No approved payment is dropped silently: each is settled by the page (paid and its lines off the cart, or ended
  // by the payment itself), or set aside by the shopper, or still kept by the browser or held by a page (or lost
  // with the one page storage refused it to, or unseen by a browser without Web Locks).
  for (const order of sim.orders.values()) {
    const held =
      sim.record?.orderId === order.id ||
      sim.live().some((t) => t.settler.current()?.orderId === order.id || t.$attempt.get()?.orderId === order.id);
    check(
      !order.open || held || sim.setAside.has(order.id) || sim.lostUnkept || sim.unseen,
      `order ${order.id} (${order.captured ?? 'not captured'}) was dropped with nobody holding it`,
    );
    if (order.captured) {
      check(
        sim.finished.has(order.id) || held || sim.setAside.has(order.id) || sim.lostUnkept || sim.unseen,
        `paid order ${order.id} was never confirmed, and nobody holds it`,
      );
    }
  }
  // No attempt outlives its wallet button and its capture.
  for (const tab of sim.live()) {
    const attempt = tab.$attempt.get();
    if (tab.drawer || attempt?.owner !== 'drawer') continue;
    check(
      attempt.stage === 'paying' || attempt.stage === 'redirecting',
      `${tab.id} keeps a ${attempt.stage} attempt for a wallet button that has gone`,
    );
  }
  // Nobody is left waiting on something that will not come.
  for (const tab of sim.live()) {
    check(tab.state.phase !== 'confirming', `${tab.id} still says it is confirming, with nothing under way`);
    const other = sim.holder;
    // (The holder may be this very tab, its wallet open: a resume that asked for the lock just after it was taken.)
    check(
      tab.state.phase !== 'elsewhere' || (other !== null && other.alive),
      `${tab.id} waits for another tab that is not paying`,
    );
  }
  // Never stuck: the buyers close their wallet windows; with the backend answering again, Try again in any tab
  // that still holds a payment ends it.
  sim.heal();
  for (const tab of sim.live()) sim.perform({ kind: 'cancel-wallet', tab: sim.live().indexOf(tab) });
  await settle();
  for (let round = 0; round < 4; round++) {
    const holding = sim.live().filter((t) => t.settler.current() !== null);
    if (!holding.length) break;
    for (const tab of holding) {
      const done = tab.settler.tryAgain().catch(() => undefined);
      await settle();
      await done;
    }
  }
  // A store that cannot tell whether a capture went through (it demands a token for the payment status) leaves the
  // shopper the warned set-aside, which ends the payment.
  for (const tab of sim.live()) {
    const held = tab.settler.current();
    if (!held) continue;
    check(!world.statusReadable, `${tab.id} still holds a payment after Try again with a healthy backend`);
    sim.setAside.add(held.orderId);
    const done = tab.settler.setAside(held.orderId).catch(() => undefined);
    await settle();
    await done;
    check(tab.settler.current() === null, `${tab.id} still holds a payment after setting it aside`);
  }
}

describe('the payment attempt, model-checked', () => {
  afterAll(() => {
    const told = [...reached].sort(([a], [b]) => a.localeCompare(b)).map(([stage, n]) => `  ${stage}: ${n}`);
    console.info(`Stages reached over all runs:\n${told.join('\n')}`);
  });

  it('keeps its invariants in every interleaving of tabs, shoppers, storage, clock and backend', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), worlds, async (s, world) => {
        await explore(s, world);
      }),
      { numRuns: 10_000 },
    );
  }, 60_000);
});
