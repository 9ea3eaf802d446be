// The after-approval machine (settle.ts) model-checked: random interleavings of tabs, shoppers, storage, the lock,
// the clock and backends with each semantics a real one may have, with the invariants checked as they go. Every
// capture answer is read by the page's own reading (capture.ts), every record goes through its own encoding, and
// what is paid, shown, charged and taken off the cart is computed by the page's own functions.
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
import { describe, it } from 'vitest';
import { cartTotals, type ShopRules } from '../../lib/pricing.ts';
import { withoutPaid } from '../cart/operations.ts';
import type { CartItem } from '../cart/index.ts';
import { receiptOf } from '../thank-you/invoice.ts';
import { paidOrder } from '../thank-you/receipt.ts';
import { readCaptureAnswer, readCaptureError, readPaymentStatus } from './capture.ts';
import { decodePending, encodePending, type PendingPayment } from './pending-payment.ts';
import { approvalRecord, createSettler, type CaptureState, type Settler } from './settle.ts';
import { chargeNotice, chargeOf, paidCartLines, payableLines, type Choice } from './start-payment.ts';

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
  | 'capture-declined'; // PayPal declines the capture and completes the order: nothing taken, ever
/**
 * 'refuses-writes' comes and goes (a full quota); 'blocked' (the site's storage refused, cookies blocked) is so for
 * the whole visit, and then tabs share nothing, not even the cart: one tab is explored, whose cart dies with it.
 */
type StorageMode = 'ok' | 'refuses-writes' | 'blocked';
/** The cart drawer's button pays the cart; the product page's pays the choice shown above it. */
type Where = 'drawer' | 'product';

type Command =
  | { kind: 'approve'; tab: number; where: Where }
  | { kind: 'approve-again'; tab: number }
  | { kind: 'cancel-wallet'; tab: number }
  | { kind: 'close-drawer'; tab: number }
  | { kind: 'open-drawer'; tab: number }
  | { kind: 'edit-cart'; variant: 'white' | 'black'; by: number }
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
/** The product page shows Black × 2 above its wallet button. */
const CHOICE: Choice = {
  product: { id: PRODUCT, name: 'Cam' },
  variant: { id: 'black', name: 'black', price: PRICES.black },
  quantity: 2,
};

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
  /** PayPal declined its instrument: a capture is declined again until the buyer approves again. */
  needsApproval: boolean;
  refused: boolean;
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
    if (fault === 'decline') order.needsApproval = true;
    if (fault === 'refuse') order.refused = true;
    if (order.needsApproval || order.refused) {
      const name = order.refused ? 'TRANSACTION_REFUSED' : 'INSTRUMENT_DECLINED';
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
    /** The buyer is in the wallet for this order (after a decline, the window goes back to them). */
    wallet: string | null = null;
    /** The buyer approved and the settler has the payment: the wallet's cancel no longer ends the attempt. */
    paying = false;
    release: (() => void) | null = null;
    /** The cart drawer is open, and its wallet button on screen. */
    drawer = true;
    /** What the wallet window open in this tab pays for. */
    walletLines: ReturnType<typeof payableLines> = [];
    readonly settler: Settler;
    constructor() {
      tabs.push(this);
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
          story.push(`${this.id} shows ${JSON.stringify(state)}`);
        },
        capture: async (payment, signal) => {
          if (!this.alive) return new Promise<never>(() => {});
          const live = [...outstanding].filter(
            ([id, n]) => n > 0 && id !== this.id && tabs.find((t) => t.id === id)?.alive,
          );
          // Without Web Locks, a recent round's page is left to it, as far as the clock and storage can tell.
          if (world.webLocks || (!jumped && !troubled))
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
      this.wallet = null;
      if (holder === this) holder = null;
      freed();
    }
  }

  const live = () => tabs.filter((t) => t.alive);
  const pick = (n: number) => live()[n % Math.max(1, live().length)];
  const background: Promise<unknown>[] = [];
  const run = (work: Promise<unknown>) => background.push(work.catch(() => undefined));

  /** The backend's order for `lines`: what it takes (maybe fewer units) and what it charges. */
  function createOrder(lines: ReturnType<typeof payableLines>): Order {
    const id = `order-${++orderSeq}`;
    const items = lines.map((l, i) => ({
      variantId: l.variantId!,
      quantity: world.clamps && i === 0 && l.quantity > 1 ? l.quantity - 1 : l.quantity,
      price: l.price,
      cartLine: l.id,
    }));
    const total = cartTotals(items, world.ownRules ? OWN : SHOP).total;
    const fromCart = new Map(items.flatMap((i) => (i.cartLine ? [[i.cartLine, i.quantity] as const] : [])));
    const order: Order = {
      id,
      items: items.map(({ variantId, quantity }) => ({ variantId, quantity })),
      total,
      fromCart,
      captured: null,
      completed: false,
      needsApproval: false,
      refused: false,
      open: false,
    };
    orders.set(id, order);
    return order;
  }

  function approve(tab: Tab, where: Where | undefined, again?: string): void {
    run(
      (async () => {
        let release: (() => void) | null = tab.release;
        let lines = again ? tab.walletLines : payableLines(cart, where === 'product' ? CHOICE : 'cart');
        if (!release) {
          if (world.webLocks) {
            release = await takeLock(tab);
            if (!release) return;
          } else release = () => {};
          // As the wallet does once it holds the lock: nothing to pay, or a payment still pending, stops here.
          if (!again) lines = payableLines(cart, where === 'product' ? CHOICE : 'cart');
          if (!lines.length || tab.settler.current() !== null || !tab.drawer) {
            release();
            return;
          }
        }
        let order: Order;
        if (again) {
          order = orders.get(again)!;
          order.needsApproval = false;
        } else {
          // What is bought is what the screen says: the choice above the product page's button, else the cart.
          if (where === 'product') {
            check(
              lines.length === 1 && lines[0]!.variantId === 'black' && lines[0]!.quantity === CHOICE.quantity,
              `the product page's wallet ordered ${JSON.stringify(lines)}, not the Black × 2 shown above it`,
            );
          }
          const unsettled = [...orders.values()].filter((o) => o.open);
          check(
            unsettled.length === 0 || setAside.size > 0 || lostUnkept || unseen(),
            `a new order while order ${unsettled[0]?.id} was approved and not settled`,
          );
          order = createOrder(lines);
          // The amount next to the button is the charge, or the buyer is told before approving.
          const answer = { id: order.id, items: order.items, total: dollars(order.total) };
          const shown = cartTotals(lines, SHOP).total;
          const told = chargeNotice(shown, chargeOf(answer, { id: `intent-${order.id}` }), 'PayPal');
          check(
            shown === order.total || told !== undefined,
            `the buyer saw ${shown} cents next to the button and approved ${order.total} without being told`,
          );
        }
        order.open = true;
        tab.release = release;
        tab.wallet = order.id;
        tab.walletLines = lines;
        twoWallets ||= live().some((other) => other !== tab && other.wallet !== null);
        const payment = approvalRecord(
          {
            orderId: order.id,
            intentId: `intent-${order.id}`,
            lines,
            order: { id: order.id, items: order.items, total: dollars(order.total) },
          },
          { now: () => now, newKey },
        );
        tab.paying = true;
        const result = await tab.settler.approved(payment, { release, canRestart: () => tab.alive && tab.drawer });
        tab.paying = false;
        // Back in the wallet after a decline, the attempt keeps its lock; otherwise the settler has it now.
        if (result !== 'restart' || !tab.alive) {
          tab.wallet = null;
          tab.release = null;
        }
      })(),
    );
  }

  function perform(command: Command): void {
    story.push(`shopper: ${JSON.stringify(command)}`);
    switch (command.kind) {
      case 'open':
        if (tabs.length < 4 && mode !== 'blocked') run(new Tab().settler.resume());
        return;
      case 'clock':
        now += command.by;
        jumped = true;
        return;
      case 'storage':
        if (mode === 'blocked') return;
        mode = command.mode;
        troubled ||= mode !== 'ok';
        return;
      case 'edit-cart':
        editCart(command.variant, command.by);
        return;
    }
    const tab = pick(command.tab);
    if (!tab) return;
    const paused = () => tab.settler.current() !== null || (holder !== null && holder !== tab && holder.alive);
    const stuck = tab.state.phase === 'confirming' || tab.state.phase === 'elsewhere';
    switch (command.kind) {
      case 'approve':
        if (tab.drawer && !tab.wallet && !paused() && !stuck && !tab.release) approve(tab, command.where);
        return;
      case 'approve-again':
        if (tab.drawer && tab.wallet && tab.settler.current() === null && tab.state.phase === 'idle')
          approve(tab, undefined, tab.wallet);
        return;
      case 'close-drawer':
        // The page's wallet button goes away: an attempt not yet approved ends with it; an approved one is settled.
        tab.drawer = false;
        if (tab.wallet && !tab.paying) {
          tab.wallet = null;
          tab.release?.();
          tab.release = null;
        }
        return;
      case 'open-drawer':
        tab.drawer = true;
        return;
      case 'cancel-wallet':
        // A cancel that comes while the approval is being settled is ignored, as the page ignores it.
        if (tab.wallet && !tab.paying && tab.state.phase === 'idle') {
          tab.wallet = null;
          tab.release?.();
          tab.release = null;
        }
        return;
      case 'try-again':
        if (!stuck && tab.settler.current()) run(tab.settler.tryAgain());
        return;
      case 'set-aside':
        if (tab.state.phase === 'unconfirmed') {
          setAside.add(tab.state.orderId);
          run(tab.settler.setAside(tab.state.orderId));
        }
        return;
      case 'auto-retry':
        if (tab.state.phase === 'unconfirmed') run(tab.settler.resume());
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
  ),
  { maxLength: 10 },
);
const tab = fc.nat({ max: 3 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('approve' as const),
      tab,
      where: fc.constantFrom<Where>('drawer', 'product'),
    }),
  },
  { weight: 2, arbitrary: tab.map((t) => ({ kind: 'approve-again' as const, tab: t })) },
  tab.map((t) => ({ kind: 'cancel-wallet' as const, tab: t })),
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
const worlds: fc.Arbitrary<World> = fc.record({
  semantics: fc.constantFrom<Semantics>('success-only', 'stripe', 'passthrough'),
  form: fc.constantFrom<AnswerForm>('own', 'paypal', 'order-status'),
  statusReadable: fc.boolean(),
  ownRules: fc.boolean(),
  clamps: fc.boolean(),
  webLocks: fc.boolean(),
  blocked: fc.nat({ max: 4 }).map((n) => n === 0),
  faults,
  // Most runs have an approval to settle: the first step is the first tab's.
  commands: fc
    .array(command, { maxLength: 14 })
    .map((rest): Command[] => [{ kind: 'approve', tab: 0, where: 'drawer' }, ...rest]),
});

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
    builder: () => Promise.resolve(sim.perform(command)),
  }));
  const sequence = s.scheduleSequence(steps);
  await settle();
  await sequence.task;
  await settle();

  // No approved payment is dropped silently: each is settled by the page (paid and its lines off the cart, or ended
  // by the payment itself), or set aside by the shopper, or still kept by the browser or held by a page (or lost
  // with the one page storage refused it to, or unseen by a browser without Web Locks).
  for (const order of sim.orders.values()) {
    const held =
      sim.record?.orderId === order.id ||
      sim.live().some((t) => t.settler.current()?.orderId === order.id || t.wallet === order.id);
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
  // No attempt or lock outlives its wallet button and its capture.
  for (const tab of sim.live()) {
    if (tab.drawer || tab.settler.current() !== null) continue;
    check(
      tab.release === null && sim.holder !== tab,
      `${tab.id} still holds the cart's lock for a wallet button that has gone`,
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

describe('the approved payment, model-checked', () => {
  it('keeps its invariants in every interleaving of tabs, shoppers, storage, clock and backend', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), worlds, async (s, world) => {
        await explore(s, world);
      }),
      { numRuns: 10_000 },
    );
  }, 60_000);
});
