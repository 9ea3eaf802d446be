// `npm run check-deploy` as a process, for what needs no site: help, usage errors, and a browser that cannot start.
// Against real deploys it runs in the browser tests (tests/e2e/check-deploy.spec.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, runScript } from '../check-product/check-product.support.ts';

const work = mkdtempSync(join(tmpdir(), 'check-deploy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const checkDeploy = (args: string[], env: Record<string, string> = {}) =>
  runScript('scripts/check-deploy.ts', args, cleanEnv(env));

describe('npm run check-deploy', () => {
  it('explains itself with --help and exits 0', async () => {
    const run = await checkDeploy(['--help']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^Usage: npm run check-deploy -- <site URL> /);
    expect(run.out).toContain('--report=<file>');
  });

  it('exits 2 on a usage error, saying what is wrong', async () => {
    const run = await checkDeploy(['--report=x.json']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^check-deploy: The site URL is missing\./);
  });

  it('fails, with a line and a report, when Chromium cannot start', async () => {
    const report = join(work, 'report.json');
    // Port 9 (discard) on loopback: nothing answers, nothing leaves the machine.
    const run = await checkDeploy(['http://127.0.0.1:9', '--loopback-only', `--report=${report}`, '--timeout=2'], {
      CHROME_PATH: join(work, 'no-chromium'),
    });
    expect(run.code).toBe(1);
    expect(run.out).toContain(`FAIL browser: Chromium could not be started from ${join(work, 'no-chromium')}`);
    expect(run.out).toContain('Fix: apt-get install -y chromium, or set CHROME_PATH.');
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({
      site: 'http://127.0.0.1:9',
      ok: false,
      checks: [{ name: 'browser', ok: false }],
    });
  });
});
