// Reduces a page's Lighthouse runs, and the runs of the interaction script, to medians taken from the least
// disturbed runs, and turns them into the figures the budgets are written in.
import { availableParallelism } from 'node:os';
import { BUDGET_KEYS, checkBudgets, type BudgetConfig, type BudgetKey, type Check } from './budgets.ts';
import type { AfterLcp } from './after-lcp.ts';
import type { PathRequest } from './lcp-path.ts';
import type { CategoryKey, RunFigures } from './lighthouse.ts';
import type { PageWeight } from './page-assets.ts';
import type { Breakdown } from './trace-breakdown.ts';

/** What a run records of the machine it ran on. */
export interface Sample {
  benchmarkIndex?: number;
  loadAverage: number;
}

export interface Measured<R extends Sample> {
  runs: R[];
  failedRuns: string[];
  /** Indexes of the runs the medians are taken from: the least disturbed ones (see pickRuns). */
  runsUsed?: number[];
}

interface Medians extends Record<CategoryKey, number> {
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  mainThreadMs: number;
  cls: number;
  speedIndexMs: number;
  /** Script responses of the load as sent (the server's compression, headers included): shown, not budgeted. */
  jsTransferBytes: number;
  totalTransferBytes: number;
}

export interface PageResult extends Measured<RunFigures> {
  path: string;
  status: 'measured' | 'not built yet' | 'failed';
  url?: string;
  error?: string;
  medians?: Medians;
  /** Runs in which the wallet SDK was requested, out of the measured runs. */
  walletSdkRuns?: number;
  /** Lighthouse's report of the run whose LCP is the median one. */
  report?: string;
  /** That run's path to its LCP, as Lighthouse simulated the load. */
  lcpPath?: PathRequest[];
  /** The share of the main thread's work after the LCP and the frames it made there (medians of the runs used). */
  afterLcp?: AfterLcp;
  /** Audits the page fails by design (bench/budgets.json exemptAudits): its scores above are computed without them. */
  exemptAudits?: string[];
  /** Lighthouse's own category scores (medians), when an exempt audit made them differ from the ones above. */
  lighthouseScores?: Partial<Record<CategoryKey, number>>;
  /** The deterministic size check on the same build. */
  build?: { jsGzipBytes: number; cssGzipBytes: number };
  ratios?: { lcpToFloor?: number; mainThreadToFloor?: number; bytesToFloor?: number };
}

export interface InteractionRun extends Sample {
  /** Per interaction, in the order made: its latency in ms, or null when no event reached the reporting threshold. */
  latencyMs: Record<string, number | null>;
  /** Per interaction: where its longest event's time went on the main thread (scripts/bench/trace-breakdown.ts). */
  breakdownMs?: Record<string, Breakdown>;
  /** Per interaction: its longest event's phases, as the browser timed them from the page's receipt of the tap. */
  phasesMs?: Record<string, Phases>;
  /** Per interaction: how long the browser held the injected tap before the page had it, left out of its latency. */
  heldMs?: Record<string, number>;
  /** Per interaction: the trace of the pass that made it. */
  traces?: Record<string, string>;
  /** A tap on the floor page's button that only changes its own text (median of a few): the floor of a tap. */
  floorTapMs?: number;
}

/** An interaction's slowest run among those used: its latency, where the time went and its trace. */
interface SlowestRun {
  run: number;
  latencyMs: number;
  breakdownMs?: Breakdown;
  phasesMs?: Phases;
  heldMs?: number;
  trace?: string;
}

export interface InteractionResult extends Measured<InteractionRun> {
  page: string;
  /** Per interaction: the median latency of the runs used (an interaction under the threshold counts as the threshold). */
  medians?: Record<string, number>;
  slowest?: Record<string, SlowestRun>;
  /** The floor page's tap, median of the runs used; not budgeted, it is what every interaction's figure includes. */
  floorTapMs?: number;
}

/** The smallest duration the Event Timing API reports (its durationThreshold floor); a faster interaction has no entry. */
export const EVENT_THRESHOLD_MS = 16;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (!sorted.length) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Below this Lighthouse benchmarkIndex a run counts as disturbed (a quiet 2-core machine here scores ~2000). */
export const BUSY_BENCHMARK_INDEX = 1200;
/** Above this one-minute load average per core a run counts as disturbed, whatever its benchmarkIndex. */
export const BUSY_LOAD_PER_CORE = 2;

/**
 * The benchmarkIndex is a half-second sample at the start of a run; the load average covers the whole run (start
 * and end), so a run is quiet only when both say so.
 */
export function isQuiet(run: Sample, cores = availableParallelism()): boolean {
  return (run.benchmarkIndex ?? 0) >= BUSY_BENCHMARK_INDEX && run.loadAverage <= BUSY_LOAD_PER_CORE * cores;
}

/**
 * The `wanted` runs measured on the least busy machine (quiet runs first, then highest benchmarkIndex), in run
 * order. A run that shared the CPU with other work overstates every CPU-bound figure (Lighthouse simulates a slow
 * phone from the work it observes; the interactions run on a CPU slowed down 4x); the bench repeats such runs while
 * time allows and keeps the quietest.
 */
export function pickRuns(runs: Sample[], wanted: number): number[] {
  return runs
    .map((run, index) => ({ index, quiet: isQuiet(run) ? 1 : 0, speed: run.benchmarkIndex ?? 0 }))
    .sort((a, b) => b.quiet - a.quiet || b.speed - a.speed || a.index - b.index)
    .slice(0, wanted)
    .map((r) => r.index)
    .sort((a, b) => a - b);
}

/** A category score as Lighthouse computes it (weighted mean, two decimals), leaving out the `exempt` audits. */
export function scoreWithout(run: RunFigures, category: CategoryKey, exempt: readonly string[]): number {
  const audits = run.scoredAudits[category];
  if (!exempt.some((id) => audits.some((a) => a.id === id))) return run.scores[category];
  const kept = audits.filter((a) => !exempt.includes(a.id));
  const weight = kept.reduce((sum, a) => sum + a.weight, 0);
  if (!weight || kept.some((a) => a.score === null)) return Number.NaN;
  return Math.round((kept.reduce((sum, a) => sum + (a.score as number) * a.weight, 0) / weight) * 100) / 100;
}

/**
 * Medians of the page's quietest runs, with the build's byte figures (`weight`, from scripts/page-weight.ts): the
 * JavaScript before interaction is the one figure `npm test` checks, so both check the same number.
 */
export function summarise(
  result: PageResult,
  weight: PageWeight | undefined,
  wanted = result.runs.length,
  exempt: readonly string[] = [],
): PageResult {
  if (!result.runs.length) return { ...result, status: result.status === 'measured' ? 'failed' : result.status };
  const runsUsed = pickRuns(result.runs, wanted);
  const runs = runsUsed.map((i) => result.runs[i] as RunFigures);
  const of = (pick: (run: RunFigures) => number) => median(runs.map(pick));
  const scores = {} as Record<CategoryKey, number>;
  const lighthouseScores: Partial<Record<CategoryKey, number>> = {};
  for (const category of Object.keys(runs[0]?.scores ?? {}) as CategoryKey[]) {
    scores[category] = of((r) => scoreWithout(r, category, exempt));
    const raw = of((r) => r.scores[category]);
    if (raw !== scores[category]) lighthouseScores[category] = raw;
  }
  const medians: Medians = {
    ...scores,
    lcpMs: of((r) => r.lcpMs),
    fcpMs: of((r) => r.fcpMs),
    tbtMs: of((r) => r.tbtMs),
    mainThreadMs: of((r) => r.mainThreadMs),
    cls: of((r) => r.cls),
    speedIndexMs: of((r) => r.speedIndexMs),
    jsTransferBytes: of((r) => r.jsTransferBytes),
    totalTransferBytes: of((r) => r.totalTransferBytes),
  };
  const splits = runs.flatMap((r) => (r.afterLcp ? [r.afterLcp] : []));
  const typical = runs.reduce((best, run) =>
    Math.abs(run.lcpMs - medians.lcpMs) < Math.abs(best.lcpMs - medians.lcpMs) ? run : best,
  );
  return {
    ...result,
    runsUsed,
    medians,
    ...(exempt.length ? { exemptAudits: [...exempt] } : {}),
    ...(Object.keys(lighthouseScores).length ? { lighthouseScores } : {}),
    // Every run counts here, disturbed or not: a request does not depend on the machine's speed.
    walletSdkRuns: result.runs.filter((r) => r.walletSdkRequested.length > 0).length,
    report: typical.report,
    ...(typical.lcpPath ? { lcpPath: typical.lcpPath } : {}),
    ...(splits.length
      ? { afterLcp: { share: median(splits.map((x) => x.share)), frames: median(splits.map((x) => x.frames)) } }
      : {}),
    build: weight ? { jsGzipBytes: weight.js.gzipBytes, cssGzipBytes: weight.css.gzipBytes } : undefined,
  };
}

export function withFloorRatios(page: PageResult, floor: PageResult | undefined): PageResult {
  if (!page.medians || !floor?.medians) return page;
  return {
    ...page,
    ratios: {
      lcpToFloor: page.medians.lcpMs / floor.medians.lcpMs,
      mainThreadToFloor: page.medians.mainThreadMs / floor.medians.mainThreadMs,
      bytesToFloor: page.medians.totalTransferBytes / floor.medians.totalTransferBytes,
    },
  };
}

/** The budgets checked against a page's Lighthouse runs and its build; the interactions are checked on their own. */
export const PAGE_KEYS = BUDGET_KEYS.filter((key) => key !== 'interactionMs' && key !== 'tapToPaintMs');

/** The figures of a page in the units of bench/budgets.json; an unmeasured figure is left out (and so misses). */
export function budgetFigures(page: PageResult): Partial<Record<BudgetKey, number | boolean>> {
  const m = page.medians;
  if (!m) return {};
  const { performance, accessibility, bestPractices, seo, lcpMs, tbtMs, cls } = m;
  return {
    ...{ performance, accessibility, bestPractices, seo, lcpMs, tbtMs, cls },
    walletSdkOnFirstLoad: (page.walletSdkRuns ?? 0) > 0,
    ...(page.build ? { jsGzipBytes: page.build.jsGzipBytes, cssGzipBytes: page.build.cssGzipBytes } : {}),
    ...(page.ratios?.lcpToFloor !== undefined ? { lcpToFloor: page.ratios.lcpToFloor } : {}),
    ...(page.ratios?.mainThreadToFloor !== undefined ? { mainThreadToFloor: page.ratios.mainThreadToFloor } : {}),
  };
}

/**
 * The event that gives a step its latency, as INP counts it: the events of one tap (pointerdown, pointerup, click)
 * share an interactionId and the interaction lasts as long as the longest; a step lasts as long as its longest.
 */
export function longestEvent<E extends { interactionId: number; duration: number }>(entries: E[]): E | undefined {
  return entries
    .filter((e) => e.interactionId > 0)
    .reduce<E | undefined>((a, e) => (a && a.duration >= e.duration ? a : e), undefined);
}

/** What an Event Timing entry says of one event, in ms on the page's clock. */
export interface EventPhases {
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

/**
 * An event's time in the browser's own three parts: from the input to its first handler (the thread busy, the
 * events before it), its handlers, and from them to the paint that shows their effect. The duration is rounded to
 * 8 ms, so the last part is clamped at 0.
 */
export interface Phases {
  inputDelay: number;
  handlers: number;
  toPaint: number;
}

/**
 * The event as the page lived it: from when the tap reached it, `heldMs` after the stamp the browser gave the
 * injected tap (see heldBeforeDelivery in trace-breakdown.ts), to the same paint.
 */
export function fromDelivery<E extends EventPhases>(e: E, heldMs: number): E {
  return { ...e, startTime: e.startTime + heldMs, duration: Math.max(0, e.duration - heldMs) };
}

export function phasesOf(e: EventPhases): Phases {
  return {
    inputDelay: e.processingStart - e.startTime,
    handlers: e.processingEnd - e.processingStart,
    toPaint: Math.max(0, e.startTime + e.duration - e.processingEnd),
  };
}

/** Medians per interaction from the quietest runs; an interaction under the reporting threshold counts as it. */
export function summariseInteractions(result: InteractionResult, wanted = result.runs.length): InteractionResult {
  if (!result.runs.length) return result;
  const runsUsed = pickRuns(result.runs, wanted);
  const runs = runsUsed.map((i) => result.runs[i] as InteractionRun);
  const names = Object.keys(runs[0]?.latencyMs ?? {});
  const medians = Object.fromEntries(
    names.map((name) => [name, median(runs.map((r) => r.latencyMs[name] ?? EVENT_THRESHOLD_MS))]),
  );
  const slowest = Object.fromEntries(
    names.map((name) => {
      const run = runsUsed.reduce((a, i) =>
        (result.runs[i]?.latencyMs[name] ?? 0) > (result.runs[a]?.latencyMs[name] ?? 0) ? i : a,
      );
      const { latencyMs, breakdownMs, phasesMs, heldMs, traces } = result.runs[run] as InteractionRun;
      const breakdown = breakdownMs?.[name];
      const phases = phasesMs?.[name];
      const held = heldMs?.[name];
      const trace = traces?.[name];
      return [
        name,
        {
          run,
          latencyMs: latencyMs[name] ?? EVENT_THRESHOLD_MS,
          ...(breakdown ? { breakdownMs: breakdown } : {}),
          ...(phases ? { phasesMs: phases } : {}),
          ...(held !== undefined ? { heldMs: held } : {}),
          ...(trace ? { trace } : {}),
        },
      ];
    }),
  );
  const floorTaps = runs.flatMap((r) => (r.floorTapMs === undefined ? [] : [r.floorTapMs]));
  return { ...result, runsUsed, medians, slowest, ...(floorTaps.length ? { floorTapMs: median(floorTaps) } : {}) };
}

/** One check per interaction against the page's interactionMs budget; no figures at all is one miss. */
export function checkInteractions(config: BudgetConfig, result: InteractionResult): Check[] {
  const medians = Object.entries(result.medians ?? { 'every interaction': Number.NaN });
  return medians.flatMap(([what, ms]) =>
    checkBudgets(config, result.page, Number.isNaN(ms) ? {} : { interactionMs: ms }, ['interactionMs']).map((c) => ({
      ...c,
      what,
    })),
  );
}
