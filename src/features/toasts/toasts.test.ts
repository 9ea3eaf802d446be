import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
});
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('start their time on screen when the toaster attaches, not before', async () => {
    const t = await import('./toasts.ts');
    t.toast({ title: 'Removed from cart', duration: 770 });
    vi.advanceTimersByTime(5000); // the toaster's code is still loading
    expect(t.$toasts.get()).toHaveLength(1);
    t.attachToaster();
    vi.advanceTimersByTime(769);
    expect(t.$toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.$toasts.get()).toHaveLength(0);
  });

  it('keeps at most three on screen, dropping the oldest', async () => {
    const t = await import('./toasts.ts');
    t.attachToaster();
    for (const title of ['a', 'b', 'c', 'd']) t.toast({ title });
    expect(t.$toasts.get().map((x) => x.title)).toEqual(['b', 'c', 'd']);
  });

  it('can be dismissed early', async () => {
    const t = await import('./toasts.ts');
    t.attachToaster();
    const id = t.toast({ title: 'x', variant: 'destructive' });
    expect(t.$toasts.get()[0]).toMatchObject({ variant: 'destructive', duration: 4000 });
    t.dismissToast(id);
    expect(t.$toasts.get()).toEqual([]);
  });
});
