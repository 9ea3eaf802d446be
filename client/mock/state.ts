// In-memory state of one demo backend. Each createDemoBackend() has its own, so tests never share orders.
import { randomBytes } from 'node:crypto';
import type { DemoOrder, DemoPayment, DemoPaymentIntent, PayPalCapture, TrackedEvent } from './types.ts';

export interface DemoState {
  orders: Map<string, DemoOrder>;
  /** Order id → the `demo-session` cookie of the request that created it, for `GET /__demo/orders?session=`. */
  orderSessions: Map<string, string>;
  /** `${storeId} ${Idempotency-Key}` → the order it created and a fingerprint of the request that created it. */
  idempotency: Map<string, { orderId: string; fingerprint: string }>;
  intents: Map<string, DemoPaymentIntent>;
  payments: DemoPayment[];
  /** Orders PayPal has completed, with their capture: taken, held, or declined. */
  paypalCaptures: Map<string, PayPalCapture>;
  /**
   * Idempotency-Key of a capture → its order and intent, and its answer once it has one (in flight until then): a
   * repeat gets the same answer, whatever it was.
   */
  captures: Map<
    string,
    { orderId: string; paymentIntentId: string; answer?: { status: number; body: Record<string, unknown> } }
  >;
  /** Orders whose payment was already declined once under the `declined` scenario (the retry succeeds). */
  declinedOnce: Set<string>;
  /** Orders whose first capture answered 503 under `capture-error-once`. */
  captureFailedOnce: Set<string>;
  /** Orders whose first capture's answer was lost under `capture-lost`. */
  captureLostOnce: Set<string>;
  /** Orders whose first capture failed with a 500 while it ran under `capture-crash-once`. */
  captureCrashedOnce: Set<string>;
  /** Orders whose captures wait under `capture-held`, each with what lets them go; released ones never wait again. */
  heldCaptures: Map<string, { released: Promise<void>; release: () => void }>;
  analytics: TrackedEvent[];
  orderSequence: number;
  /** Access tokens this backend issued: the only ones its protected operations accept. */
  accessTokens: Set<string>;
}

export function createState(): DemoState {
  return {
    orders: new Map(),
    orderSessions: new Map(),
    idempotency: new Map(),
    intents: new Map(),
    payments: [],
    paypalCaptures: new Map(),
    captures: new Map(),
    declinedOnce: new Set(),
    captureFailedOnce: new Set(),
    captureLostOnce: new Set(),
    captureCrashedOnce: new Set(),
    heldCaptures: new Map(),
    analytics: [],
    orderSequence: 1000,
    accessTokens: new Set(),
  };
}

/** Empties the state in place, so references a test holds (`backend.state.orders`) stay live. */
export function clearState(state: DemoState): void {
  state.orders.clear();
  state.orderSessions.clear();
  state.idempotency.clear();
  state.intents.clear();
  state.payments.length = 0;
  state.paypalCaptures.clear();
  state.captures.clear();
  state.declinedOnce.clear();
  state.captureFailedOnce.clear();
  state.captureLostOnce.clear();
  state.captureCrashedOnce.clear();
  for (const hold of state.heldCaptures.values()) hold.release();
  state.heldCaptures.clear();
  state.analytics.length = 0;
  state.accessTokens.clear();
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Random upper-case id part; the random tail keeps ids unique across resets and server restarts. */
export function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}

/** A new access token, valid on this backend until a reset. */
export function issueToken(state: DemoState): string {
  const token = `demo-access-${randomCode(24).toLowerCase()}`;
  state.accessTokens.add(token);
  return token;
}

export function nextOrderId(state: DemoState): string {
  state.orderSequence += 1;
  return `DEMO-${state.orderSequence}-${randomCode(4)}`;
}

/** The hold on `orderId`'s captures (`capture-held`), made on first use. */
export function captureHold(state: DemoState, orderId: string): { released: Promise<void>; release: () => void } {
  let hold = state.heldCaptures.get(orderId);
  if (!hold) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    hold = { released, release };
    state.heldCaptures.set(orderId, hold);
  }
  return hold;
}
