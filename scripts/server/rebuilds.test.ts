import { describe, expect, it } from 'vitest';
import { rebuildOnChange } from './rebuilds.ts';

/** Builds the test ends by hand, each with the content version it read (a later one if it read late). */
function harness() {
  let content = 1;
  let served = 0;
  const builds: { read: number; finish: (ok: boolean) => void }[] = [];
  const rebuilds = rebuildOnChange({
    build: () =>
      new Promise<boolean>((resolve) => {
        const entry = {
          read: content,
          finish: (ok: boolean) => {
            if (ok) served = entry.read;
            resolve(ok);
          },
        };
        builds.push(entry);
      }),
    builtFromCurrent: () => Promise.resolve(served === content),
  });
  const save = () => {
    content += 1;
    rebuilds.changed();
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { builds, save, settle, readLater: () => (builds.at(-1)!.read = content) };
}

describe('rebuilds after content changes', () => {
  it('a change saved during a build that did not read it is built after it', async () => {
    const { builds, save, settle } = harness();
    save();
    save();
    builds[0]!.finish(true);
    await settle();
    expect(builds).toHaveLength(2);
    expect(builds[1]!.read).toBe(3);
  });

  it('a change the running build read anyway costs no second build', async () => {
    const { builds, save, settle, readLater } = harness();
    save();
    save();
    readLater();
    builds[0]!.finish(true);
    await settle();
    expect(builds).toHaveLength(1);
  });

  it('after a failed build, a change saved meanwhile is built again', async () => {
    const { builds, save, settle, readLater } = harness();
    save();
    save();
    readLater();
    builds[0]!.finish(false);
    await settle();
    expect(builds).toHaveLength(2);
  });

  it('many changes during one build make one build after it', async () => {
    const { builds, save, settle } = harness();
    save();
    save();
    save();
    save();
    builds[0]!.finish(true);
    await settle();
    expect(builds).toHaveLength(2);
    builds[1]!.finish(true);
    await settle();
    expect(builds).toHaveLength(2);
  });
});
