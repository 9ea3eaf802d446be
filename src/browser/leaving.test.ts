import { expect, it, vi } from 'vitest';

it('is leaving from beforeunload or pagehide, and back from the back/forward cache it is not', async () => {
  vi.resetModules();
  const { pageIsLeaving, watchLeaving } = await import('./leaving.ts');
  const page = new EventTarget() as unknown as Window;
  watchLeaving(page);
  expect(pageIsLeaving()).toBe(false);
  page.dispatchEvent(new Event('beforeunload'));
  expect(pageIsLeaving()).toBe(true);
  page.dispatchEvent(new Event('pageshow'));
  expect(pageIsLeaving()).toBe(false);
  page.dispatchEvent(new Event('pagehide'));
  expect(pageIsLeaving()).toBe(true);
});
