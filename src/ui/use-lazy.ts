// A component's code loaded once wanted, shown as it arrives: React.lazy's Suspense holds reveals on timers.
import { startTransition, useCallback, useEffect, useState, type ComponentType } from 'react';
import { logLoadFailure } from '../browser/leaving.ts';

export type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** One import per loader; a failed one is forgotten, so a later call retries. */
export function once<P>(load: Loader<P>): Loader<P> {
  let promise: ReturnType<Loader<P>> | undefined;
  return () =>
    (promise ??= load().catch((error: unknown) => {
      promise = undefined;
      throw error;
    }));
}

/** [component, retry]: `retry` while the last load failed, which is also retried once back online. */
export function useLazy<P>(load: Loader<P>, wanted: boolean): [ComponentType<P> | null, (() => void) | null] {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  const [tries, setTries] = useState({ count: 0, failed: false });
  const retry = useCallback(() => setTries((t) => ({ count: t.count + 1, failed: false })), []);
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    load().then(
      (m) => live && startTransition(() => setComponent(() => m.default)),
      (error: unknown) => {
        logLoadFailure('Could not load part of the page; trying again once the connection is back.', error);
        if (!live) return;
        setTries((t) => ({ ...t, failed: true }));
        window.addEventListener('online', retry, { once: true });
      },
    );
    return () => {
      live = false;
      window.removeEventListener('online', retry);
    };
  }, [wanted, component, load, tries.count, retry]);
  return [component, tries.failed ? retry : null];
}
