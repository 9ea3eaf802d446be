import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_BOOT, editorBoots, failedTests, nearestTimeout, slowestTests } from './e2e-report.ts';

const result = (status: string, duration: number, message?: string, boots: number[] = [], steps?: object[]) => ({
  status,
  duration,
  ...(message ? { error: { message } } : {}),
  annotations: boots.map((ms) => ({ type: EDITOR_BOOT, description: String(ms) })),
  ...(steps ? { steps } : {}),
});

/** A report as Playwright's JSON reporter writes it: a file suite, a describe inside, tests per project. */
function report(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'e2e-report-')), 'report.json');
  const spec = (title: string, ...tests: object[]) => ({ title, tests });
  const test = (projectName: string, timeout: number, ...results: object[]) => ({ projectName, timeout, results });
  writeFileSync(
    file,
    JSON.stringify({
      suites: [
        {
          title: 'cart.spec.ts',
          specs: [spec('a quick one', test('phone', 30_000, result('passed', 1_200)))],
          suites: [
            {
              title: 'drawer',
              specs: [
                spec(
                  'opens',
                  test('phone', 30_000, result('passed', 16_000)),
                  test(
                    'desktop',
                    30_000,
                    result('timedOut', 30_100, '\u001b[31mTest timeout of 30000ms exceeded.\u001b[39m\nmore'),
                  ),
                ),
                spec('skipped', test('desktop', 30_000, result('skipped', 0))),
                spec(
                  'rebuilds',
                  test(
                    'desktop',
                    180_000,
                    result(
                      'timedOut',
                      181_000,
                      'Tearing down "context" exceeded the test timeout of 180000ms.',
                      [],
                      [
                        { title: 'the editor saves', duration: 20_500 },
                        { title: 'the rebuild', duration: 119_000 },
                      ],
                    ),
                  ),
                ),
                spec(
                  'editor',
                  test(
                    'desktop',
                    240_000,
                    result('failed', 500, 'first', [9_000]),
                    result('passed', 40_000, '', [2_500]),
                  ),
                  test('phone', 240_000, result('passed', 1_000, '', [3_100, 4_250])),
                ),
              ],
            },
          ],
        },
      ],
    }),
  );
  return file;
}

describe('the browser tests in the summary', () => {
  it("names each test that failed in its last try, with the first line of its error and its steps' times", () => {
    expect(failedTests(report())).toEqual([
      '[desktop] cart.spec.ts › drawer › opens: Test timeout of 30000ms exceeded.',
      '[desktop] cart.spec.ts › drawer › rebuilds: Tearing down "context" exceeded the test timeout of 180000ms.' +
        ' (the editor saves 20.5 s, the rebuild 119.0 s, the rest 41.5 s)',
    ]);
  });

  it('lists the slowest tests first, with their timeout, marking those past half of it', () => {
    expect(slowestTests(3, report())).toEqual([
      '181.0 s of 180.0 s (101 %) past half its timeout  [desktop] cart.spec.ts › drawer › rebuilds',
      ' 40.0 s of 240.0 s (17 %)  [desktop] cart.spec.ts › drawer › editor',
      ' 30.1 s of 30.0 s (100 %) past half its timeout  [desktop] cart.spec.ts › drawer › opens',
    ]);
  });

  it('lists the tests nearest their own timeout first, however short', () => {
    expect(nearestTimeout(4, report())).toEqual([
      '181.0 s of 180.0 s (101 %) past half its timeout  [desktop] cart.spec.ts › drawer › rebuilds',
      ' 30.1 s of 30.0 s (100 %) past half its timeout  [desktop] cart.spec.ts › drawer › opens',
      ' 16.0 s of 30.0 s (53 %) past half its timeout  [phone] cart.spec.ts › drawer › opens',
      ' 40.0 s of 240.0 s (17 %)  [desktop] cart.spec.ts › drawer › editor',
    ]);
  });

  it("gives the editor's start times of every test's last try: how many, the median and the slowest", () => {
    expect(editorBoots(report())).toEqual(['editor start: 3 times, median 3.1 s, slowest 4.3 s']);
  });

  it('has nothing to say without a report, and says so when the report is unreadable', () => {
    expect(failedTests('no-such-report.json')).toEqual([]);
    expect(slowestTests(10, 'no-such-report.json')).toEqual([]);
    expect(nearestTimeout(5, 'no-such-report.json')).toEqual([]);
    expect(editorBoots('no-such-report.json')).toEqual([]);
    const broken = join(mkdtempSync(join(tmpdir(), 'e2e-report-')), 'report.json');
    writeFileSync(broken, '{oops');
    expect(failedTests(broken)).toEqual([`(${broken} could not be read)`]);
  });
});
