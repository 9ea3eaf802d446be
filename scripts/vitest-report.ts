// A Vitest step's JSON report (its config writes it), read back by `npm test` for its summary: the tests that failed,
// by name, with their error's first line, so a CI log that keeps only the summary still says what broke.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** The cross-engine tests' report (tests/engines/vitest.config.ts). */
export const ENGINES_REPORT = 'test-results/engines-report.json';

interface Report {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] | null }[];
  }[];
}

const firstLine = (text: string) =>
  stripVTControlCharacters(text)
    .split('\n')
    .find((line) => line.trim())
    ?.trim() ?? '';

/**
 * One line per failed test: its file, its full name and its error's first line; a file that failed outside its
 * tests (a hook, the global setup, an import) gets one line with its message.
 */
export function failedVitestTests(file: string, root = process.cwd()): string[] {
  if (!existsSync(file)) return [`(no report at ${file}: the run ended before writing it)`];
  let report: Report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  } catch {
    return [`(${file} could not be read)`];
  }
  return (report.testResults ?? []).flatMap((module) => {
    const name = relative(root, module.name);
    const failed = (module.assertionResults ?? []).filter((test) => test.status === 'failed');
    const lines = failed.map(
      (test) => `${name} › ${test.fullName}: ${firstLine(test.failureMessages?.join('\n') ?? '') || 'failed'}`,
    );
    if (module.status === 'failed' && module.message) lines.push(`${name}: ${firstLine(module.message)}`);
    if (module.status === 'failed' && !lines.length) lines.push(`${name}: failed`);
    return lines;
  });
}
