// Shared by the client's tests: one msw server per test file, loopback base URL, and a sleep that only records.
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { memoryStorage, type TokenStorage } from './index.ts';

// Loopback, so a request msw failed to intercept could never leave the machine.
export const BASE = 'http://127.0.0.1:59999/api/v1';

// msw 3 renamed v2's onUnhandledRequest to onUnhandledFrame; 'error' makes a request without a handler fail the test.
export function useMockServer(): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A sleep that returns at once and remembers what it was asked to wait. */
export function recordingSleep(): { delays: number[]; sleep: (ms: number) => Promise<void> } {
  const delays: number[] = [];
  return {
    delays,
    sleep: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
  };
}

export function storageWith(items: Record<string, string>): TokenStorage {
  const storage = memoryStorage();
  for (const [key, value] of Object.entries(items)) storage.setItem(key, value);
  return storage;
}

/** A promise plus its resolver, to hold a mocked answer until the test lets it go. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
