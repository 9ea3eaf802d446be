// Loads a component's code once it is first wanted, and renders nothing until then. Unlike React.lazy with
// Suspense, nothing here waits on timers (Suspense throttles reveals with setTimeout), so a component whose
// code is already loaded appears in the same frame, and tests that control the clock see it at once.
import { useEffect, useState, type ComponentType } from 'react';

export type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** Shares one import per loader, so a prefetch (on hover, say) and the render use the same request. */
export function once<P>(load: Loader<P>): Loader<P> {
  let promise: ReturnType<Loader<P>> | undefined;
  return () => (promise ??= load());
}

/**
 * Returns [component], the way useState returns its value: the component is held in state, the same one on every
 * render. (Returned bare, a hook's result reads to React's lint as a component made during render.)
 */
export function useLazy<P>(load: Loader<P>, wanted: boolean): [ComponentType<P> | null] {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    load().then(
      (m) => live && setComponent(() => m.default),
      (error: unknown) => console.error('Could not load part of the page.', error),
    );
    return () => {
      live = false;
    };
  }, [wanted, component, load]);
  return [component];
}
