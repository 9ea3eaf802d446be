import { afterEach, expect, it, vi } from 'vitest';
import { randomId } from './random-id.ts';

afterEach(() => vi.unstubAllGlobals());

it('is a UUID where the browser offers one', () => {
  expect(randomId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
  expect(randomId()).not.toBe(randomId());
});

it('is 32 random hex digits where it does not (a page served over plain http)', () => {
  const real = globalThis.crypto;
  vi.stubGlobal('crypto', { getRandomValues: <T extends Uint8Array>(bytes: T) => real.getRandomValues(bytes) });
  const id = randomId();
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  expect(randomId()).not.toBe(id);
});
