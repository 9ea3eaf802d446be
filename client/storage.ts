// Where the bearer tokens live: browser storage keys accessToken and refreshToken, names the shop requires
// (docs/requirements.md#backend-client).
// The same client runs at build time in Node, where there is no localStorage, and in islands in the browser.

/** The part of the Web Storage API the client needs; `localStorage` satisfies it. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from './storage-keys.ts';

export function memoryStorage(): TokenStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * localStorage when it really works, else memory. A probe write is needed because merely reading the property is not
 * enough: privacy modes and blocked storage throw on access or on write, and Node has no localStorage at all.
 */
export function defaultStorage(): TokenStorage {
  try {
    const storage = globalThis.localStorage;
    const probe = '__commerce_client_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}
