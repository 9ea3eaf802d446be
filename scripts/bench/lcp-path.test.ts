import { describe, expect, it } from 'vitest';
import { formatLcpPath, pathRequests, type NodeTimings } from './lcp-path.ts';
import { formatNotes } from './report.ts';
import type { PageResult } from './summary.ts';

const origin = 'https://127.0.0.1:4000';
const request = (url: string, transferSize: number) => ({ type: 'network', request: { url, transferSize } });

// A real simulation's shape: the product page's document fills most of the first round trip, so its stylesheet
// costs another one (figures from a Lighthouse run of `/`).
const timings: NodeTimings = new Map<Parameters<NodeTimings['set']>[0], { startTime: number; endTime: number }>([
  [request(`${origin}/_astro/Base.css`, 8862), { startTime: 780.2, endTime: 930.4 }],
  [{ type: 'cpu' }, { startTime: 780, endTime: 791 }],
  [request(`${origin}/`, 12_527), { startTime: 0, endTime: 780.2 }],
  [request(`${origin}/_astro/hero.avif`, 5036), { startTime: 930.4, endTime: 930.4 }],
  [request('https://images.example/x.avif', 900), { startTime: 931, endTime: 1200 }],
]);

describe("the path to a page's LCP in Lighthouse's simulation", () => {
  it('lists the requests in the order they started, without the main-thread work, named on the page origin', () => {
    expect(pathRequests(timings, origin)).toEqual([
      { url: '/', transferBytes: 12_527, startMs: 0, endMs: 780 },
      { url: '/_astro/Base.css', transferBytes: 8862, startMs: 780, endMs: 930 },
      { url: '/_astro/hero.avif', transferBytes: 5036, startMs: 930, endMs: 930 },
      { url: 'https://images.example/x.avif', transferBytes: 900, startMs: 931, endMs: 1200 },
    ]);
  });

  it('prints each request with its span and size', () => {
    expect(formatLcpPath(pathRequests(timings, origin).slice(0, 2))).toBe(
      '/ 0–780 ms (12.5 KB), /_astro/Base.css 780–930 ms (8.9 KB)',
    );
  });

  const page = (path: string, lcpPath = pathRequests(timings, origin)): PageResult => ({
    path,
    status: 'measured',
    runs: [],
    failedRuns: [],
    lcpPath,
  });
  const floor = page('/__bench/floor', [{ url: '/__bench/floor', transferBytes: 4476, startMs: 0, endMs: 780 }]);
  const check = (ok: boolean) => ({ page: '/', key: 'lcpToFloor' as const, budget: 1.05, actual: 1.14, ok });

  it("is printed, with the floor's beside it, when the page misses an LCP budget", () => {
    expect(formatNotes([page('/')], [check(false)], floor)).toEqual([
      `/ waited for its LCP, as Lighthouse simulates the load: ${formatLcpPath(pathRequests(timings, origin))}`,
      '  the floor page: /__bench/floor 0–780 ms (4.5 KB)',
    ]);
  });

  it('is not printed when the LCP budgets are met', () => {
    expect(formatNotes([page('/')], [check(true)], floor)).toEqual([]);
  });
});
