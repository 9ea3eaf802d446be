// Failure scenarios of the demo backend (docs/demo-backend.md): chosen per request by the `x-demo-scenario` header or
// the `demo-scenario` cookie, else for the whole run (DEMO_SCENARIO). Several can be combined with commas,
// e.g. `slow:500,declined`.

export const SCENARIO_HEADER = 'x-demo-scenario';
export const SCENARIO_COOKIE = 'demo-scenario';
/** A browser session's name for the demo's read-backs: tests running side by side read back only their own. */
export const SESSION_COOKIE = 'demo-session';
export const DEFAULT_SLOW_MS = 3000;
export const SCENARIO_NAMES = [
  'declined',
  'intent-error',
  'server-error',
  'slow',
  'capture-lost',
  'capture-error-once',
  'capture-error',
  'capture-slow',
  'capture-held',
  'capture-crash-once',
  'capture-status:COMPLETED',
  'capture-status:PENDING',
  'capture-status:DECLINED',
  'capture-status:FAILED',
  'order-status-only',
  'capture-expired',
  'order-cancelled',
  'payment-status-token',
  'own-pricing',
  'paypal-passthrough',
  'payer-action',
  'foreign-currency',
  'charge-more',
  'foreign-capture',
] as const;

export interface Scenario {
  declined: boolean;
  intentError: boolean;
  serverError: boolean;
  /** Delay before every API answer, in milliseconds; 0 when not slow. */
  slowMs: number;
  /** The first capture of each order goes through, but its answer is lost (the connection drops). */
  captureLost: boolean;
  /** The first capture of each order answers 503 without capturing; the next one goes through. */
  captureErrorOnce: boolean;
  /** Every capture answers 503 without capturing. */
  captureError: boolean;
  /** Delay before the capture's answer only, in milliseconds; 0 when not slow. */
  captureSlowMs: number;
  /** Every capture waits until its order's captures are released (`POST /__demo/orders/{id}/release-capture`). */
  captureHeld: boolean;
  /** The first capture of each order fails with a 500 while it runs, which the key store keeps like any answer. */
  captureCrashOnce: boolean;
  /**
   * The capture's answer is PayPal's: the order COMPLETED, its capture COMPLETED, PENDING (taken, held for review),
   * or DECLINED or FAILED (nothing taken; PayPal has completed the order all the same).
   */
  captureStatus?: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'FAILED';
  /** The capture's 2xx answer gives only PayPal's order status (COMPLETED), not the capture's. */
  orderStatusOnly: boolean;
  /** PayPal refuses the capture: the approval expired (422 ORDER_EXPIRED, passed on). */
  captureExpired: boolean;
  /** The backend cancelled the order before its capture (409 ORDER_NOT_PAYABLE). */
  orderCancelled: boolean;
  /** GET /orders/{id}/payment-status demands a token, which a shopper does not have. */
  paymentStatusToken: boolean;
  /** A backend with rules of its own: $4.99 shipping on every order, whatever the store's settings say. */
  ownPricing: boolean;
  /** A backend without a key store of its own, passing PayPal's answers on (422 ORDER_ALREADY_CAPTURED, ...). */
  paypalPassthrough: boolean;
  /** PayPal needs a step from the payer once per order (PAYER_ACTION_REQUIRED): nothing taken, the order approvable. */
  payerAction: boolean;
  /** The payment intent names another currency (EUR) than the shop's. */
  foreignCurrency: boolean;
  /** The capture takes $4.99 more than the order's total (the backend's price changed meanwhile). */
  chargeMore: boolean;
  /** The capture reports the money taken in EUR, though the intent named the shop's currency. */
  foreignCapture: boolean;
}

export const NO_SCENARIO: Scenario = {
  declined: false,
  intentError: false,
  serverError: false,
  slowMs: 0,
  captureLost: false,
  captureErrorOnce: false,
  captureError: false,
  captureSlowMs: 0,
  captureHeld: false,
  captureCrashOnce: false,
  orderStatusOnly: false,
  captureExpired: false,
  orderCancelled: false,
  paymentStatusToken: false,
  ownPricing: false,
  paypalPassthrough: false,
  payerAction: false,
  foreignCurrency: false,
  chargeMore: false,
  foreignCapture: false,
};

export class ScenarioError extends Error {}

/** Parses a scenario value; '' and 'none' mean no scenario. Throws ScenarioError naming the bad part. */
export function parseScenario(value: string): Scenario {
  const scenario = { ...NO_SCENARIO };
  for (const raw of value.split(',')) {
    const part = raw.trim().toLowerCase();
    if (part === '' || part === 'none') continue;
    if (part === 'declined') scenario.declined = true;
    else if (part === 'intent-error') scenario.intentError = true;
    else if (part === 'server-error') scenario.serverError = true;
    else if (part === 'capture-lost') scenario.captureLost = true;
    else if (part === 'capture-error-once') scenario.captureErrorOnce = true;
    else if (part === 'capture-error') scenario.captureError = true;
    else if (part === 'capture-held') scenario.captureHeld = true;
    else if (part === 'capture-crash-once') scenario.captureCrashOnce = true;
    else if (part === 'paypal-passthrough') scenario.paypalPassthrough = true;
    else if (part === 'order-status-only') scenario.orderStatusOnly = true;
    else if (part === 'capture-expired') scenario.captureExpired = true;
    else if (part === 'order-cancelled') scenario.orderCancelled = true;
    else if (part === 'payment-status-token') scenario.paymentStatusToken = true;
    else if (part === 'own-pricing') scenario.ownPricing = true;
    else if (part === 'payer-action') scenario.payerAction = true;
    else if (part === 'foreign-currency') scenario.foreignCurrency = true;
    else if (part === 'charge-more') scenario.chargeMore = true;
    else if (part === 'foreign-capture') scenario.foreignCapture = true;
    else if (/^capture-status:(completed|pending|declined|failed)$/.test(part))
      scenario.captureStatus = part.split(':')[1]!.toUpperCase() as Scenario['captureStatus'];
    else if (part === 'slow' || part === 'capture-slow' || /^(capture-)?slow:\d{1,6}$/.test(part)) {
      const [name, ms] = part.split(':');
      const delay = ms === undefined ? DEFAULT_SLOW_MS : Number(ms);
      if (name === 'slow') scenario.slowMs = delay;
      else scenario.captureSlowMs = delay;
    } else {
      throw new ScenarioError(
        `Unknown demo scenario "${raw.trim()}": use ${SCENARIO_NAMES.join(', ')}, slow:<ms> or capture-slow:<ms>, comma-separated`,
      );
    }
  }
  return scenario;
}

/** The value of cookie `name` in a Cookie header, URL-decoded when it can be. */
export function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) {
      const value = pair.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/** The scenario of one request: header, then cookie, then the run's default. */
export function scenarioOf(request: Request, runDefault: Scenario): Scenario {
  const header = request.headers.get(SCENARIO_HEADER);
  if (header !== null) return parseScenario(header);
  const cookie = cookieValue(request.headers.get('cookie'), SCENARIO_COOKIE);
  if (cookie !== undefined) return parseScenario(cookie);
  return runDefault;
}
