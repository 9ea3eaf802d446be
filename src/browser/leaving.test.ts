import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

it('logs a failed load, except from beforeunload or pagehide on, until the page is shown again', async () => {
  vi.resetModules();
  const { logLoadFailure, watchLeaving } = await import('./leaving.ts');
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const page = new EventTarget() as unknown as Window;
  watchLeaving(page);
  const fail = (when: string) => logLoadFailure('Could not load', when);

  fail('while shown');
  page.dispatchEvent(new Event('beforeunload'));
  fail('after beforeunload');
  page.dispatchEvent(new Event('pageshow'));
  fail('back from the back/forward cache');
  page.dispatchEvent(new Event('pagehide'));
  fail('after pagehide');

  expect(logged.mock.calls).toEqual([
    ['Could not load', 'while shown'],
    ['Could not load', 'back from the back/forward cache'],
  ]);
});
