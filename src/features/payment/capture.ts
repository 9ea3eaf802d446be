// What one capture answer says. Only paid, pending or refused by the payment is definitive; anything else is unknown:
// the money may have moved (docs/payments.md has the table).
import type { ProcessPaymentResponse } from '@haven/commerce-client';
import { debugSuffix, describeError, INSTRUMENT_DECLINED } from './start-payment.ts';

export type CaptureVerdict =
  /** Now, or on an earlier try whose answer was lost. */
  | { kind: 'paid' }
  /** Taken, held for review: the order stands. */
  | { kind: 'pending' }
  /** The buyer may choose another method in the wallet. */
  | { kind: 'declined'; detail: string }
  | { kind: 'refused'; detail: string }
  | { kind: 'unknown'; detail: string };

type CaptureOutcome = CaptureVerdict['kind'];

/** A lost answer's capture, met again. */
const ALREADY_CAPTURED = 'ORDER_ALREADY_CAPTURED';
const ALREADY_PAID = 'ORDER_ALREADY_PAID';
/** Refusals besides a declined instrument: nothing was taken. */
const PAYMENT_REFUSALS = new Set([
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
]);
/** Another status is not understood: unknown. */
const STATUSES: Record<string, CaptureOutcome> = {
  COMPLETED: 'paid',
  PENDING: 'pending',
  DECLINED: 'declined',
  FAILED: 'declined',
  PAYER_ACTION_REQUIRED: 'declined',
  VOIDED: 'refused',
};

/** PayPal's default: said to the shopper, never acted on alone. */
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

/** The capture's own status, else the answer's. */
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

/** A 2xx: a detail issue decides first, then the status; neither is paid. */
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

/** A failed call: definitive only when the answer says so itself. */
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

/** One per approval and per Try again: nothing a backend kept under a key answers a later one. */
export function newCaptureKey(): string {
  return `wallet-${typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : randomHex(16)}-capture`;
}
