import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failedVitestTests } from './vitest-report.ts';

const dir = mkdtempSync(join(tmpdir(), 'vitest-report-'));
const write = (report: object) => {
  const file = join(dir, `${Math.random()}.json`);
  writeFileSync(file, JSON.stringify(report));
  return file;
};

describe('failedVitestTests', () => {
  it('names each failed test with its file and its error, and a file that failed outside its tests', () => {
    const file = write({
      testResults: [
        {
          name: '/repo/tests/engines/webkit.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            { fullName: 'WebKit, phone window pays', status: 'passed', failureMessages: [] },
            {
              fullName: 'WebKit, phone window a declined instrument',
              status: 'failed',
              failureMessages: [
                '\u001b[31m\nError: Waited 15000 ms for the drawer\u001b[39m\n    at until (engine.ts:1)',
              ],
            },
            { fullName: 'WebKit, desktop window pays', status: 'skipped', failureMessages: null },
          ],
        },
        {
          name: '/repo/tests/engines/firefox.test.ts',
          status: 'failed',
          message: 'Hook timed out in 60000ms.\nmore',
          assertionResults: [],
        },
        { name: '/repo/tests/engines/other.test.ts', status: 'passed', assertionResults: [] },
      ],
    });
    expect(failedVitestTests(file, '/repo')).toEqual([
      'tests/engines/webkit.test.ts › WebKit, phone window a declined instrument: Error: Waited 15000 ms for the drawer',
      'tests/engines/firefox.test.ts: Hook timed out in 60000ms.',
    ]);
  });

  it('nothing when every test passed', () => {
    const file = write({ testResults: [{ name: '/repo/a.test.ts', status: 'passed', assertionResults: [] }] });
    expect(failedVitestTests(file, '/repo')).toEqual([]);
  });

  it('says so when the report is missing or unreadable', () => {
    expect(failedVitestTests(join(dir, 'none.json'))).toEqual([
      `(no report at ${join(dir, 'none.json')}: the run ended before writing it)`,
    ]);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{');
    expect(failedVitestTests(broken)).toEqual([`(${broken} could not be read)`]);
  });
});
