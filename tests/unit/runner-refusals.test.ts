// What would pass by accident is refused, with or without CI: a focused test (`.only`) by the lint, by vitest and by
// Playwright, and a run that finds no test by both runners. Each case runs the project's own configuration on files
// written for it, with CI unset.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Inside the project, so the files resolve its packages; test-results/ is ignored by git and by the tools.
const fixture = join(root, 'test-results', 'runner-refusals');
const FOCUSED = "import { test } from 'vitest';\ntest.only('alone', () => {});\ntest('left out', () => {});\n";

afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function write(path: string, text: string): string {
  const file = join(fixture, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** Runs a tool of node_modules/.bin in the project with CI unset; its exit status and output. */
function run(bin: string, args: string[]): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.CI;
  const result = spawnSync(join(root, 'node_modules', '.bin', bin), args, { cwd: root, env, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The project's vitest configuration, on a folder of tests written here. */
const vitestConfig = () =>
  write(
    'unit/vitest.config.ts',
    "import base from '../../../vitest.config.ts';\n" +
      'export default { ...base, test: { ...base.test, projects: undefined, root: import.meta.dirname } };\n',
  );

/** The project's Playwright configuration, on a folder of tests written here and no server to start. */
const playwrightConfig = () =>
  write(
    'e2e/playwright.config.ts',
    "import base from '../../../playwright.config.ts';\nexport default { ...base, testDir: '.', webServer: undefined };\n",
  );

describe('a focused test', () => {
  it('is an error of the lint in a test file', async () => {
    const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax' });
    const lint = async (source: string) => {
      const [result] = await eslint.lintText(source, { filePath: join(root, 'tests/unit/runner-refusals.test.ts') });
      return (result?.messages ?? []).map((m) => m.message);
    };
    expect(await lint(FOCUSED)).toEqual(['Remove .only: every test must run.']);
    expect(await lint("import { test } from '@playwright/test';\ntest.describe.only('alone', () => {});\n")).toEqual([
      'Remove .only: every test must run.',
    ]);
    expect(await lint(FOCUSED.replace('.only', ''))).toEqual([]);
  });

  it('fails a vitest run', () => {
    const config = vitestConfig();
    write('unit/focused.test.ts', FOCUSED);
    const focused = run('vitest', ['run', '--config', config]);
    expect(focused.output).toContain('.only');
    expect(focused.status).toBe(1);
    write('unit/focused.test.ts', FOCUSED.replace('.only', ''));
    expect(run('vitest', ['run', '--config', config]).status).toBe(0);
  });

  it('fails a Playwright run', () => {
    const config = playwrightConfig();
    write('e2e/focused.spec.ts', FOCUSED.replace("'vitest'", "'@playwright/test'"));
    const focused = run('playwright', ['test', '--list', '--config', config]);
    expect(focused.output).toContain("item focused with '.only' is not allowed");
    expect(focused.status).toBe(1);
    write('e2e/focused.spec.ts', FOCUSED.replace("'vitest'", "'@playwright/test'").replace('.only', ''));
    expect(run('playwright', ['test', '--list', '--config', config]).status).toBe(0);
  });
});

describe('a run that finds no test', () => {
  it('fails in vitest', () => {
    const config = vitestConfig();
    rmSync(join(fixture, 'unit', 'focused.test.ts'), { force: true });
    const none = run('vitest', ['run', '--config', config]);
    expect(none.output).toContain('No test files found');
    expect(none.status).toBe(1);
  });

  it('fails in Playwright', () => {
    const config = playwrightConfig();
    write('e2e/focused.spec.ts', FOCUSED.replace("'vitest'", "'@playwright/test'").replace('.only', ''));
    const none = run('playwright', ['test', '--list', '--config', config, '--grep', 'no such test']);
    expect(none.output).toContain('No tests found');
    expect(none.status).toBe(1);
  });
});
