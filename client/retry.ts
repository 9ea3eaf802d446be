// Retry policy: 3 times with exponential backoff from 1 s up to 30 s (docs/requirements.md#backend-client),
// applied where it is safe: only idempotent requests (GET, HEAD), only on network failures and 5xx. A 4xx will not
// change by asking again, and repeating a POST could create a second order.

export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  retries?: number;
  /** First backoff delay, doubled after each retry. Default 1000 ms. */
  baseDelayMs?: number;
  /** Upper bound for any wait, Retry-After included. Default 30000 ms. */
  maxDelayMs?: number;
  /** Injected so tests (and callers with their own scheduler) never wait in real time. */
  sleep?: (ms: number) => Promise<void>;
  /** Clock used to turn an HTTP-date Retry-After into a delay. */
  now?: () => number;
}

export type FetchFn = (request: Request) => Promise<Response>;

const IDEMPOTENT = new Set(['GET', 'HEAD']);

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Delay asked for by a Retry-After header (delta-seconds or HTTP-date), or undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: () => number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Every HTTP-date form names a month; without this check Date.parse would also accept things like "-1".
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

export function withRetry(fetch: FetchFn, options: RetryOptions = {}): FetchFn {
  const { retries = 3, baseDelayMs = 1000, maxDelayMs = 30_000, sleep = realSleep, now = Date.now } = options;
  const backoff = (attempt: number) => Math.min(baseDelayMs * 2 ** attempt, maxDelayMs);

  return async (request) => {
    if (!IDEMPOTENT.has(request.method)) return fetch(request);
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      let response: Response;
      try {
        // A body-less request can be cloned cheaply; the original is kept for the next attempt.
        response = await fetch(last ? request : request.clone());
      } catch (error) {
        // fetch reports network failures as TypeError; an AbortError means the caller gave up: do not retry it.
        if (last || !(error instanceof TypeError)) throw error;
        await sleep(backoff(attempt));
        continue;
      }
      if (last || response.status < 500) return response;
      const wait = retryAfterMs(response.headers.get('Retry-After'), now) ?? backoff(attempt);
      // Release the discarded answer's connection before waiting.
      await response.body?.cancel().catch(() => undefined);
      await sleep(Math.min(wait, maxDelayMs));
    }
  };
}
