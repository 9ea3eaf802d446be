import { describe, expect, it } from 'vitest';
import { loadBudgetConfig, checkBudgets } from './budgets.ts';
import type { RunFigures } from './lighthouse.ts';
import type { PageWeight } from './page-assets.ts';
import { formatInteractions, firstInteractionNote } from './report.ts';
import {
  budgetFigures,
  checkInteractions,
  fromDelivery,
  longestEvent,
  isQuiet,
  median,
  PAGE_KEYS,
  pickRuns,
  scoreWithout,
  summarise,
  summariseInteractions,
  phasesOf,
  withFloorRatios,
  type InteractionRun,
  type PageResult,
} from './summary.ts';

// Lighthouse loads the pages through the TLS front: the recorded URLs name its origin.
const origin = 'https://127.0.0.1:4443';
const SCRIPTS = ['/_astro/a.js', '/_astro/b.js'];

function run(lcpMs: number, overrides: Partial<RunFigures> = {}): RunFigures {
  const scripts = SCRIPTS.map((path) => ({ url: `${origin}${path}`, transferBytes: 700 }));
  return {
    scores: { performance: 0.99, accessibility: 1, bestPractices: 1, seo: 0.66 },
    scoredAudits: {
      performance: [{ id: 'largest-contentful-paint', weight: 25, score: 0.99 }],
      accessibility: [{ id: 'image-alt', weight: 10, score: 1 }],
      bestPractices: [{ id: 'errors-in-console', weight: 1, score: 1 }],
      // noindex: is-crawlable fails, the rest passes (Lighthouse's score: 8/12 = 0.67 rounded as it rounds)
      seo: [
        { id: 'is-crawlable', weight: 4, score: 0 },
        { id: 'document-title', weight: 1, score: 1 },
        { id: 'meta-description', weight: 1, score: 1 },
        { id: 'link-text', weight: 1, score: 1 },
        { id: 'canonical', weight: 1, score: null },
        { id: 'hreflang', weight: 1, score: 1 },
      ],
    },
    lcpMs,
    fcpMs: 800,
    tbtMs: 10,
    mainThreadMs: 1000,
    cls: 0,
    speedIndexMs: 900,
    totalTransferBytes: 30000,
    scripts,
    jsTransferBytes: 1400,
    walletSdkRequested: [],
    benchmarkIndex: 2000,
    loadAverage: 1,
    report: `lighthouse/run-${lcpMs}.html`,
    ...overrides,
  };
}

const page = (runs: RunFigures[], path = '/'): PageResult => ({ path, status: 'measured', runs, failedRuns: [] });

describe('median', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('scoreWithout', () => {
  it("keeps Lighthouse's score when no exempt audit is in the category", () => {
    expect(scoreWithout(run(1000), 'performance', ['is-crawlable'])).toBe(0.99);
  });

  it('recomputes the weighted mean without the exempt audit', () => {
    const passing = run(1000);
    const seo = passing.scoredAudits.seo.map((a) => (a.id === 'canonical' ? { ...a, score: 1 } : a));
    expect(scoreWithout({ ...passing, scoredAudits: { ...passing.scoredAudits, seo } }, 'seo', ['is-crawlable'])).toBe(
      1,
    );
    const failing = seo.map((a) => (a.id === 'link-text' ? { ...a, score: 0 } : a));
    expect(
      scoreWithout({ ...passing, scoredAudits: { ...passing.scoredAudits, seo: failing } }, 'seo', ['is-crawlable']),
    ).toBe(0.8);
  });

  it('gives no score (so the budget misses) when a kept audit has none, as Lighthouse does', () => {
    expect(scoreWithout(run(1000), 'seo', ['is-crawlable'])).toBeNaN();
  });
});

describe('pickRuns', () => {
  it('keeps the runs measured on the least busy machine, in run order', () => {
    const runs = [1900, 400, 2100, 800, 2000].map((benchmarkIndex) => run(1000, { benchmarkIndex }));
    expect(pickRuns(runs, 3)).toEqual([0, 2, 4]);
    expect(pickRuns(runs, 10)).toEqual([0, 1, 2, 3, 4]);
  });

  it('prefers a quiet run to a faster benchmark taken while the load average was high', () => {
    const runs = [
      run(1000, { benchmarkIndex: 2400, loadAverage: 12 }),
      run(1000, { benchmarkIndex: 1500, loadAverage: 1 }),
    ];
    expect(isQuiet(runs[0]!, 2)).toBe(false);
    expect(isQuiet(runs[1]!, 2)).toBe(true);
    expect(pickRuns(runs, 1)).toEqual([1]);
  });
});

describe('summarise', () => {
  it('takes the medians from the quietest runs and still counts every run for the wallet SDK', () => {
    const runs = [
      run(3000, { benchmarkIndex: 500, tbtMs: 900, walletSdkRequested: ['/demo-wallet/sdk.js'] }),
      run(1000, { benchmarkIndex: 2000 }),
      run(1200, { benchmarkIndex: 1900 }),
      run(1100, { benchmarkIndex: 2100 }),
    ];
    const result = summarise(page(runs), undefined, 3);
    expect(result.runsUsed).toEqual([1, 2, 3]);
    expect(result.medians).toMatchObject({ lcpMs: 1100, tbtMs: 10 });
    expect(result.walletSdkRuns).toBe(1);
  });

  it("reports medians, the scripts of the load as sent, and the median run's report", () => {
    const result = summarise(
      page([run(1400), run(1000, { tbtMs: 90 }), run(1200, { walletSdkRequested: ['x/demo-wallet/sdk.js'] })]),
      undefined,
    );
    expect(result.medians).toMatchObject({ lcpMs: 1200, tbtMs: 10, jsTransferBytes: 1400 });
    expect(result.walletSdkRuns).toBe(1);
    expect(result.report).toBe('lighthouse/run-1200.html');
  });

  it("checks the byte budgets against the build's figures, the ones npm test checks, and misses without them", () => {
    const weight = (js: number) => ({ js: { gzipBytes: js }, css: { gzipBytes: 9000 } }) as PageWeight;
    const check = (result: PageResult) =>
      checkBudgets(loadBudgetConfig(), '/', budgetFigures(result), ['jsGzipBytes', 'cssGzipBytes']).map((c) => c.ok);
    expect(check(summarise(page([run(1000)]), weight(80_000)))).toEqual([true, true]);
    expect(check(summarise(page([run(1000)]), weight(90_000)))).toEqual([false, true]);
    expect(check(summarise(page([run(1000)]), undefined))).toEqual([false, false]);
  });

  it('flags a page whose every run failed', () => {
    const failed = summarise({ ...page([]), failedRuns: ['timeout'] }, undefined);
    expect(failed.status).toBe('failed');
  });
});

describe('budget figures', () => {
  it('turns a summarised page into budget checks, with the floor ratio and the wallet SDK', () => {
    const config = loadBudgetConfig();
    const floor = summarise(page([run(500, { mainThreadMs: 200 })], '/__bench/floor'), undefined);
    const ours = withFloorRatios(
      summarise(page([run(700, { walletSdkRequested: ['/demo-wallet/sdk.js'], mainThreadMs: 1500 })]), undefined),
      floor,
    );
    expect(ours.ratios?.lcpToFloor).toBeCloseTo(1.4);
    // The main thread against the floor's in the same bench: 7.5 misses the budget of 7.
    expect(ours.ratios?.mainThreadToFloor).toBeCloseTo(7.5);
    const misses = checkBudgets(config, '/', budgetFigures(ours), PAGE_KEYS)
      .filter((c) => !c.ok)
      .map((c) => c.key);
    // The byte figures come from the build, which this page was not given: unmeasured, so they miss too; the
    // fixture's SEO score (0.66, a noindex page) misses on /, which exempts nothing.
    expect(misses.sort()).toEqual([
      'cssGzipBytes',
      'jsGzipBytes',
      'lcpToFloor',
      'mainThreadToFloor',
      'seo',
      'walletSdkOnFirstLoad',
    ]);
  });

  it("checks the scores of a page with exempt audits without them, and keeps Lighthouse's own score", () => {
    const passing = run(900);
    const seo = passing.scoredAudits.seo.map((a) => (a.id === 'canonical' ? { ...a, score: 1 } : a));
    const noindex = { ...passing, scoredAudits: { ...passing.scoredAudits, seo } };
    const result = summarise(page([noindex], '/checkout'), undefined, 1, ['is-crawlable']);
    expect(result.medians?.seo).toBe(1);
    expect(result.lighthouseScores).toEqual({ seo: 0.66 });
    expect(result.exemptAudits).toEqual(['is-crawlable']);
  });
});

describe('interactions', () => {
  const tap = (interactionId: number, ...durations: number[]) =>
    durations.map((duration) => ({ interactionId, duration }));
  const runOf = (latencyMs: InteractionRun['latencyMs'], overrides: Partial<InteractionRun> = {}): InteractionRun => ({
    latencyMs,
    benchmarkIndex: 2000,
    loadAverage: 1,
    ...overrides,
  });

  it("takes a step's longest event of an interaction, as INP does; events of no interaction do not count", () => {
    const entries = [...tap(7, 24, 24, 56), ...tap(9, 16, 104), ...tap(0, 300)];
    expect(longestEvent(entries)).toEqual({ interactionId: 9, duration: 104 });
    expect(longestEvent(tap(0, 300))).toBeUndefined();
  });

  it('takes the median per interaction from the quietest runs; one under the reporting threshold counts as the threshold', () => {
    const result = summariseInteractions(
      {
        page: '/',
        failedRuns: [],
        runs: [
          runOf({ 'next image': 120, 'open the cart': 48 }),
          runOf({ 'next image': 400, 'open the cart': 400 }, { benchmarkIndex: 600 }),
          runOf({ 'next image': 104, 'open the cart': null }),
          runOf({ 'next image': 136, 'open the cart': null }),
        ],
      },
      3,
    );
    expect(result.runsUsed).toEqual([0, 2, 3]);
    expect(result.medians).toEqual({ 'next image': 120, 'open the cart': 16 });
    // The busy run is not among them, so the slowest is picked among the quiet ones.
    expect(result.slowest?.['next image']).toMatchObject({ run: 3, latencyMs: 136 });
  });

  it("takes the floor page's tap from the runs used, prints it beside the interactions and never checks it", () => {
    const runs = [
      runOf({ 'next image': 120 }, { floorTapMs: 32 }),
      runOf({ 'next image': 400 }, { floorTapMs: 400, benchmarkIndex: 600 }),
      runOf({ 'next image': 104 }, { floorTapMs: 40 }),
      runOf({ 'next image': 136 }, { floorTapMs: 24 }),
    ];
    const result = summariseInteractions({ page: '/', runs, failedRuns: [] }, 3);
    expect(result.floorTapMs).toBe(32);
    const checks = checkInteractions(loadBudgetConfig(), result);
    expect(checks.map((c) => c.what)).toEqual(['next image']);
    expect(formatInteractions(result, checks)).toMatch(
      /floor page: a tap on a button .* \(not budgeted\)\s+32 ms\s+32 ms\s+40 ms\s+24 ms\n/,
    );
    // A run without it (bench:compare has no floor page) leaves it out.
    expect(
      summariseInteractions({ page: '/', runs: [runOf({ 'next image': 120 })], failedRuns: [] }),
    ).not.toHaveProperty('floorTapMs');
  });

  it("splits an event into the browser's phases, and prints them for each interaction's slowest run", () => {
    const phases = phasesOf({ startTime: 1000, processingStart: 1049, processingEnd: 1076, duration: 104 });
    expect(phases).toEqual({ inputDelay: 49, handlers: 27, toPaint: 28 });
    // The duration is rounded to 8 ms: what it leaves after the handlers is never below 0.
    expect(phasesOf({ startTime: 0, processingStart: 10, processingEnd: 20, duration: 16 }).toPaint).toBe(0);
    const run = runOf({ 'pick a variant': 104 }, { phasesMs: { 'pick a variant': phases } });
    const result = summariseInteractions({ page: '/', runs: [run], failedRuns: [] });
    expect(result.slowest?.['pick a variant']?.phasesMs).toEqual(phases);
    expect(formatInteractions(result, [])).toContain(
      'pick a variant: run 1, 104 ms: input delay 49, handlers 27, to the paint 28; no trace',
    );
  });

  it('counts an event from when the page had the tap, and says how long DevTools held it before', () => {
    const raw = { interactionId: 3, startTime: 1000, processingStart: 1060, processingEnd: 1062, duration: 104 };
    const entry = fromDelivery(raw, 52);
    expect(entry).toEqual({ ...raw, startTime: 1052, duration: 52 });
    expect(phasesOf(entry)).toEqual({ inputDelay: 8, handlers: 2, toPaint: 42 });
    expect(fromDelivery({ ...raw, duration: 16 }, 20).duration).toBe(0);
    const run = runOf(
      { 'pick a variant': 52 },
      { phasesMs: { 'pick a variant': phasesOf(entry) }, heldMs: { 'pick a variant': 52 } },
    );
    const result = summariseInteractions({ page: '/', runs: [run], failedRuns: [] });
    expect(formatInteractions(result, [])).toContain(
      'pick a variant: run 1, 52 ms, held by DevTools before that 52: input delay 8, handlers 2, to the paint 42;',
    );
  });

  it("checks each interaction against the page's budget, and counts no figures at all as a miss", () => {
    const config = loadBudgetConfig();
    const checks = checkInteractions(config, {
      page: '/',
      runs: [],
      failedRuns: [],
      medians: { 'next image': 120, 'open the cart': 48 },
    });
    expect(checks.map((c) => [c.what, c.key, c.ok])).toEqual([
      ['next image', 'interactionMs', false],
      ['open the cart', 'interactionMs', true],
    ]);
    expect(checkInteractions(config, { page: '/', runs: [], failedRuns: ['timeout'] })).toMatchObject([
      { what: 'every interaction', ok: false, actual: undefined },
    ]);
    // Pages where no interaction is scripted have no interaction budget.
    expect(checkInteractions(config, { page: '/checkout', runs: [], failedRuns: [] })).toEqual([]);
  });

  it('prints the medians and the runs used, marks a miss, and says when the first interaction dominates', () => {
    const runs = [runOf({ 'next image': 120, 'pick a variant': 56, 'close the cart': null })];
    const result = summariseInteractions({ page: '/', runs, failedRuns: [] });
    const table = formatInteractions(result, checkInteractions(loadBudgetConfig(), result));
    expect(table).toMatch(/next image\s+120 ms ✗\s+120 ms/);
    expect(table).toMatch(/close the cart\s+<= 16 ms\s+<= 16 ms/);
    expect(table).toContain('The first interaction (next image) dominates: 120 ms against 56 ms');
    expect(firstInteractionNote({ 'next image': 80, 'pick a variant': 56 })).toBeUndefined();
  });
});
