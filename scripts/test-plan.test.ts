import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseSteps, closingLines, staleBuild } from './test-plan.ts';

const runner = fileURLToPath(new URL('./test.ts', import.meta.url));
const STEPS = [{ name: 'lint (eslint)' }, { name: 'unit tests (vitest)' }, { name: 'page weight budgets' }];
let root = '';

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

/** A project folder with `files` (path → seconds ago it last changed). */
function project(files: Record<string, number>): string {
  root = mkdtempSync(join(tmpdir(), 'test-plan-'));
  const now = Date.now() / 1000;
  for (const [path, ago] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), '{}\n');
    utimesSync(join(root, path), now - ago, now - ago);
  }
  return root;
}

/** `npm test` with `args`, run in `cwd`. */
function npmTest(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [runner, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: '' },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('chooseSteps', () => {
  it('takes every step without a filter, and those a filter names with one', () => {
    expect(chooseSteps(STEPS, [])).toEqual(STEPS);
    expect(chooseSteps(STEPS, ['lint', 'weight'])).toEqual([STEPS[0], STEPS[2]]);
  });

  it('refuses a filter that names no step, listing the steps', () => {
    expect(() => chooseSteps(STEPS, ['lnit'])).toThrow(
      `No step's name contains "lnit". The steps:\n  lint (eslint)\n  unit tests (vitest)\n  page weight budgets`,
    );
  });
});

describe('staleBuild', () => {
  it('accepts a build made after the last change to its inputs', () => {
    project({ 'src/page.astro': 60, 'dist/build.json': 30, 'tests/later.test.ts': 1 });
    expect(staleBuild(root, 'dist')).toBeUndefined();
  });

  it('refuses a build older than a change to its inputs, naming the file', () => {
    project({ 'src/page.astro': 60, 'src/features/cart/line.ts': 10, 'dist/build.json': 30 });
    expect(staleBuild(root, 'dist')).toMatch(/^dist\/ is older than src\/features\/cart\/line\.ts: it would check/);
  });

  it("ignores what a build writes inside the inputs, such as the client package's dist/", () => {
    project({ 'client/index.ts': 60, 'dist/build.json': 30, 'client/dist/index.js': 1 });
    expect(staleBuild(root, 'dist')).toBeUndefined();
  });

  it('refuses a missing build', () => {
    project({ 'src/page.astro': 60 });
    expect(staleBuild(root, 'dist')).toMatch(/^dist\/ has no build\. Build it with: node scripts\/start\.ts/);
  });
});

describe('closingLines', () => {
  it('counts the steps that passed of all the steps there are', () => {
    expect(closingLines([{ ok: true }, { ok: true }, { ok: true }], 3)).toEqual([
      '3 passed, 0 failed',
      '3 of 3 steps passed.',
    ]);
    expect(closingLines([{ ok: true }, { ok: false }], 3)).toEqual([
      '1 passed, 1 failed',
      '1 of 3 steps passed (1 not run: a filtered run checks only what it names).',
    ]);
  });
});

describe('npm test', () => {
  it('fails when its filter names no step', () => {
    const run = npmTest(['lnit'], project({}));
    expect(run.output).toContain(`No step's name contains "lnit".`);
    expect(run.status).toBe(1);
  });

  it('refuses to check a build older than the sources', () => {
    const run = npmTest(['page weight'], project({ 'dist/build.json': 60, 'src/changed.ts': 1 }));
    expect(run.output).toContain('dist/ is older than src/changed.ts');
    expect(run.output).toMatch(/FAIL {2}page weight budgets .*dist\/ is older than src\/changed\.ts/);
    expect(run.output).toMatch(/\n0 passed, 1 failed\n0 of \d+ steps passed \(\d+ not run: a filtered run/);
    expect(run.status).toBe(1);
  });
});
