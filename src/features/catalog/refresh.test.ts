import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../config.ts', () => ({ config: { storeDomain: 'shop.test', productLink: 'cam' } }));
const GET = vi.fn();
vi.mock('../../api/client.ts', () => ({ getApi: () => Promise.resolve({ GET }) }));

const product = { id: 'p', name: 'Cam', variants: [{ id: 'white', name: 'Arctic White', price: 79.99, stock: 4 }] };
const AT = Date.parse('2026-11-29T12:00:00Z');

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['Date'] });
  const kept = new Map<string, string>();
  vi.stubGlobal('sessionStorage', { getItem: (k: string) => kept.get(k) ?? null, setItem: kept.set.bind(kept) });
  GET.mockReset().mockResolvedValue({ data: product });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the figures refresh', () => {
  it('asks again after 5 minutes, and at once after the clock was set back', async () => {
    const { refreshFigures } = await import('./refresh.ts');
    const publish = vi.fn();
    vi.setSystemTime(AT);
    await refreshFigures(publish);
    expect(publish).toHaveBeenLastCalledWith({ white: { price: 7999, stock: 4 } });
    vi.setSystemTime(AT + 5 * 60 * 1000);
    await refreshFigures(publish);
    expect(GET).toHaveBeenCalledTimes(1);
    vi.setSystemTime(AT + 5 * 60 * 1000 + 1);
    await refreshFigures(publish);
    expect(GET).toHaveBeenCalledTimes(2);
    // Figures fetched "later" than now cannot be said to be recent.
    vi.setSystemTime(AT - 60 * 60 * 1000);
    await refreshFigures(publish);
    expect(GET).toHaveBeenCalledTimes(3);
  });

  it('asks once for calls made while a request is under way', async () => {
    const { refreshFigures } = await import('./refresh.ts');
    const publish = vi.fn();
    await Promise.all([refreshFigures(publish), refreshFigures(publish)]);
    expect(GET).toHaveBeenCalledTimes(1);
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it('publishes figures the session kept once, then goes by their date', async () => {
    vi.setSystemTime(AT);
    await (await import('./refresh.ts')).refreshFigures(vi.fn());
    vi.resetModules(); // another page of the tab
    const { refreshFigures } = await import('./refresh.ts');
    const publish = vi.fn();
    vi.setSystemTime(AT + 60_000);
    await refreshFigures(publish);
    await refreshFigures(publish);
    expect(publish).toHaveBeenCalledTimes(1);
    expect(GET).toHaveBeenCalledTimes(1);
  });

  it('publishes the figures, without a warning, when the session will not keep them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    });
    const { refreshFigures } = await import('./refresh.ts');
    const publish = vi.fn();
    await refreshFigures(publish);
    expect(publish).toHaveBeenCalledWith({ white: { price: 7999, stock: 4 } });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
