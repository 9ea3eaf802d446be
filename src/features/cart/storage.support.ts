// Browser storage for the cart's tests, with writes that can fail and another tab's events.
import { setPersistentEngine } from '@nanostores/persistent';

export interface MemoryStorage extends Storage {
  /** Makes every write throw, as a full or disabled storage does. */
  failWrites: boolean;
  readonly data: Record<string, string>;
}

export function memoryStorage(): MemoryStorage {
  const data: Record<string, string> = {};
  let failWrites = false;
  const write = (key: string, value: string) => {
    if (failWrites) throw new DOMException('full', 'QuotaExceededError');
    data[key] = String(value);
  };
  const api = {
    getItem: (key: string) => (Object.hasOwn(data, key) ? data[key]! : null),
    setItem: write,
    removeItem: (key: string) => void delete data[key],
    clear: () => Object.keys(data).forEach((key) => delete data[key]),
    key: (i: number) => Object.keys(data)[i] ?? null,
    get length() {
      return Object.keys(data).length;
    },
    get failWrites() {
      return failWrites;
    },
    set failWrites(value: boolean) {
      failWrites = value;
    },
    data,
  };
  return new Proxy(data, {
    get: (target, key) => (key in api ? api[key as keyof typeof api] : target[key as string]),
    set: (_target, key, value) => {
      if (key === 'failWrites') failWrites = Boolean(value);
      else write(key as string, value as string);
      return true;
    },
    has: (target, key) => Object.hasOwn(target, key),
    deleteProperty: (target, key) => delete target[key as string],
  }) as unknown as MemoryStorage;
}

/** Puts `storage` and the window's storage events behind @nanostores/persistent (globals for the rest). */
export function useStorage(storage: MemoryStorage, win: EventTarget): void {
  setPersistentEngine(storage, {
    addEventListener: (_key, listener) => win.addEventListener('storage', listener as unknown as EventListener),
    removeEventListener: (_key, listener) => win.removeEventListener('storage', listener as unknown as EventListener),
  });
}

/** What another tab's write looks like to this one. */
export function storageEvent(key: string, newValue: string | null): Event {
  return Object.assign(new Event('storage'), { key, newValue });
}
