// What one answer of the capture call says about an approved payment. After approval only a definitive answer
// ends it: paid, pending (PayPal reviews it), or refused by the payment itself. Anything else (no answer, a
// timeout, 5xx, 408, 425, 429, "this key is still in progress", a 4xx the shop does not know) is unknown: the
// money may have moved, so the payment is kept and asked again. docs/payments.md has the table.
import type { ProcessPaymentResponse } from '@haven/commerce-client';
import { debugSuffix, describeError, INSTRUMENT_DECLINED } from './start-payment.ts';

export type CaptureVerdict =
  /** The backend took the payment (now, or on an earlier try whose answer was lost). */
  | { kind: 'paid' }
  /** Taken, and held for review by PayPal: the order stands. */
  | { kind: 'pending' }
  /** Nothing was taken, the payment method was declined: the buyer may choose another in the wallet. */
  | { kind: 'declined'; detail: string }
  /** Nothing was taken: the payment itself was refused. */
  | { kind: 'refused'; detail: string }
  /** It may or may not have been taken: ask again. */
  | { kind: 'unknown'; detail: string };

type CaptureOutcome = CaptureVerdict['kind'];

/** Issues that say the order was captured already: a lost answer's capture, met again. */
const ALREADY_CAPTURED = 'ORDER_ALREADY_CAPTURED';
/** The backend's own code for an order it has already been paid for. */
const ALREADY_PAID = 'ORDER_ALREADY_PAID';
/** PayPal's refusals of the payment at capture, besides a declined instrument: nothing was taken. */
const PAYMENT_REFUSALS = new Set([
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
]);
/** PayPal's capture (or order) statuses, and what each says. Another status is not understood: unknown. */
const STATUSES: Record<string, CaptureOutcome> = {
  COMPLETED: 'paid',
  PENDING: 'pending',
  DECLINED: 'declined',
  FAILED: 'declined',
  PAYER_ACTION_REQUIRED: 'declined',
  VOIDED: 'refused',
};

/** How long a buyer's approval stays capturable at PayPal by default: said to the shopper, never acted on alone. */
export const APPROVAL_LIFETIME_MS = 3 * 60 * 60 * 1000;

interface Detail {
  issue: string;
  description: string;
}

function detailsOf(value: unknown): Detail[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((d: unknown) => {
    const { issue, description } = (typeof d === 'object' && d !== null ? d : {}) as Record<string, unknown>;
    return typeof issue === 'string' && issue
      ? [{ issue, description: typeof description === 'string' ? description : '' }]
      : [];
  });
}

/** The status PayPal gives the capture itself (purchase_units[].payments.captures[]), else the answer's own. */
function statusOf(answer: Record<string, unknown>): string | undefined {
  const units = Array.isArray(answer['purchase_units']) ? (answer['purchase_units'] as unknown[]) : [];
  for (const unit of units) {
    const captures = (unit as { payments?: { captures?: unknown } } | null)?.payments?.captures;
    const first = Array.isArray(captures) ? (captures[0] as { status?: unknown } | undefined) : undefined;
    if (typeof first?.status === 'string') return first.status;
  }
  return typeof answer['status'] === 'string' ? answer['status'] : undefined;
}

const describe = (detail: Detail, debugId: unknown) =>
  `${detail.description || detail.issue}${debugSuffix(typeof debugId === 'string' ? debugId : undefined)}`;

/**
 * A 2xx answer. A detail issue decides first (already captured: paid; declined instrument: declined; any other:
 * refused, as the payment's own refusal); then the status; no status and no issue is paid.
 */
export function readCaptureAnswer(response: ProcessPaymentResponse | undefined): CaptureVerdict {
  const answer = (typeof response === 'object' && response !== null ? response : {}) as Record<string, unknown>;
  const detail = detailsOf(answer['details'])[0];
  if (detail) {
    if (detail.issue === ALREADY_CAPTURED) return { kind: 'paid' };
    const text = describe(detail, answer['debug_id']);
    return detail.issue === INSTRUMENT_DECLINED
      ? { kind: 'declined', detail: text }
      : { kind: 'refused', detail: text };
  }
  const status = statusOf(answer);
  if (status === undefined) return { kind: 'paid' };
  const kind = STATUSES[status.toUpperCase()] ?? 'unknown';
  const text = `PayPal answered the capture with the status ${status}.`;
  if (kind === 'paid' || kind === 'pending') return { kind };
  return { kind, detail: text };
}

/**
 * A failed call. Definitive only when the answer says so itself: the backend's ORDER_ALREADY_PAID, or PayPal's
 * issue passed through (already captured, a declined instrument, a refused payment). Everything else is unknown.
 */
export function readCaptureError(error: unknown): CaptureVerdict {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    details?: unknown;
    traceId?: unknown;
  };
  if (fields.code === ALREADY_PAID) return { kind: 'paid' };
  const details = detailsOf(fields.details);
  const debugId = fields.traceId;
  for (const detail of details) {
    if (detail.issue === ALREADY_CAPTURED) return { kind: 'paid' };
    if (detail.issue === INSTRUMENT_DECLINED) return { kind: 'declined', detail: describe(detail, debugId) };
    if (PAYMENT_REFUSALS.has(detail.issue)) return { kind: 'refused', detail: describe(detail, debugId) };
  }
  return { kind: 'unknown', detail: describeError(error) };
}

/** The answer of one capture call, a resolved body or a thrown error, as a verdict. */
export async function verdictOf(call: Promise<ProcessPaymentResponse | undefined>): Promise<CaptureVerdict> {
  try {
    return readCaptureAnswer(await call);
  } catch (error) {
    return readCaptureError(error);
  }
}

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A new Idempotency-Key for a capture: one for every approval, so that a decline or a 5xx a backend keeps under
 * a key can never answer a later approval, and one for every Try again, so that it reaches the truth.
 */
export function newCaptureKey(): string {
  return `wallet-${typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : randomHex(16)}-capture`;
}
