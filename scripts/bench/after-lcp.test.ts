import { describe, expect, it } from 'vitest';
import { afterLcp, formatAfterLcp } from './after-lcp.ts';
import { formatNotes } from './report.ts';
import type { PageResult } from './summary.ts';
import type { TraceEvent } from './trace-breakdown.ts';

const main = { pid: 7, tid: 7 };
const task = (ts: number, dur: number, thread = main): TraceEvent => ({ name: 'RunTask', ph: 'X', ts, dur, ...thread });
const frame = (ts: number): TraceEvent => ({ name: 'BeginMainThreadFrame', ph: 'I', ts, ...main });
const candidate = (ts: number, outermost = true): TraceEvent => ({
  name: 'largestContentfulPaint::Candidate',
  ph: 'I',
  ts,
  ...main,
  args: { data: { isOutermostMainFrame: outermost } },
});

describe("a load's main-thread work split at its LCP", () => {
  const events = [
    task(0, 30_000),
    task(40_000, 10_000),
    candidate(20_000),
    // The last candidate of the main frame is the LCP; one of another frame is not.
    candidate(45_000),
    candidate(90_000, false),
    task(60_000, 6000),
    frame(61_000),
    task(80_000, 2000),
    task(80_500, 500), // inside the task above: not counted twice
    task(100_000, 300), // nested, starting with its outer task (listed first here): the outer one counts
    task(100_000, 2000),
    frame(100_500),
    // Another thread's work is not the page's.
    task(60_000, 50_000, { pid: 7, tid: 9 }),
  ];

  it('gives the share of task time after the LCP and the frames made there', () => {
    expect(afterLcp(events)).toEqual({ share: 10 / 50, frames: 2 });
  });

  it('is undefined for a trace without an LCP', () => {
    expect(afterLcp([task(0, 1000), candidate(10, false)])).toBeUndefined();
  });

  it('reads as a share and a count', () => {
    expect(formatAfterLcp({ share: 0.372, frames: 27 })).toBe('37 % after its LCP, in 27 frames');
    expect(formatAfterLcp({ share: 0.05, frames: 1 })).toBe('5 % after its LCP, in 1 frame');
  });

  const page = (path: string, share: number, frames: number): PageResult => ({
    path,
    status: 'measured',
    runs: [],
    failedRuns: [],
    afterLcp: { share, frames },
  });
  const check = (ok: boolean) => ({
    page: '/thank-you',
    key: 'mainThreadToFloor' as const,
    budget: 4,
    actual: 4.6,
    ok,
  });

  it("is printed, with the floor's, when a page misses its main-thread budget", () => {
    expect(formatNotes([page('/thank-you', 0.37, 27)], [check(false)], page('/__bench/floor', 0.1, 2))).toEqual([
      "/thank-you's main-thread work at load: 37 % after its LCP, in 27 frames (medians); the floor page's: 10 % after its LCP, in 2 frames",
    ]);
  });

  it('is not printed when the budget is met', () => {
    expect(formatNotes([page('/thank-you', 0.37, 27)], [check(true)])).toEqual([]);
  });
});
