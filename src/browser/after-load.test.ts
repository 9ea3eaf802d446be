// afterLoadWhenIdle with a stand-in window: nothing before the load event, then idle time (with a timeout), or a
// task of its own where requestIdleCallback does not exist; cancelled at any stage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLoadWhenIdle, IDLE_TIMEOUT_MS } from './after-load.ts';

let page: EventTarget & { readyState: DocumentReadyState; prerendering?: boolean };
let idle: { callback: () => void; timeout: number | undefined; cancelled: boolean }[];

function load(): void {
  page.readyState = 'complete';
  page.dispatchEvent(new Event('load'));
}

beforeEach(() => {
  page = Object.assign<EventTarget, { readyState: DocumentReadyState }>(new EventTarget(), { readyState: 'loading' });
  idle = [];
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', page);
  vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: IdleRequestOptions) =>
    idle.push({ callback, timeout: options?.timeout, cancelled: false }),
  );
  vi.stubGlobal('cancelIdleCallback', (id: number) => void (idle[id - 1]!.cancelled = true));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterLoadWhenIdle', () => {
  it('waits for the load event, then for idle time with a timeout', () => {
    const callback = vi.fn();
    afterLoadWhenIdle(callback);
    expect(idle).toEqual([]);
    load();
    expect(idle).toEqual([{ callback, timeout: IDLE_TIMEOUT_MS, cancelled: false }]);
    expect(callback).not.toHaveBeenCalled();
    idle[0]!.callback();
    expect(callback).toHaveBeenCalledOnce();
    page.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
  });

  it('asks for idle time at once when the page has already loaded', () => {
    load();
    afterLoadWhenIdle(vi.fn());
    expect(idle).toHaveLength(1);
  });

  it('falls back to a task of its own after load without requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    afterLoadWhenIdle(callback);
    vi.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
    load();
    expect(callback).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('cancels before the load event', () => {
    afterLoadWhenIdle(vi.fn())();
    load();
    expect(idle).toEqual([]);
  });

  it('cancels while waiting for idle time', () => {
    load();
    afterLoadWhenIdle(vi.fn());
    afterLoadWhenIdle(vi.fn())();
    expect(idle.map((i) => i.cancelled)).toEqual([false, true]);
  });

  it('cancels the fallback task', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    load();
    const callback = vi.fn();
    afterLoadWhenIdle(callback)();
    vi.runAllTimers();
    expect(callback).not.toHaveBeenCalled();
  });

  it('waits for a prerendered page to be shown, and never runs for one that is not', () => {
    page.prerendering = true;
    load();
    const callback = vi.fn();
    afterLoadWhenIdle(callback);
    expect(idle).toEqual([]);
    page.prerendering = false;
    page.dispatchEvent(new Event('prerenderingchange'));
    expect(idle).toHaveLength(1);
    idle[0]!.callback();
    expect(callback).toHaveBeenCalledOnce();
  });

  it('cancels while a prerendered page waits to be shown', () => {
    page.prerendering = true;
    afterLoadWhenIdle(vi.fn())();
    page.prerendering = false;
    page.dispatchEvent(new Event('prerenderingchange'));
    load();
    expect(idle).toEqual([]);
  });
});
