// trackBeacon: the request it sends (URL, method, headers, body, keepalive), where the token comes from, and that
// no failure (network, backend, storage) ever reaches the caller.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackBeacon, type BeaconOptions } from './beacon.ts';
import type { AnalyticsTrackRequest } from './index.ts';
import { BASE, storageWith } from './client.support.ts';

const VIEW: AnalyticsTrackRequest = { event: 'PRODUCT_VIEW', productId: 'prod-1', value: 84.99 };

/** A fetch that records each call and answers with `status`. */
function recordingFetch(status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  const answers: Response[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    calls.push({ url, init });
    answers.push(new Response('{}', { status }));
    return Promise.resolve(answers.at(-1)!);
  });
  return { calls, answers, fetch };
}

/** Puts a localStorage on the global object whose every access throws, as blocked storage does. */
function blockedLocalStorage(): void {
  vi.stubGlobal('localStorage', undefined);
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('trackBeacon', () => {
  it('POSTs the event as JSON to /analytics/track?storeId= with keepalive and the bearer token', async () => {
    const { calls, fetch } = recordingFetch();
    expect(await trackBeacon(BASE, 'haven-home', VIEW, { fetch, storage: storageWith({ accessToken: 'tok-1' }) })).toBe(
      true,
    );
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [(typeof calls)[number]];
    expect(url).toBe(`${BASE}/analytics/track?storeId=haven-home`);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok-1',
    });
    expect(JSON.parse(init.body as string)).toEqual({ event: 'PRODUCT_VIEW', productId: 'prod-1', value: 84.99 });
  });

  it('reads the answer to its end, so the browser does not count the request as still loading', async () => {
    const { answers, fetch } = recordingFetch();
    await trackBeacon(BASE, 'haven-home', VIEW, { fetch });
    expect(answers[0]?.bodyUsed).toBe(true);
  });

  it('encodes the store id and takes a base URL with a trailing slash', async () => {
    const { calls, fetch } = recordingFetch();
    await trackBeacon('/api/v1/', 'store 1&x', VIEW, { fetch });
    expect(calls[0]?.url).toBe('/api/v1/analytics/track?storeId=store%201%26x');
  });

  it('reads the token from localStorage and uses the global fetch by default', async () => {
    const { calls, fetch } = recordingFetch();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('localStorage', storageWith({ accessToken: 'from-local-storage' }));
    expect(await trackBeacon(BASE, 'haven-home', VIEW)).toBe(true);
    expect(calls[0]?.init.headers).toMatchObject({ Authorization: 'Bearer from-local-storage' });
  });

  it('sends the header without a token when none is stored', async () => {
    const { calls, fetch } = recordingFetch();
    await trackBeacon(BASE, 'haven-home', VIEW, { fetch, storage: storageWith({ refreshToken: 'r-1' }) });
    expect(calls[0]?.init.headers).toMatchObject({ Authorization: 'Bearer ' });
  });

  it('still sends the event, without a token, when storage throws', async () => {
    const { calls, fetch } = recordingFetch();
    blockedLocalStorage();
    expect(await trackBeacon(BASE, 'haven-home', VIEW, { fetch })).toBe(true);
    const throwing: BeaconOptions['storage'] = {
      getItem: () => {
        throw new Error('storage disabled');
      },
    };
    expect(await trackBeacon(BASE, 'haven-home', VIEW, { fetch, storage: throwing })).toBe(true);
    expect(calls.map((c) => (c.init.headers as Record<string, string>)['Authorization'])).toEqual([
      'Bearer ',
      'Bearer ',
    ]);
  });

  it('logs a network failure or an error answer and resolves to false, never rejecting', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(trackBeacon(BASE, 'haven-home', VIEW, { fetch: offline })).resolves.toBe(false);
    await expect(trackBeacon(BASE, 'haven-home', VIEW, { fetch: recordingFetch(503).fetch })).resolves.toBe(false);
    expect(warn.mock.calls.map(([message]: unknown[]) => message)).toEqual([
      'Analytics: could not record PRODUCT_VIEW.',
      'Analytics: could not record PRODUCT_VIEW.',
    ]);
    expect(String(warn.mock.calls[1]?.[1])).toContain('503');
  });

  it('does not throw when fetch itself throws synchronously', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = (() => {
      throw new TypeError('fetch is not a function');
    }) as unknown as BeaconOptions['fetch'];
    await expect(trackBeacon(BASE, 'haven-home', VIEW, { fetch: broken })).resolves.toBe(false);
  });
});
