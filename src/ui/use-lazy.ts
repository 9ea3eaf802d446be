// A component's code loaded once wanted. Not React.lazy: Suspense throttles reveals with timers, this shows a
// loaded component in the same frame.
import { useEffect, useState, type ComponentType } from 'react';
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

/** [component], as useState returns: bare, React's lint reads it as a component made during render. */
export function useLazy<P>(load: Loader<P>, wanted: boolean): [ComponentType<P> | null] {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    const retry = () => setFailures((n) => n + 1);
    load().then(
      (m) => live && setComponent(() => m.default),
      (error: unknown) => {
        logLoadFailure('Could not load part of the page; trying again once the connection is back.', error);
        if (live) window.addEventListener('online', retry, { once: true });
      },
    );
    return () => {
      live = false;
      window.removeEventListener('online', retry);
    };
  }, [wanted, component, load, failures]);
  return [component];
}
