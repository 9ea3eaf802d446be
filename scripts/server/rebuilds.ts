// One rebuild at a time for a stream of content changes: a change saved during a build is built after it. A build
// reads the content some time after it starts, so only content unchanged since its start is known to be built: a
// change event that left the content as it was then (a file saved again as it was) costs no second build.

export interface Rebuilds {
  /** A change was saved: rebuild now, or once the build in progress ends. */
  changed(): void;
}

export function rebuildOnChange(options: {
  /** Resolves true once the new build is served. */
  build: () => Promise<boolean>;
  /** The content as it is now (a fingerprint). */
  content: () => Promise<string>;
}): Rebuilds {
  let running: Promise<void> | undefined;
  let again = false;

  const run = async (): Promise<void> => {
    do {
      again = false;
      const before = await options.content();
      const built = await options.build();
      if (again && built && (await options.content()) === before) again = false;
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
