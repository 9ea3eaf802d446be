import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

async function page() {
  vi.resetModules();
  const leaving = await import('./leaving.ts');
  const target = new EventTarget() as unknown as Window;
  leaving.watchLeaving(target);
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  return { ...leaving, target, logged };
}

it('logs a failed load, except from beforeunload or pagehide on, until the page is shown again', async () => {
  const { logLoadFailure, target, logged } = await page();
  const fail = (when: string) => logLoadFailure('Could not load', when);

  fail('while shown');
  target.dispatchEvent(new Event('beforeunload'));
  fail('after beforeunload');
  target.dispatchEvent(new Event('pageshow'));
  fail('back from the back/forward cache');
  target.dispatchEvent(new Event('pagehide'));
  fail('after pagehide');

  expect(logged.mock.calls).toEqual([
    ['Could not load', 'while shown'],
    ['Could not load', 'back from the back/forward cache'],
  ]);
});

it('handles a background load that fails: logged while shown, quiet while leaving', async () => {
  const { inBackground, target, logged } = await page();
  const cut = new TypeError('error loading dynamically imported module');
  inBackground(Promise.reject(cut));
  await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('Could not load part of the page.', cut));

  target.dispatchEvent(new Event('pagehide'));
  inBackground(Promise.reject(cut));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(logged).toHaveBeenCalledTimes(1);
});

it('keeps an error of a page being left from being reported, and only then', async () => {
  const { target } = await page();
  const reported = () => target.dispatchEvent(new Event('error', { cancelable: true }));
  expect(reported()).toBe(true);
  target.dispatchEvent(new Event('beforeunload'));
  expect(reported()).toBe(false);
});
