// Loads a component's code once it is first wanted, and renders nothing until then. Unlike React.lazy with
// Suspense, nothing here waits on timers (Suspense throttles reveals with setTimeout), so a component whose
// code is already loaded appears in the same frame, and tests that control the clock see it at once.
import { useEffect, useState, type ComponentType } from 'react';

export type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * Shares one import per loader, so a prefetch (on hover, say) and the render use the same request. A failed import
 * (offline) is forgotten, so that a later call tries again.
 */
export function once<P>(load: Loader<P>): Loader<P> {
  let promise: ReturnType<Loader<P>> | undefined;
  return () =>
    (promise ??= load().catch((error: unknown) => {
      promise = undefined;
      throw error;
    }));
}

/**
 * Returns [component], the way useState returns its value: the component is held in state, the same one on every
 * render. (Returned bare, a hook's result reads to React's lint as a component made during render.)
 */
export function useLazy<P>(load: Loader<P>, wanted: boolean): [ComponentType<P> | null] {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  // Counts failed loads: each one waits for the connection to come back, then tries again.
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    const retry = () => setFailures((n) => n + 1);
    load().then(
      (m) => live && setComponent(() => m.default),
      (error: unknown) => {
        console.error('Could not load part of the page; trying again once the connection is back.', error);
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
