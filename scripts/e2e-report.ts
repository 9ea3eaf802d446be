// The browser tests' JSON report (playwright.config.ts writes it), read back by `npm test` to name the failed tests
// in its summary.
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

export const E2E_REPORT = 'test-results/e2e-report.json';

interface Suite {
  title: string;
  suites?: Suite[];
  specs?: {
    title: string;
    tests: { projectName: string; results: { status: string; error?: { message?: string } }[] }[];
  }[];
}

/** One line per test that did not pass in its last try: project, file and title, and its error's first line. */
export function failedTests(file = E2E_REPORT): string[] {
  if (!existsSync(file)) return [];
  let report: { suites?: Suite[] };
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as { suites?: Suite[] };
  } catch {
    return [`(${file} could not be read)`];
  }
  const lines: string[] = [];
  const walk = (suite: Suite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const last = test.results.at(-1);
        if (!last || last.status === 'passed' || last.status === 'skipped') continue;
        const error = stripVTControlCharacters(last.error?.message ?? last.status).split('\n')[0];
        lines.push(`[${test.projectName}] ${[...path, spec.title].filter(Boolean).join(' › ')}: ${error}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return lines;
}
