// `npm test`: every check the project has, in order, with one summary at the end.
// A failing step does not hide the others: each runs, and the exit code is non-zero if any failed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROME_PATH as chromium } from './chromium.ts';
import { editorBoots, failedTests, slowestTests } from './e2e-report.ts';

interface Step {
  name: string;
  cmd: string[];
  /** Returns a reason to refuse the step before running it (a clear failure, never a silent skip). */
  precondition?: () => string | undefined;
  env?: Record<string, string>;
}

const steps: Step[] = [
  { name: 'type check (astro check)', cmd: ['astro', 'check', '--minimumSeverity', 'warning'] },
  { name: 'lint (eslint)', cmd: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'format check (prettier)', cmd: ['prettier', '--check', '.'] },
  { name: 'unused files, exports and dependencies (knip)', cmd: ['knip'] },
  { name: 'OpenAPI lint (redocly)', cmd: ['redocly', 'lint', 'client/openapi.yaml', '--format', 'stylish'] },
  { name: 'generated client types are fresh', cmd: ['node', 'scripts/check-generated.ts'] },
  {
    name: 'import rules (dependency-cruiser: no circle, layers, one-way features, load on use)',
    cmd: ['depcruise', 'src', 'client', 'scripts', 'tests', '--config', '.dependency-cruiser.cjs'],
  },
  {
    // Offline: relative files and #anchors only (.remarkrc.mjs).
    name: 'links in the Markdown docs (remark-validate-links)',
    cmd: [
      'remark',
      '--no-stdout',
      '--quiet',
      '--frail',
      'README.md',
      'docs',
      'client/README.md',
      'client/mock/seed/README.md',
      'bench/README.md',
    ],
  },
  { name: 'references to the docs from code and messages', cmd: ['node', 'scripts/check-links.ts'] },
  { name: 'unit and contract tests (vitest)', cmd: ['vitest', 'run'] },
  {
    name: 'browser end-to-end tests (playwright, Chromium)',
    cmd: ['playwright', 'test'],
    // Always a fresh build: a storefront server left running from earlier work would otherwise be reused, and the
    // page-weight step below would then weigh an old dist/.
    env: { E2E_FRESH_BUILD: '1' },
    precondition: () =>
      existsSync(chromium)
        ? undefined
        : `Chromium not found at ${chromium}. Install it with: apt-get install -y chromium (or set CHROME_PATH).`,
  },
  {
    // The shopper's main paths in the two other engines, against the build the Chromium step made (its dist/). WebKit
    // runs on Xvfb displays of its own (tests/engines/webkit.ts).
    name: 'browser tests in WebKit and Firefox (webdriverio, puppeteer-core)',
    cmd: ['vitest', 'run', '--config', 'tests/engines/vitest.config.ts'],
    precondition: () => {
      const missing = [
        ['/usr/bin/firefox-esr', 'firefox-esr'],
        ['/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
        ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', 'webkit2gtk-driver'],
        ['/usr/bin/Xvfb', 'xvfb'],
      ].filter(([file]) => !existsSync(file!));
      if (missing.length)
        return `Not installed: ${missing.map(([, pkg]) => pkg).join(', ')}. Install with: apt-get install -y ${missing.map(([, pkg]) => pkg).join(' ')}`;
      return existsSync('dist/index.html') ? undefined : 'dist/ has no build: the Chromium step builds it.';
    },
  },
  {
    // The e2e step's server (node scripts/start.ts) has just built dist/; no timing, bytes only.
    name: 'page weight budgets (JS and CSS per built page, bench/budgets.json)',
    cmd: ['node', 'scripts/page-weight.ts', 'dist'],
    precondition: () =>
      existsSync('dist/index.html')
        ? undefined
        : 'dist/ has no build: the e2e step builds it (node scripts/start.ts), or run node scripts/start.ts --build-only.',
  },
  {
    // The same build, every page through the W3C Nu HTML Checker (offline, on Java).
    name: 'valid HTML on every built page (Nu HTML Checker)',
    cmd: ['node', 'scripts/check-html.ts', 'dist'],
    precondition: () =>
      spawnSync('java', ['-version']).error
        ? 'Java not found: the Nu HTML Checker runs on it. Install it with: apt-get install -y default-jre-headless'
        : undefined,
  },
];

const only = process.argv.slice(2);
const results: { name: string; ok: boolean; seconds: number; note?: string }[] = [];

for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  const started = Date.now();
  console.log(`\n━━ ${step.name}: ${step.cmd.join(' ')}`);
  const refused = step.precondition?.();
  if (refused) {
    console.error(refused);
    results.push({ name: step.name, ok: false, seconds: 0, note: refused });
    continue;
  }
  const [bin, ...args] = step.cmd as [string, ...string[]];
  const run = spawnSync(bin, args, {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...step.env },
  });
  const ok = run.status === 0;
  // The summary, which a CI log keeps when it cuts the rest, names each failed browser test, the slowest ones and
  // how long the content editor took to start.
  const lines =
    step.cmd[0] === 'playwright'
      ? [...(ok ? [] : ['failed:', ...failedTests()]), 'slowest:', ...slowestTests(10), ...editorBoots()]
      : [];
  results.push({
    name: step.name,
    ok,
    seconds: (Date.now() - started) / 1000,
    ...(lines.length ? { note: `\n      ${lines.join('\n      ')}` } : {}),
  });
}

console.log('\n━━ Summary');
for (const r of results) {
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds.toFixed(1)} s)${r.note ? ` — ${r.note}` : ''}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(failed ? `\n${failed} step(s) failed.` : '\nAll checks passed.');
process.exit(failed ? 1 : 0);
