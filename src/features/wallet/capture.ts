// The capture of an approved payment. Once the buyer has approved, a failed call leaves the outcome unknown: the
// backend may have taken the money and lost only its answer. So an unknown outcome is retried (the same order, the
// same intent, the same Idempotency-Key), never restarted, and "already paid" counts as paid. Only a definitive
// answer ends it without payment. Plain functions with the clock injected: tested without a browser or real time.
import type { ProcessPaymentResponse } from '@haven/commerce-client';
import { debugSuffix, describeError, INSTRUMENT_DECLINED } from './paypal-flow.ts';

export type CaptureOutcome =
  /** The backend took the payment (now, or on an earlier try whose answer was lost). */
  | { kind: 'paid' }
  /** Nothing was taken: the buyer may choose another way to pay for the same order. */
  | { kind: 'declined'; detail: string }
  /** Nothing was taken and asking again will not change that. */
  | { kind: 'refused'; detail: string }
  /** It may or may not have been taken: ask again with the same key. */
  | { kind: 'unknown'; detail: string };

/** Codes (an API error's, or a payment detail's issue) that say the order was paid already. */
const ALREADY_PAID = new Set(['ORDER_ALREADY_PAID', 'ORDER_ALREADY_CAPTURED']);

/** Retry after these waits, so four tries in all, started within about 10 s of the first (CAPTURE_DEADLINE_MS). */
const CAPTURE_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];
/** No try starts later than this after the first. */
export const CAPTURE_DEADLINE_MS = 10_000;
/** A try with no answer by then is given up as unknown (a real capture answers in a few seconds). */
const CAPTURE_TIMEOUT_MS = 8000;
/**
 * How long a buyer's approval stays capturable: PayPal cancels an approved order that was not captured within
 * 3 hours, its default window. After that nothing can be captured, so a new order may start.
 */
export const APPROVAL_LIFETIME_MS = 3 * 60 * 60 * 1000;

/** An answer of the capture call: no detail is paid, INSTRUMENT_DECLINED declined, any other detail refused. */
export function readCaptureAnswer(response: ProcessPaymentResponse | undefined): CaptureOutcome {
  const detail = response?.details?.[0];
  if (!detail) return { kind: 'paid' };
  if (ALREADY_PAID.has(detail.issue)) return { kind: 'paid' };
  const text = `${detail.description || detail.issue}${debugSuffix(response?.debug_id)}`;
  return { kind: detail.issue === INSTRUMENT_DECLINED ? 'declined' : 'refused', detail: text };
}

/** HTTP statuses after which the capture may or may not have happened (besides no answer at all). */
function unknownStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 425 || status === 429;
}

/**
 * A failed capture call. The client's ApiError (statusCode, code) and HttpError (status) are read by their
 * fields. Only a 4xx answer is definitive; no answer (network, timeout) and anything not understood is unknown.
 */
export function readCaptureError(error: unknown): CaptureOutcome {
  const detail = describeError(error);
  const fields =
    typeof error === 'object' && error !== null
      ? (error as { code?: unknown; statusCode?: unknown; status?: unknown })
      : {};
  if (typeof fields.code === 'string' && ALREADY_PAID.has(fields.code)) return { kind: 'paid' };
  const status = typeof fields.statusCode === 'number' ? fields.statusCode : fields.status;
  if (typeof status === 'number' && status >= 400 && status < 500 && !unknownStatus(status)) {
    return { kind: 'refused', detail };
  }
  return { kind: 'unknown', detail };
}

interface CaptureClock {
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

export interface CaptureOptions extends Partial<CaptureClock> {
  /** Told before each wait: the outcome so far, and the number of the try that comes next (2, 3, ...). */
  onRetry?: (outcome: CaptureOutcome & { kind: 'unknown' }, nextTry: number) => void;
  delaysMs?: readonly number[];
  deadlineMs?: number;
  timeoutMs?: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Tries the capture until its outcome is known or the tries run out: `capture` is one call with the same key
 * each time, given a signal that gives up after `timeoutMs`. Resolves with the last outcome; never rejects.
 */
export async function captureUntilKnown(
  capture: (signal: AbortSignal) => Promise<ProcessPaymentResponse | undefined>,
  options: CaptureOptions = {},
): Promise<CaptureOutcome> {
  const {
    sleep = realSleep,
    now = Date.now,
    onRetry,
    delaysMs = CAPTURE_RETRY_DELAYS_MS,
    deadlineMs = CAPTURE_DEADLINE_MS,
    timeoutMs = CAPTURE_TIMEOUT_MS,
  } = options;
  const started = now();
  for (let tried = 1; ; tried++) {
    let outcome: CaptureOutcome;
    try {
      outcome = readCaptureAnswer(await capture(AbortSignal.timeout(timeoutMs)));
    } catch (error) {
      outcome = readCaptureError(error);
    }
    if (outcome.kind !== 'unknown') return outcome;
    const wait = delaysMs[tried - 1];
    if (wait === undefined || now() + wait - started > deadlineMs) return outcome;
    onRetry?.(outcome, tried + 1);
    await sleep(wait);
  }
}

/** One key per order, sent with every try of its capture: derived from the attempt's order-create key. */
export function captureKey(orderCreateKey: string): string {
  return `${orderCreateKey}-capture`;
}
