// One rebuild at a time for a stream of content changes: a change saved during a build is built after it, unless
// the build read it anyway (its build.json names the content as it is now), which would only cost a second build.

export interface Rebuilds {
  /** A change was saved: rebuild now, or once the build in progress ends. */
  changed(): void;
}

export function rebuildOnChange(options: {
  /** Resolves true once the new build is served. */
  build: () => Promise<boolean>;
  /** Whether the served build was made from the content as it is now. */
  builtFromCurrent: () => Promise<boolean>;
}): Rebuilds {
  let running: Promise<void> | undefined;
  let again = false;

  const run = async (): Promise<void> => {
    do {
      again = false;
      const built = await options.build();
      if (again && built && (await options.builtFromCurrent())) again = false;
    } while (again);
  };

  return {
    changed() {
      if (running) {
        again = true;
        return;
      }
      running = run().finally(() => (running = undefined));
    },
  };
}
