// Reduces a page's Lighthouse runs to medians, adds the stable gzip -9 size of the scripts it loaded, and turns
// the result into the figures the budgets are written in.
import { availableParallelism } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { BudgetKey } from './budgets.ts';
import type { CategoryKey, RunFigures } from './lighthouse.ts';
import type { PageWeight } from './page-assets.ts';

export interface Medians {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Script responses as sent (the server's compression, headers included). */
  jsTransferBytes: number;
  /** The same script files at gzip -9: the stable figure the JavaScript budget is checked against. */
  jsGzipBytes: number;
  totalTransferBytes: number;
}

export interface ScriptFigure {
  url: string;
  transferBytes: number;
  gzipBytes: number;
  encoding: string;
}

export interface PageResult {
  path: string;
  status: 'measured' | 'not built yet' | 'failed';
  url?: string;
  error?: string;
  runs: RunFigures[];
  failedRuns: string[];
  /** Indexes of the runs the medians are taken from: the least disturbed ones (see pickRuns). */
  runsUsed?: number[];
  medians?: Medians;
  /** Runs in which the wallet SDK was requested, out of the measured runs. */
  walletSdkRuns?: number;
  /** Scripts of the run whose LCP is the median one, with their gzip -9 size. */
  scripts?: ScriptFigure[];
  /** Scripts of 1 KB or more that the server sent without compression. */
  uncompressedScripts?: string[];
  /** Diagnostics of the median-LCP run. */
  diagnostics?: RunFigures['diagnostics'];
  /** Audits the page fails by design (bench/budgets.json exemptAudits): its scores above are computed without them. */
  exemptAudits?: string[];
  /** Lighthouse's own category scores (medians), when an exempt audit made them differ from the ones above. */
  lighthouseScores?: Partial<Record<CategoryKey, number>>;
  /** The deterministic size check on the same build. */
  build?: { jsGzipBytes: number; cssGzipBytes: number };
  ratios?: { lcpToFloor?: number; bytesToFloor?: number };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (!sorted.length) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * gzip -9 size of a same-origin resource, fetched uncompressed from the bench server; cached per URL. `direct`
 * maps a URL Lighthouse recorded (through the TLS front) to the demo server's own loopback URL.
 */
export class Gzip9Sizes {
  readonly #sizes = new Map<string, Promise<number>>();
  readonly #direct: (url: string) => string;
  constructor(direct: (url: string) => string = (url) => url) {
    this.#direct = direct;
  }
  size(recorded: string): Promise<number> {
    let size = this.#sizes.get(recorded);
    const url = this.#direct(recorded);
    if (!size) {
      size = (async () => {
        if (!/^http:\/\/127\.0\.0\.1[:/]/.test(url)) throw new Error(`not a loopback URL, not fetched: ${url}`);
        const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
        if (!response.ok) throw new Error(`GET ${url} answered HTTP ${response.status}`);
        return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
      })();
      this.#sizes.set(recorded, size);
    }
    return size;
  }
}

/** Below this Lighthouse benchmarkIndex a run counts as disturbed (a quiet 2-core machine here scores ~2000). */
export const BUSY_BENCHMARK_INDEX = 1200;
/** Above this one-minute load average per core a run counts as disturbed, whatever its benchmarkIndex. */
export const BUSY_LOAD_PER_CORE = 2;

/**
 * Lighthouse's benchmarkIndex is a half-second sample at the start of a run; the load average covers the whole run
 * (start and end), so a run is quiet only when both say so.
 */
export function isQuiet(run: RunFigures, cores = availableParallelism()): boolean {
  return (run.benchmarkIndex ?? 0) >= BUSY_BENCHMARK_INDEX && run.loadAverage <= BUSY_LOAD_PER_CORE * cores;
}

/**
 * The `wanted` runs measured on the least busy machine (quiet runs first, then highest benchmarkIndex), in run order. Lighthouse simulates
 * a slow phone from the main-thread work it observes, so a run that shared the CPU with other work overstates TBT and
 * LCP; the bench repeats such runs while time allows and keeps the quietest.
 */
export function pickRuns(runs: RunFigures[], wanted: number): number[] {
  return runs
    .map((run, index) => ({ index, quiet: isQuiet(run) ? 1 : 0, speed: run.benchmarkIndex ?? 0 }))
    .sort((a, b) => b.quiet - a.quiet || b.speed - a.speed || a.index - b.index)
    .slice(0, wanted)
    .map((r) => r.index)
    .sort((a, b) => a - b);
}

const CATEGORY_KEYS: CategoryKey[] = ['performance', 'accessibility', 'bestPractices', 'seo'];

/** A category score as Lighthouse computes it (weighted mean, two decimals), leaving out the `exempt` audits. */
export function scoreWithout(run: RunFigures, category: CategoryKey, exempt: readonly string[]): number {
  const audits = run.scoredAudits[category];
  if (!exempt.some((id) => audits.some((a) => a.id === id))) return run.scores[category];
  const kept = audits.filter((a) => !exempt.includes(a.id));
  const weight = kept.reduce((sum, a) => sum + a.weight, 0);
  if (!weight || kept.some((a) => a.score === null)) return Number.NaN;
  return Math.round((kept.reduce((sum, a) => sum + (a.score as number) * a.weight, 0) / weight) * 100) / 100;
}

export async function summarise(
  result: PageResult,
  gzip: Gzip9Sizes,
  weight: PageWeight | undefined,
  wanted = result.runs.length,
  exempt: readonly string[] = [],
): Promise<PageResult> {
  if (!result.runs.length) return { ...result, status: result.status === 'measured' ? 'failed' : result.status };
  const runsUsed = pickRuns(result.runs, wanted);
  const runs = runsUsed.map((i) => result.runs[i] as RunFigures);
  const jsGzipPerRun = await Promise.all(
    runs.map(async (run) => (await Promise.all(run.scripts.map((s) => gzip.size(s.url)))).reduce((a, b) => a + b, 0)),
  );
  const of = (pick: (run: RunFigures) => number) => median(runs.map(pick));
  const score = (category: CategoryKey) => of((r) => scoreWithout(r, category, exempt));
  const medians: Medians = {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('bestPractices'),
    seo: score('seo'),
    lcpMs: of((r) => r.lcpMs),
    fcpMs: of((r) => r.fcpMs),
    tbtMs: of((r) => r.tbtMs),
    cls: of((r) => r.cls),
    speedIndexMs: of((r) => r.speedIndexMs),
    jsTransferBytes: of((r) => r.jsTransferBytes),
    jsGzipBytes: median(jsGzipPerRun),
    totalTransferBytes: of((r) => r.totalTransferBytes),
  };
  const typical = runs.reduce((best, run) => (Math.abs(run.lcpMs - medians.lcpMs) < Math.abs(best.lcpMs - medians.lcpMs) ? run : best));
  const scripts = await Promise.all(
    typical.scripts.map(async (s) => ({ url: s.url, transferBytes: s.transferBytes, gzipBytes: await gzip.size(s.url), encoding: s.encoding })),
  );
  const lighthouseScores: Partial<Record<CategoryKey, number>> = {};
  for (const category of CATEGORY_KEYS) {
    const raw = of((r) => r.scores[category]);
    if (raw !== medians[category]) lighthouseScores[category] = raw;
  }
  return {
    ...result,
    runsUsed,
    medians,
    ...(exempt.length ? { exemptAudits: [...exempt] } : {}),
    ...(Object.keys(lighthouseScores).length ? { lighthouseScores } : {}),
    // Every run counts here, disturbed or not: a request does not depend on the machine's speed.
    walletSdkRuns: result.runs.filter((r) => r.walletSdkRequested.length > 0).length,
    scripts: scripts.sort((a, b) => b.gzipBytes - a.gzipBytes),
    uncompressedScripts: typical.scripts.filter((s) => !s.encoding && s.resourceBytes >= 1024).map((s) => s.url),
    diagnostics: typical.diagnostics,
    build: weight ? { jsGzipBytes: weight.js.gzipBytes, cssGzipBytes: weight.css.gzipBytes } : undefined,
  };
}

export function withFloorRatios(page: PageResult, floor: PageResult | undefined): PageResult {
  if (!page.medians || !floor?.medians) return page;
  return {
    ...page,
    ratios: {
      lcpToFloor: page.medians.lcpMs / floor.medians.lcpMs,
      bytesToFloor: page.medians.totalTransferBytes / floor.medians.totalTransferBytes,
    },
  };
}

/** The figures of a page in the units of bench/budgets.json; an unmeasured figure is left out (and so misses). */
export function budgetFigures(page: PageResult): Partial<Record<BudgetKey, number | boolean>> {
  const m = page.medians;
  if (!m) return {};
  const out: Partial<Record<BudgetKey, number | boolean>> = {
    performance: m.performance,
    accessibility: m.accessibility,
    bestPractices: m.bestPractices,
    seo: m.seo,
    lcpMs: m.lcpMs,
    tbtMs: m.tbtMs,
    cls: m.cls,
    jsGzipBytes: m.jsGzipBytes,
    walletSdkOnFirstLoad: (page.walletSdkRuns ?? 0) > 0,
  };
  if (page.build) out.cssGzipBytes = page.build.cssGzipBytes;
  if (page.ratios?.lcpToFloor !== undefined) out.lcpToFloor = page.ratios.lcpToFloor;
  return out;
}
