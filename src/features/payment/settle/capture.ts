// What one capture answer says, in the contract's words (ProcessPaymentResponse; docs/payments.md has the table).
import type { OrderPaymentStatus, ProcessPaymentRequest, ProcessPaymentResponse } from '@haven/commerce-client';
import { toCents, type Cents } from '../../../lib/money.ts';
import { randomId } from '../../../lib/random-id.ts';
import type { WalletProvider } from '../wallet/provider.ts';
import { debugSuffix, describeError, INSTRUMENT_DECLINED } from '../wallet/errors.ts';

export type CaptureVerdict =
  | { kind: 'paid'; charged?: Cents; currency?: string }
  /** Taken, held for review. */
  | { kind: 'pending'; charged?: Cents; currency?: string }
  /** Declined, or (step) the payer must act: nothing taken, the order back to the wallet. */
  | { kind: 'declined'; detail: string; step?: boolean }
  /** Nothing was taken, and this order will never be paid. */
  | { kind: 'refused'; detail: string }
  /** A capture exists, but not how it ended. */
  | { kind: 'check'; detail: string }
  | { kind: 'unknown'; detail: string };

const ALREADY_CAPTURED = 'ORDER_ALREADY_CAPTURED';
const ALREADY_PAID = 'ORDER_ALREADY_PAID';
const NOT_PAYABLE = 'ORDER_NOT_PAYABLE';
const PAYMENT_REFUSALS = new Set([
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'ORDER_EXPIRED',
]);
/** Nothing captured: the payer must act in the wallet, for the same order. */
const PAYER_STEPS = new Set(['PAYER_ACTION_REQUIRED', 'ORDER_NOT_APPROVED']);

const checked = (wallet: string) =>
  `${wallet} says this order was completed, which it also says of a payment it declined; the store was asked which.`;
const declinedBy = (wallet: string) =>
  `${wallet} declined the payment, so nothing was charged. Paying again makes a new order.`;
const waitingForPayer = (wallet: string) => `${wallet} is waiting for a step from you to finish this payment.`;

interface Detail {
  issue: string;
  description: string;
}

type Fields = Record<string, unknown>;
const fields = (value: unknown): Fields => (typeof value === 'object' && value !== null ? (value as Fields) : {});

function detailsOf(value: unknown): Detail[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((d: unknown) => {
    const { issue, description } = fields(d);
    return typeof issue === 'string' && issue
      ? [{ issue, description: typeof description === 'string' ? description : '' }]
      : [];
  });
}

/** Dollars, or a passed-on order's `{ value: '12.34' }`. */
function centsOf(amount: unknown): Cents | undefined {
  const dollars = typeof amount === 'number' ? amount : Number.parseFloat(String(fields(amount)['value']));
  return Number.isFinite(dollars) && dollars >= 0 ? toCents(dollars) : undefined;
}

/** A passed-on order's `currency_code`, or the answer's. */
const charged = (amount: unknown, currency?: unknown) => {
  const cents = centsOf(amount);
  if (cents === undefined) return {};
  const code = fields(amount)['currency_code'] ?? currency;
  return typeof code === 'string' && /^[A-Za-z]{3}$/.test(code)
    ? { charged: cents, currency: code.toUpperCase() }
    : { charged: cents };
};

function captureOf(answer: Fields): Fields | undefined {
  const units = Array.isArray(answer['purchase_units']) ? (answer['purchase_units'] as unknown[]) : [];
  for (const unit of units) {
    const captures = fields(fields(unit)['payments'])['captures'];
    const first: unknown = Array.isArray(captures) ? captures[0] : undefined;
    if (typeof fields(first)['status'] === 'string') return fields(first);
  }
  return undefined;
}

const describe = (detail: Detail, debugId: unknown) =>
  `${detail.description || detail.issue}${debugSuffix(typeof debugId === 'string' ? debugId : undefined)}`;

/** An issue the wallet names decides, whatever the HTTP status. */
function fromIssue(detail: Detail, debugId: unknown, wallet: string): CaptureVerdict | undefined {
  if (detail.issue === ALREADY_CAPTURED) return { kind: 'check', detail: checked(wallet) };
  if (detail.issue === INSTRUMENT_DECLINED) return { kind: 'declined', detail: describe(detail, debugId) };
  if (PAYER_STEPS.has(detail.issue)) return { kind: 'declined', step: true, detail: waitingForPayer(wallet) };
  if (PAYMENT_REFUSALS.has(detail.issue)) return { kind: 'refused', detail: describe(detail, debugId) };
  return undefined;
}

function fromCaptureStatus(status: string, capture: Fields, wallet: string): CaptureVerdict {
  switch (status.toUpperCase()) {
    case 'COMPLETED':
      return { kind: 'paid', ...charged(capture['amount']) };
    case 'PENDING':
      return { kind: 'pending', ...charged(capture['amount']) };
    case 'DECLINED':
    case 'FAILED':
      return { kind: 'refused', detail: declinedBy(wallet) };
    default:
      return { kind: 'unknown', detail: `${wallet} answered the capture with the status ${status}.` };
  }
}

/** A 2xx: an issue decides first, then the capture's status, then a status alone; with neither, it is paid. */
export function readCaptureAnswer(response: ProcessPaymentResponse | undefined, wallet: string): CaptureVerdict {
  const answer = fields(response);
  const detail = detailsOf(answer['details'])[0];
  if (detail) {
    const verdict = fromIssue(detail, answer['debug_id'], wallet);
    return verdict ?? { kind: 'refused', detail: describe(detail, answer['debug_id']) };
  }
  const capture = captureOf(answer);
  if (capture) return fromCaptureStatus(String(capture['status']), capture, wallet);
  const status = typeof answer['status'] === 'string' ? answer['status'].toUpperCase() : undefined;
  if (status === undefined) return { kind: 'paid', ...charged(answer['amount'], answer['currency']) };
  // Alone, COMPLETED is the order's status, which a wallet also gives an order whose capture it declined.
  if (status === 'COMPLETED') return { kind: 'check', detail: checked(wallet) };
  if (status === 'VOIDED') return { kind: 'refused', detail: `${wallet} voided the order, so nothing was charged.` };
  if (PAYER_STEPS.has(status)) return { kind: 'declined', step: true, detail: waitingForPayer(wallet) };
  return fromCaptureStatus(status, answer, wallet);
}

/** A failed call: definitive only when the answer says so itself. */
export function readCaptureError(error: unknown, wallet: string): CaptureVerdict {
  const { code, details, traceId, message } = fields(error);
  if (code === ALREADY_PAID) return { kind: 'paid' };
  if (code === NOT_PAYABLE) {
    return { kind: 'refused', detail: `${typeof message === 'string' ? message : 'This order cannot be paid'}.` };
  }
  for (const detail of detailsOf(details)) {
    const verdict = fromIssue(detail, traceId, wallet);
    if (verdict) return verdict;
  }
  return { kind: 'unknown', detail: describeError(error) };
}

export async function verdictOf(
  call: Promise<ProcessPaymentResponse | undefined>,
  wallet: string,
): Promise<CaptureVerdict> {
  try {
    return readCaptureAnswer(await call, wallet);
  } catch (error) {
    return readCaptureError(error, wallet);
  }
}

const CANNOT_TELL = 'The store cannot confirm yet whether this payment went through.';

/** Paid only when it says money was taken, about this order. */
export function readPaymentStatus(
  answer: OrderPaymentStatus | undefined,
  wallet: string,
  orderId?: string,
): CaptureVerdict {
  const { status, amount, currency, orderId: about } = fields(answer);
  if (orderId !== undefined && about !== undefined && about !== orderId) {
    console.warn(`Wallet: the payment status asked for order ${orderId} answered for ${JSON.stringify(about)}.`);
    return { kind: 'unknown', detail: CANNOT_TELL };
  }
  switch (status) {
    case 'COMPLETED':
    case 'DISPUTED':
    case 'DISPUTE_RESOLVED':
      return { kind: 'paid', ...charged(amount, currency) };
    case 'PENDING':
      return { kind: 'pending', ...charged(amount, currency) };
    case 'FAILED':
      return { kind: 'refused', detail: declinedBy(wallet) };
    case 'REFUNDED':
      return { kind: 'refused', detail: `This payment was refunded in full, so nothing is owed for this order.` };
    case 'VOIDED':
      return { kind: 'refused', detail: `${wallet} voided this payment, so nothing was charged.` };
    default:
      return { kind: 'unknown', detail: CANNOT_TELL };
  }
}

export async function statusVerdictOf(
  call: Promise<OrderPaymentStatus | undefined>,
  wallet: string,
  orderId: string,
): Promise<CaptureVerdict> {
  try {
    return readPaymentStatus(await call, wallet, orderId);
  } catch (error) {
    console.warn('Wallet: could not read the payment status.', error);
    return { kind: 'unknown', detail: CANNOT_TELL };
  }
}

/** One per approval and per Try again: nothing a backend kept under a key answers a later one. */
export function newCaptureKey(): string {
  return `wallet-${randomId()}-capture`;
}

export function processRequest(paymentIntentId: string, provider: WalletProvider['id']): ProcessPaymentRequest {
  return { provider, paymentIntentId };
}
