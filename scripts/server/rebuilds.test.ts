import { describe, expect, it } from 'vitest';
import { rebuildOnChange } from './rebuilds.ts';

/** Builds the test ends by hand; the content is a version number, saved by `save`. */
function harness() {
  let content = 1;
  const builds: { finish: (ok: boolean) => void }[] = [];
  const rebuilds = rebuildOnChange({
    build: () => new Promise<boolean>((resolve) => builds.push({ finish: resolve })),
    content: () => Promise.resolve(String(content)),
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const save = async (same = false) => {
    if (!same) content += 1;
    rebuilds.changed();
    await settle();
  };
  return { builds, save, settle };
}

describe('rebuilds after content changes', () => {
  it('a change saved during a build is built after it, whenever the build may have read it', async () => {
    const { builds, save, settle } = harness();
    await save();
    await save();
    builds[0]!.finish(true);
    await settle();
    expect(builds).toHaveLength(2);
  });

  it('a change event that left the content as it was when the build started costs no second build', async () => {
    const { builds, save, settle } = harness();
    await save();
    await save(true);
    builds[0]!.finish(true);
    await settle();
    expect(builds).toHaveLength(1);
  });

  it('after a failed build, a change event meanwhile builds again', async () => {
    const { builds, save, settle } = harness();
    await save();
    await save(true);
    builds[0]!.finish(false);
    await settle();
    expect(builds).toHaveLength(2);
  });

  it('many changes during one build make one build after it', async () => {
    const { builds, save, settle } = harness();
    await save();
    await save();
    await save();
    await save();
    builds[0]!.finish(true);
    await settle();
    expect(builds).toHaveLength(2);
    builds[1]!.finish(true);
    await settle();
    expect(builds).toHaveLength(2);
  });
});
