// The after-approval machine (settle.ts) model-checked: random interleavings of tabs, shoppers, storage, the lock,
// the clock and backends with each semantics a real one may have, with the invariants checked as they go. Every
// capture answer is read by the page's own reading (capture.ts), every record goes through its own encoding.
//
// Backends: 'success-only' keeps only successful captures under their key (the demo before it was strict);
// 'stripe' keeps every finished result, 5xx included, and refuses a key still in flight; 'passthrough' keeps no
// key and passes PayPal's answers on (422 ORDER_ALREADY_CAPTURED to a second capture). PayPal captures an order at
// most once whatever the backend does.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { readCaptureAnswer, readCaptureError } from './capture.ts';
import { decodePending, encodePending, type PendingPayment } from './pending-payment.ts';
import { approvalRecord, createSettler, type CaptureState, type Settler } from './settle.ts';

type Semantics = 'success-only' | 'stripe' | 'passthrough';
/** What the backend (or PayPal behind it) does with one capture request, taken in turn; then 'ok' for ever. */
type Fault =
  | 'ok' // captured, answered
  | 'lost' // captured, the answer never arrives (the connection drops)
  | 'fail-before' // 503 before anything is done
  | 'fail-after' // captured, then a 500
  | 'slow' // in flight across other steps
  | 'decline' // PayPal declines the instrument: nothing taken until the buyer approves again
  | 'refuse' // PayPal refuses the payment (TRANSACTION_REFUSED): nothing taken, ever
  | 'pending' // captured as PENDING: held for review
  | 'status-declined'; // a 2xx whose body says DECLINED: nothing taken
/**
 * 'refuses-writes' comes and goes (a full quota); 'blocked' (the site's storage refused, cookies blocked) is so for
 * the whole visit, and then tabs share nothing, not even the cart: one tab is explored, whose cart dies with it.
 */
type StorageMode = 'ok' | 'refuses-writes' | 'blocked';

type Command =
  | { kind: 'approve'; tab: number }
  | { kind: 'approve-again'; tab: number }
  | { kind: 'cancel-wallet'; tab: number }
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
  webLocks: boolean;
  blocked: boolean;
  faults: Fault[];
  commands: Command[];
}

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
  captured: 'COMPLETED' | 'PENDING' | null;
  /** PayPal declined its instrument: a capture is declined again until the buyer approves again. */
  needsApproval: boolean;
  refused: boolean;
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
  let captures = 0;
  const setAside = new Set<string>();
  /** Captures the client is waiting for, by tab: no two live tabs at once where Web Locks keep them apart. */
  const outstanding = new Map<string, number>();

  function paypal(order: Order, fault: Fault): Answer {
    if (order.captured) {
      return world.semantics === 'passthrough'
        ? { error: apiError(422, 'UNKNOWN_ERROR', issue('ORDER_ALREADY_CAPTURED')) }
        : { error: apiError(409, 'ORDER_ALREADY_PAID') };
    }
    if (fault === 'decline') order.needsApproval = true;
    if (fault === 'refuse') order.refused = true;
    if (order.needsApproval || order.refused) {
      const name = order.refused ? 'TRANSACTION_REFUSED' : 'INSTRUMENT_DECLINED';
      return world.semantics === 'passthrough'
        ? { error: apiError(422, 'UNKNOWN_ERROR', issue(name)) }
        : { body: { details: issue(name), debug_id: 'dbg' } };
    }
    if (fault === 'status-declined') {
      order.needsApproval = true;
      return { body: { status: 'DECLINED' } };
    }
    order.captured = fault === 'pending' ? 'PENDING' : 'COMPLETED';
    captures += 1;
    // Unless the shopper, warned, set one aside, or closed the one page that held a payment storage refused, or,
    // without Web Locks, two tabs had their wallets open at once or storage refused the record: nothing then tells
    // another tab of it.
    check(
      captures <= 1 || setAside.size > 0 || lostUnkept || unseen(),
      `a second completed capture for one cart (order ${order.id})`,
    );
    return { body: { status: order.captured } };
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
    const success = 'body' in answer && !answer.body['details'] && answer.body['status'] !== 'DECLINED';
    if (world.semantics === 'stripe' || (world.semantics === 'success-only' && success && fault !== 'fail-after')) {
      keys.set(payment.captureKey, { orderId: payment.orderId, result: answer });
    }
    return fault === 'lost' ? 'lost' : answer;
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
          !!order && (order.needsApproval || order.refused),
          `order ${orderId} could still be captured, but its payment was given up`,
        );
      }
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

  // ---- the cart
  let cart: 'full' | { emptiedBy: string } = 'full';

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
          if (answer === 'timeout') return readCaptureError(signal.reason);
          if (answer === 'lost') return readCaptureError(new TypeError('Failed to fetch'));
          return 'body' in answer ? readCaptureAnswer(answer.body) : readCaptureError(answer.error);
        },
        finish: (payment) => {
          const order = orders.get(payment.orderId);
          check(!!order?.captured, `the cart was emptied for order ${payment.orderId}, which is not paid`);
          this.finishing = payment.orderId;
          finished.add(payment.orderId);
          cart = { emptiedBy: payment.orderId };
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

  function approve(tab: Tab, orderId?: string): void {
    run(
      (async () => {
        let release: (() => void) | null = tab.release;
        if (!release) {
          if (world.webLocks) {
            release = await takeLock(tab);
            if (!release) return;
          } else release = () => {};
          // As the wallet does once it holds the lock: nothing left to pay, or a payment still pending, stops here.
          if (cart !== 'full' || tab.settler.current() !== null) {
            release();
            return;
          }
        }
        let id = orderId;
        if (!id) {
          id = `order-${++orderSeq}`;
          orders.set(id, { id, captured: null, needsApproval: false, refused: false });
        } else orders.get(id)!.needsApproval = false;
        tab.release = release;
        tab.wallet = id;
        twoWallets ||= live().some((other) => other !== tab && other.wallet !== null);
        const payment = approvalRecord(
          {
            orderId: id,
            intentId: `intent-${id}`,
            lines: [{ productId: 'cam', variantId: 'white', quantity: 1, price: 7999 }],
            order: { id },
          },
          { now: () => now, newKey },
        );
        tab.paying = true;
        const result = await tab.settler.approved(payment, { release, canRestart: true });
        tab.paying = false;
        // Back in the wallet after a decline, the attempt keeps its lock; otherwise the settler has it now.
        if (result !== 'declined' || !tab.alive) {
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
    }
    const tab = pick(command.tab);
    if (!tab) return;
    const paused = () => tab.settler.current() !== null || (holder !== null && holder !== tab && holder.alive);
    const stuck = tab.state.phase === 'confirming' || tab.state.phase === 'elsewhere';
    switch (command.kind) {
      case 'approve':
        if (cart === 'full' && !tab.wallet && !paused() && !stuck && !tab.release) approve(tab);
        return;
      case 'approve-again':
        if (tab.wallet && tab.settler.current() === null && tab.state.phase === 'idle') approve(tab, tab.wallet);
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
        if (mode === 'blocked') cart = { emptiedBy: 'the page that held it' };
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
    'status-declined',
  ),
  { maxLength: 10 },
);
const tab = fc.nat({ max: 3 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: tab.map((t) => ({ kind: 'approve' as const, tab: t })) },
  { weight: 2, arbitrary: tab.map((t) => ({ kind: 'approve-again' as const, tab: t })) },
  tab.map((t) => ({ kind: 'cancel-wallet' as const, tab: t })),
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
  webLocks: fc.boolean(),
  blocked: fc.nat({ max: 4 }).map((n) => n === 0),
  faults,
  // Most runs have an approval to settle: the first step is the first tab's.
  commands: fc.array(command, { maxLength: 14 }).map((rest): Command[] => [{ kind: 'approve', tab: 0 }, ...rest]),
});

/** Runs `world` to quiescence, then checks that every shopper left with a payment can still end it. */
async function explore(s: fc.Scheduler, world: World): Promise<void> {
  broken = [];
  story = [];
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

  // No approved payment is dropped silently: each order is paid and its cart emptied, or refused by the payment
  // itself, or set aside by the shopper, or still kept by the browser or held by a page (or lost with the one page
  // storage refused it to).
  for (const order of sim.orders.values()) {
    const held =
      sim.record?.orderId === order.id ||
      sim.live().some((t) => t.settler.current()?.orderId === order.id || t.wallet === order.id);
    const ended = order.captured ? sim.finished.has(order.id) : order.needsApproval || order.refused;
    // An order no shopper can pay any more (its cart was paid by another) is not a loss; nor one nothing could see.
    const moot = order.captured === null && typeof sim.cart === 'object';
    check(
      held || ended || moot || sim.setAside.has(order.id) || sim.lostUnkept || sim.unseen,
      `order ${order.id} (${order.captured ?? 'not captured'}) was dropped with nobody holding it`,
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
  for (const tab of sim.live()) {
    check(tab.settler.current() === null, `${tab.id} still holds a payment after Try again with a healthy backend`);
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
