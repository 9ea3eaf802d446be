// The browser tests' JSON report (playwright.config.ts writes it), read back by `npm test` for its summary: the
// failed tests by name, and the slowest ones against their timeout, so a test drifting towards its limit is seen
// before it fails.
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

export const E2E_REPORT = 'test-results/e2e-report.json';

interface Annotation {
  type: string;
  description?: string;
}

/** The annotation under which the editor's tests record each start of the editor, in milliseconds. */
export const EDITOR_BOOT = 'editor boot ms';
/**
 * Decap's 5 MB bundle takes 2.4 to 7.2 s to show its first control on a 2-core machine, alone or beside a CPU-bound
 * process; `npm test` prints every start the suite made (EDITOR_BOOT). Nearly three times the slowest of those.
 */
export const EDITOR_BOOT_MS = 20_000;

/** A `test.step` of a test: a failed test's steps say where its time went. */
interface Step {
  title: string;
  duration: number;
}

interface Suite {
  title: string;
  suites?: Suite[];
  specs?: {
    title: string;
    tests: {
      projectName: string;
      timeout: number;
      annotations?: Annotation[];
      results: {
        status: string;
        duration: number;
        error?: { message?: string };
        annotations?: Annotation[];
        steps?: Step[];
      }[];
    }[];
  }[];
}

interface Run {
  /** `[project] file › describe › title` */
  name: string;
  status: string;
  durationMs: number;
  timeoutMs: number;
  error?: string;
  annotations: Annotation[];
  steps: Step[];
}

/** Every test's last try: none without a report, undefined when the report cannot be read. */
function runs(file: string): Run[] | undefined {
  if (!existsSync(file)) return [];
  let report: { suites?: Suite[] };
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as { suites?: Suite[] };
  } catch {
    return undefined;
  }
  const out: Run[] = [];
  const walk = (suite: Suite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const last = test.results.at(-1);
        if (!last) continue;
        out.push({
          name: `[${test.projectName}] ${[...path, spec.title].filter(Boolean).join(' › ')}`,
          status: last.status,
          durationMs: last.duration,
          timeoutMs: test.timeout,
          ...(last.error?.message ? { error: stripVTControlCharacters(last.error.message).split('\n')[0] } : {}),
          annotations: [...(test.annotations ?? []), ...(last.annotations ?? [])],
          steps: last.steps ?? [],
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return out;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Where a test's time went: each step, then the rest (outside steps: fixtures, hooks, unnamed work). */
function timeline(run: Run): string {
  if (!run.steps.length) return '';
  const inSteps = run.steps.reduce((sum, step) => sum + step.duration, 0);
  const parts = run.steps.map((step) => `${step.title} ${seconds(step.duration)} s`);
  return ` (${[...parts, `the rest ${seconds(Math.max(0, run.durationMs - inSteps))} s`].join(', ')})`;
}

/**
 * One line per test that did not pass in its last try: project, file and title, its error's first line, and the
 * time of each of its steps.
 */
export function failedTests(file = E2E_REPORT): string[] {
  const all = runs(file);
  if (!all) return [`(${file} could not be read)`];
  return all
    .filter((r) => r.status !== 'passed' && r.status !== 'skipped')
    .map((r) => `${r.name}: ${r.error ?? r.status}${timeline(r)}`);
}

const shareOfTimeout = (r: Run) => (r.timeoutMs > 0 ? r.durationMs / r.timeoutMs : 0);

function timed(r: Run): string {
  const share = shareOfTimeout(r);
  return `${seconds(r.durationMs).padStart(5)} s of ${seconds(r.timeoutMs)} s (${Math.round(share * 100)} %)${share > 0.5 ? ' past half its timeout' : ''}  ${r.name}`;
}

/** The `count` slowest tests, slowest first: time, share of the timeout (marked past half), and name. */
export function slowestTests(count = 10, file = E2E_REPORT): string[] {
  return (runs(file) ?? [])
    .filter((r) => r.status !== 'skipped')
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, count)
    .map(timed);
}

/** The `count` tests that came nearest their own timeout, nearest first: the margin a busy machine eats into. */
export function nearestTimeout(count = 5, file = E2E_REPORT): string[] {
  return (runs(file) ?? [])
    .filter((r) => r.status !== 'skipped')
    .sort((a, b) => shareOfTimeout(b) - shareOfTimeout(a))
    .slice(0, count)
    .map(timed);
}

/** How long the content editor took to show its first control, over every start the tests recorded. */
export function editorBoots(file = E2E_REPORT): string[] {
  const times = (runs(file) ?? [])
    .flatMap((r) => r.annotations.filter((a) => a.type === EDITOR_BOOT).map((a) => Number(a.description)))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (!times.length) return [];
  const median = times[Math.floor((times.length - 1) / 2)]!;
  return [`editor start: ${times.length} times, median ${seconds(median)} s, slowest ${seconds(times.at(-1)!)} s`];
}
