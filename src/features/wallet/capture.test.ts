import { describe, expect, it } from 'vitest';
import { ApiError, HttpError, type ProcessPaymentResponse } from '@haven/commerce-client';
import {
  APPROVAL_LIFETIME_MS,
  CAPTURE_DEADLINE_MS,
  captureKey,
  captureUntilKnown,
  readCaptureAnswer,
  readCaptureError,
  type CaptureOutcome,
} from './capture.ts';

const apiError = (statusCode: number, code: string) => new ApiError({ code, message: `${code} happened`, statusCode });

describe('reading a capture answer', () => {
  it('is paid with no details, or when a detail says the order is paid already', () => {
    expect(readCaptureAnswer({ id: 'PI', status: 'COMPLETED' })).toEqual({ kind: 'paid' });
    expect(readCaptureAnswer({ details: [] })).toEqual({ kind: 'paid' });
    expect(readCaptureAnswer({ details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Captured.' }] })).toEqual({
      kind: 'paid',
    });
  });

  it('is declined on INSTRUMENT_DECLINED and refused on any other detail, with description and debug id', () => {
    expect(
      readCaptureAnswer({ details: [{ issue: 'INSTRUMENT_DECLINED', description: 'Declined.' }], debug_id: 'd1' }),
    ).toEqual({ kind: 'declined', detail: 'Declined. (Debug ID: d1)' });
    expect(
      readCaptureAnswer({ details: [{ issue: 'PAYER_CANNOT_PAY', description: 'Cannot pay.' }], debug_id: 'd2' }),
    ).toEqual({ kind: 'refused', detail: 'Cannot pay. (Debug ID: d2)' });
  });
});

describe('reading a failed capture call', () => {
  it('is paid when the backend says the order is paid already', () => {
    expect(readCaptureError(apiError(409, 'ORDER_ALREADY_PAID'))).toEqual({ kind: 'paid' });
  });

  it.each([
    ['a 5xx', apiError(503, 'PAYMENT_SERVICE_UNAVAILABLE')],
    ['a 500 from a proxy', new HttpError('/x', 502, 'Bad Gateway', '<html>')],
    ['a 429', apiError(429, 'TOO_MANY_REQUESTS')],
    ['a 408', new HttpError('/x', 408, 'Request Timeout', '')],
    ['a network failure', new TypeError('Failed to fetch')],
    ['a timeout', new DOMException('signal timed out', 'TimeoutError')],
    ['anything not understood', new Error('odd')],
  ])('is unknown after %s: it may have gone through', (_name, error) => {
    expect(readCaptureError(error).kind).toBe('unknown');
  });

  it('is refused on any other 4xx: the backend said no, nothing was taken', () => {
    expect(readCaptureError(apiError(409, 'ORDER_NOT_PAYABLE'))).toEqual({
      kind: 'refused',
      detail: 'ORDER_NOT_PAYABLE happened (ORDER_NOT_PAYABLE)',
    });
    expect(readCaptureError(apiError(404, 'ORDER_NOT_FOUND')).kind).toBe('refused');
    expect(readCaptureError(new HttpError('/x', 400, 'Bad Request', 'no')).kind).toBe('refused');
  });
});

/** A clock that moves only when the capture sleeps, or when a try takes `tryMs`. */
function fakeClock(tryMs = 0) {
  let time = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => time,
    sleep: (ms: number) => {
      waits.push(ms);
      time += ms;
      return Promise.resolve();
    },
    pass: () => {
      time += tryMs;
    },
  };
}

type Step = ProcessPaymentResponse | Error;

/** A capture whose tries answer `steps` in turn (the last one repeats). */
function scripted(steps: Step[], clock: ReturnType<typeof fakeClock>) {
  const signals: AbortSignal[] = [];
  const capture = (signal: AbortSignal) => {
    signals.push(signal);
    clock.pass();
    const step = steps[Math.min(signals.length - 1, steps.length - 1)]!;
    return step instanceof Error ? Promise.reject(step) : Promise.resolve(step);
  };
  return { capture, signals };
}

describe('capturing until the outcome is known', () => {
  it('answers at once when the first try is paid, declined or refused', async () => {
    const answers: [Step, CaptureOutcome['kind']][] = [
      [{ status: 'COMPLETED' }, 'paid'],
      [{ details: [{ issue: 'INSTRUMENT_DECLINED', description: 'No.' }] }, 'declined'],
    ];
    for (const [answer, kind] of answers) {
      const clock = fakeClock();
      const { capture, signals } = scripted([answer], clock);
      expect((await captureUntilKnown(capture, clock)).kind).toBe(kind);
      expect(signals).toHaveLength(1);
      expect(clock.waits).toEqual([]);
    }
  });

  it('retries an unknown outcome after 1, 2 and 4 s, and a lost answer then replayed counts as paid', async () => {
    const clock = fakeClock();
    const retries: number[] = [];
    const lost = new TypeError('Failed to fetch');
    const { capture, signals } = scripted(
      [lost, apiError(503, 'DOWN'), apiError(429, 'BUSY'), { status: 'COMPLETED' }],
      clock,
    );
    const outcome = await captureUntilKnown(capture, { ...clock, onRetry: (_o, next) => retries.push(next) });
    expect(outcome).toEqual({ kind: 'paid' });
    expect(signals).toHaveLength(4);
    expect(clock.waits).toEqual([1000, 2000, 4000]);
    expect(retries).toEqual([2, 3, 4]);
  });

  it('gives up after four tries with the outcome still unknown, never calling it refused', async () => {
    const clock = fakeClock();
    const { capture, signals } = scripted([apiError(500, 'PAYMENT_PROCESSING_FAILED')], clock);
    const outcome: CaptureOutcome = await captureUntilKnown(capture, clock);
    expect(outcome).toEqual({
      kind: 'unknown',
      detail: 'PAYMENT_PROCESSING_FAILED happened (PAYMENT_PROCESSING_FAILED)',
    });
    expect(signals).toHaveLength(4);
  });

  it('starts no try later than the deadline after the first, however slow the tries are', async () => {
    const clock = fakeClock(4000); // each try takes 4 s before it fails
    const { capture, signals } = scripted([new TypeError('Failed to fetch')], clock);
    await captureUntilKnown(capture, clock);
    // Tries start at 0, 5 s (4 + 1) and 11 s would be past the deadline: two tries.
    expect(signals).toHaveLength(2);
    expect(clock.now()).toBeLessThanOrEqual(CAPTURE_DEADLINE_MS);
  });

  it('gives each try a signal that gives up on its own', async () => {
    const clock = fakeClock();
    const { capture, signals } = scripted([{ status: 'COMPLETED' }], clock);
    await captureUntilKnown(capture, { ...clock, timeoutMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(signals[0]?.aborted).toBe(true);
    expect((signals[0]?.reason as DOMException).name).toBe('TimeoutError');
  });
});

it('derives one capture key per order from the order create key', () => {
  expect(captureKey('wallet-abc')).toBe('wallet-abc-capture');
  expect(captureKey('wallet-abc')).toBe(captureKey('wallet-abc'));
  expect(captureKey('wallet-abc')).not.toBe(captureKey('wallet-abd'));
});

it('keeps an approval capturable for PayPal’s default 3 hours', () => {
  expect(APPROVAL_LIFETIME_MS).toBe(3 * 60 * 60 * 1000);
});
