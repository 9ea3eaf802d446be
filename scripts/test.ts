// `npm test`: every check the project has, with one summary at the end.
// A failing step does not hide the others: each runs, and the exit code is non-zero if any failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { CHROME_PATH, TEST_CHROME_PATH } from './chromium.ts';
import { editorBoots, failedTests, nearestTimeout, slowestTests } from './e2e-report.ts';
import { ENGINES_REPORT, failedVitestTests } from './vitest-report.ts';
import { BUILD_STEP_FAILED, chooseSteps, closingLines, staleBuild } from './test-plan.ts';

interface Step {
  name: string;
  cmd: string[];
  /** Returns a reason to refuse the step before running it (a clear failure, never a silent skip). */
  precondition?: () => string | undefined;
  env?: Record<string, string>;
  /**
   * A check that reads the sources and nothing else: the static checks run side by side, as many at a time as there
   * are cores, each one's output printed whole when it ends. The test steps run alone, in order, output streamed.
   */
  static?: true;
  /** A static check that reads what this one writes starts once it has ended: astro check writes .astro/'s types. */
  after?: string;
  /** Builds dist/ (the browser step's server), or checks the build in it. */
  build?: 'makes' | 'checks';
  /** The JSON report a Vitest step writes: its failed tests are named in the summary. */
  vitestReport?: string;
}

const TYPE_CHECK = 'type check (astro check)';

/** A file a step needs, the Debian package that installs it and, if any, the variable that points elsewhere. */
interface Need {
  file: string;
  pkg: string;
  variable?: string;
}

/** What is missing of `needs` and the one command that installs it; nothing when all is there. */
function notInstalled(needs: Need[]): string | undefined {
  const missing = needs.filter((need) => !existsSync(need.file));
  if (!missing.length) return undefined;
  const packages = [...new Set(missing.map((need) => need.pkg))].join(' ');
  const variables = missing.flatMap((need) => (need.variable ? [need.variable] : []));
  const elsewhere = variables.length ? ` (or set ${variables.join(', ')})` : '';
  return `Not found: ${missing.map((need) => need.file).join(', ')}. Install with: apt-get install -y ${packages}${elsewhere}.`;
}

const steps: Step[] = [
  { name: TYPE_CHECK, static: true, cmd: ['astro', 'check', '--minimumSeverity', 'warning'] },
  // Type-aware rules: the types of astro:content come from the .astro/ files astro check writes.
  { name: 'lint (eslint)', static: true, after: TYPE_CHECK, cmd: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'format check (prettier)', static: true, cmd: ['prettier', '--check', '.'] },
  { name: 'unused files, exports and dependencies (knip)', static: true, after: TYPE_CHECK, cmd: ['knip'] },
  {
    name: 'OpenAPI lint (redocly)',
    static: true,
    cmd: ['redocly', 'lint', 'client/openapi.yaml', '--format', 'stylish'],
  },
  { name: 'generated client types are fresh', static: true, cmd: ['node', 'scripts/check-generated.ts'] },
  {
    name: 'import rules (dependency-cruiser: no circle, layers, one-way features, load on use)',
    static: true,
    cmd: ['depcruise', 'src', 'client', 'scripts', 'tests', '--config', '.dependency-cruiser.cjs'],
  },
  {
    // Offline: relative files and #anchors only (.remarkrc.mjs).
    name: 'links in the Markdown docs (remark-validate-links)',
    static: true,
    cmd: [
      'remark',
      '--no-stdout',
      '--quiet',
      '--frail',
      'README.md',
      'CONTRIBUTING.md',
      'docs',
      'client/README.md',
      'client/mock/seed/README.md',
      'bench/README.md',
    ],
  },
  { name: 'references to the docs from code and messages', static: true, cmd: ['node', 'scripts/check-links.ts'] },
  {
    name: 'unit and contract tests (vitest)',
    cmd: ['vitest', 'run', '--project', 'unit', '--project', 'tool runs', '--project', 'shop builds'],
  },
  {
    // They prove the demo, not the shop: its backend, its wallet, and that the pages price a cart as it charges one.
    name: "the demo's own tests (vitest: demo backend, demo wallet, pricing against the demo's)",
    cmd: ['vitest', 'run', '--project', 'demo*'],
  },
  {
    name: 'browser end-to-end tests (playwright, Chromium, against the demo backend and demo wallet)',
    cmd: ['playwright', 'test'],
    build: 'makes',
    // Always a fresh build: a storefront server left running from earlier work would otherwise be reused, and the
    // page-weight step below would then weigh an old dist/.
    env: { E2E_FRESH_BUILD: '1' },
    // The tests in the headless shell; check-deploy, which they run, in the full browser.
    precondition: () =>
      notInstalled([
        { file: TEST_CHROME_PATH, pkg: 'chromium-headless-shell', variable: 'TEST_CHROME_PATH' },
        { file: CHROME_PATH, pkg: 'chromium', variable: 'CHROME_PATH' },
      ]),
  },
  {
    // The shopper's main paths in the two other engines, against the build the Chromium step made (its dist/). WebKit
    // runs on Xvfb displays of its own (tests/engines/webkit.ts).
    name: 'browser tests in WebKit and Firefox (webdriverio, puppeteer-core)',
    cmd: ['vitest', 'run', '--config', 'tests/engines/vitest.config.ts'],
    build: 'checks',
    vitestReport: ENGINES_REPORT,
    precondition: () =>
      notInstalled([
        { file: '/usr/bin/firefox-esr', pkg: 'firefox-esr' },
        { file: '/usr/bin/WebKitWebDriver', pkg: 'webkit2gtk-driver' },
        { file: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', pkg: 'webkit2gtk-driver' },
        { file: '/usr/bin/Xvfb', pkg: 'xvfb' },
      ]),
  },
  {
    // The e2e step's server (node scripts/start.ts) has just built dist/; no timing, bytes only.
    name: 'page weight budgets (JS and CSS per built page, bench/budgets.json)',
    cmd: ['node', 'scripts/page-weight.ts', 'dist'],
    build: 'checks',
  },
  {
    // The same build, every page through the W3C Nu HTML Checker (offline, on Java).
    name: 'valid HTML on every built page (Nu HTML Checker)',
    cmd: ['node', 'scripts/check-html.ts', 'dist'],
    build: 'checks',
    precondition: () =>
      spawnSync('java', ['-version']).error
        ? 'Java not found: the Nu HTML Checker runs on it. Install it with: apt-get install -y default-jre-headless'
        : undefined,
  },
];

let chosen: Step[];
try {
  chosen = chooseSteps(steps, process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const results = new Map<Step, { ok: boolean; seconds: number; note?: string }>();
const env = (step: Step) => ({ ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...step.env });
const header = (step: Step) => `\n━━ ${step.name}: ${step.cmd.join(' ')}`;

/** The step that makes the build, when it ran and ended without one. */
let unbuilt: string | undefined;
const builtAt = () => (existsSync('dist/build.json') ? statSync('dist/build.json').mtimeMs : 0);

/** Why a step that checks the build cannot: no build of these sources. */
function buildRefusal(step: Step): string | undefined {
  if (step.build !== 'checks') return undefined;
  return unbuilt ? BUILD_STEP_FAILED(unbuilt) : staleBuild(process.cwd(), 'dist');
}

/** The step's precondition, if it refuses, recorded as a failure with its reason. */
function refused(step: Step): boolean {
  const reason = step.precondition?.() ?? buildRefusal(step);
  if (!reason) return false;
  console.log(header(step));
  console.error(reason);
  results.set(step, { ok: false, seconds: 0, note: reason });
  return true;
}

/** A static check, its output kept and printed in one piece when it ends, so side-by-side checks do not interleave. */
function runBuffered(step: Step): Promise<void> {
  const started = Date.now();
  const [bin, ...args] = step.cmd as [string, ...string[]];
  return new Promise((resolve) => {
    const child = spawn(bin, args, { env: env(step), stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => out.push(chunk));
    const done = (ok: boolean, extra = '') => {
      console.log(header(step));
      process.stdout.write(Buffer.concat(out));
      if (extra) console.error(extra);
      results.set(step, { ok, seconds: (Date.now() - started) / 1000 });
      resolve();
    };
    child.once('error', (error) => done(false, String(error)));
    child.once('close', (code) => done(code === 0));
  });
}

/** A test step, alone on the machine, its output streamed as it comes. */
function runStreamed(step: Step): void {
  const started = Date.now();
  console.log(header(step));
  // A report left by an earlier run must not name its failures as this run's.
  if (step.vitestReport) rmSync(step.vitestReport, { force: true });
  const [bin, ...args] = step.cmd as [string, ...string[]];
  const run = spawnSync(bin, args, { stdio: 'inherit', env: env(step) });
  const ok = run.status === 0;
  // A failed test leaves the build it made, which the checks after it read; a failed build leaves none.
  if (step.build === 'makes' && !ok && builtAt() < started) unbuilt = step.name;
  // The summary, which a CI log keeps when it cuts the rest, names each failed browser test, the slowest ones, those
  // nearest their timeout and how long the content editor took to start; for a Vitest step with a report, its
  // failed tests.
  const lines =
    step.cmd[0] === 'playwright'
      ? [
          ...(ok ? [] : ['failed:', ...failedTests()]),
          'slowest:',
          ...slowestTests(10),
          'nearest their timeout:',
          ...nearestTimeout(5),
          ...editorBoots(),
        ]
      : !ok && step.vitestReport
        ? ['failed:', ...failedVitestTests(step.vitestReport)]
        : [];
  results.set(step, {
    ok,
    seconds: (Date.now() - started) / 1000,
    ...(lines.length ? { note: `\n      ${lines.join('\n      ')}` } : {}),
  });
}

// Static checks side by side, one per core: each takes the first waiting check whose `after` has ended or is not
// run at all; when every waiting check waits on one that is running, it waits for a running check to end.
const waiting = chosen.filter((step) => step.static && !refused(step));
const staticNames = new Set(waiting.map((step) => step.name));
const running = new Set<Promise<void>>();
const ended = new Set<string>();
const ready = (step: Step) => !step.after || !staticNames.has(step.after) || ended.has(step.after);
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), waiting.length) }, async () => {
    while (waiting.length) {
      const next = waiting.find(ready);
      if (!next) {
        await Promise.race(running);
        continue;
      }
      waiting.splice(waiting.indexOf(next), 1);
      const run = runBuffered(next).then(() => void ended.add(next.name));
      running.add(run);
      await run;
      running.delete(run);
    }
  }),
);
for (const step of chosen.filter((s) => !s.static)) if (!refused(step)) runStreamed(step);

console.log('\n━━ Summary');
for (const step of chosen) {
  const r = results.get(step)!;
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${step.name}  (${r.seconds.toFixed(1)} s)${r.note ? ` — ${r.note}` : ''}`);
}
console.log(`\n${closingLines([...results.values()], steps.length).join('\n')}`);
process.exit([...results.values()].every((r) => r.ok) ? 0 : 1);
