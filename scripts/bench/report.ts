// The bench's printed tables (metrics down and pages across, then the interactions; a ✗ on every missed budget)
// and the JSON file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname } from 'node:path';
import { describeMiss, type BudgetKey, type Check } from './budgets.ts';
import { formatAfterLcp } from './after-lcp.ts';
import { formatLcpPath } from './lcp-path.ts';
import type { CategoryKey } from './lighthouse.ts';
import {
  BUSY_BENCHMARK_INDEX,
  BUSY_LOAD_PER_CORE,
  EVENT_THRESHOLD_MS,
  isQuiet,
  type InteractionResult,
  type PageResult,
  type Sample,
} from './summary.ts';
import { fixed, formatTable, kb, ms, ratio } from './table.ts';

interface Row {
  label: string;
  key?: BudgetKey;
  cell: (page: PageResult) => string;
}

/** A category score; when exempt audits changed it, Lighthouse's own score follows in brackets. */
function score(page: PageResult, key: CategoryKey): string {
  const raw = page.lighthouseScores?.[key];
  return `${fixed(page.medians?.[key], 2)}${raw === undefined ? '' : ` (LH ${raw.toFixed(2)})`}`;
}

const ROWS: Row[] = [
  { label: 'performance', key: 'performance', cell: (p) => score(p, 'performance') },
  { label: 'accessibility', key: 'accessibility', cell: (p) => score(p, 'accessibility') },
  { label: 'best-practices', key: 'bestPractices', cell: (p) => score(p, 'bestPractices') },
  { label: 'SEO', key: 'seo', cell: (p) => score(p, 'seo') },
  { label: 'LCP', key: 'lcpMs', cell: (p) => ms(p.medians?.lcpMs) },
  { label: 'FCP', cell: (p) => ms(p.medians?.fcpMs) },
  { label: 'TBT', key: 'tbtMs', cell: (p) => ms(p.medians?.tbtMs) },
  { label: 'main thread at load', cell: (p) => ms(p.medians?.mainThreadMs) },
  { label: 'CLS', key: 'cls', cell: (p) => fixed(p.medians?.cls, 3) },
  { label: 'Speed Index', cell: (p) => ms(p.medians?.speedIndexMs) },
  { label: 'JS before interaction, gzip -9', key: 'jsGzipBytes', cell: (p) => kb(p.build?.jsGzipBytes) },
  { label: 'scripts requested by the load, as sent', cell: (p) => kb(p.medians?.jsTransferBytes) },
  { label: 'CSS gzip -9 from the build', key: 'cssGzipBytes', cell: (p) => kb(p.build?.cssGzipBytes) },
  { label: 'total transfer', cell: (p) => kb(p.medians?.totalTransferBytes) },
  {
    label: 'wallet SDK on first load',
    key: 'walletSdkOnFirstLoad',
    cell: (p) =>
      p.walletSdkRuns === undefined ? '–' : p.walletSdkRuns ? `yes (${p.walletSdkRuns}/${p.runs.length})` : 'no',
  },
  { label: 'runs used / made', cell: (p) => `${p.runsUsed?.length ?? 0}/${p.runs.length}` },
  { label: 'LCP / floor', key: 'lcpToFloor', cell: (p) => ratio(p.ratios?.lcpToFloor) },
  { label: 'main thread / floor', key: 'mainThreadToFloor', cell: (p) => ratio(p.ratios?.mainThreadToFloor) },
  { label: 'bytes / floor', cell: (p) => ratio(p.ratios?.bytesToFloor) },
];

export function formatResults(pages: PageResult[], floor: PageResult | undefined, checks: Check[]): string {
  const columns = [...pages.filter((p) => p.status === 'measured'), ...(floor?.medians ? [floor] : [])];
  const missed = (page: string, key?: BudgetKey) =>
    key !== undefined && checks.some((c) => c.page === page && c.key === key && !c.ok);
  const header = ['median of runs', ...columns.map((p) => (p === floor ? 'floor' : p.path))];
  const body = ROWS.map((row) => [
    row.label,
    ...columns.map((p) => `${row.cell(p)}${p !== floor && missed(p.path, row.key) ? ' ✗' : ''}`),
  ]);
  return formatTable([header, ...body]);
}

/**
 * Pages not measured (not built yet, or failed), pages whose scores leave out exempt audits, reports of misses; for
 * an LCP miss the path to the LCP in Lighthouse's simulation, for a main-thread miss the share of that work after the
 * LCP, each with the floor's beside it.
 */
export function formatNotes(pages: PageResult[], checks: Check[], floor?: PageResult): string[] {
  const notes: string[] = [];
  for (const p of pages) {
    if (p.status === 'not built yet') notes.push(`SKIPPED ${p.path}: not built yet (the server answers 404)`);
    else if (p.status === 'failed') notes.push(`FAILED ${p.path}: ${p.error ?? 'no run succeeded'}`);
    if (p.exemptAudits?.length) {
      notes.push(
        `NOTE ${p.path}: scores computed without ${p.exemptAudits.join(', ')} (failed by design; reason in bench/budgets.json)`,
      );
    }
    if (p.report && checks.some((c) => c.page === p.path && !c.ok && c.key !== 'interactionMs')) {
      notes.push(
        `${p.path} misses a budget; Lighthouse's report of its median-LCP run explains its figures: ${p.report}`,
      );
    }
    const lcpMissed = checks.some((c) => c.page === p.path && !c.ok && (c.key === 'lcpToFloor' || c.key === 'lcpMs'));
    if (lcpMissed && p.lcpPath) {
      notes.push(`${p.path} waited for its LCP, as Lighthouse simulates the load: ${formatLcpPath(p.lcpPath)}`);
      if (floor?.lcpPath) notes.push(`  the floor page: ${formatLcpPath(floor.lcpPath)}`);
    }
    const mainMissed = checks.some((c) => c.page === p.path && !c.ok && c.key === 'mainThreadToFloor');
    if (mainMissed && p.afterLcp) {
      const floorSplit = floor?.afterLcp ? `; the floor page's: ${formatAfterLcp(floor.afterLcp)}` : '';
      notes.push(`${p.path}'s main-thread work at load: ${formatAfterLcp(p.afterLcp)} (medians)${floorSplit}`);
    }
  }
  return notes;
}

const latency = (ms: number | null | undefined) =>
  ms === undefined ? '–' : ms === null || ms <= EVENT_THRESHOLD_MS ? `<= ${EVENT_THRESHOLD_MS} ms` : `${ms} ms`;

/** Not budgeted: the floor of a tap, which every interaction's figure includes. */
const FLOOR_TAP = 'floor page: a tap on a button that changes its own text (not budgeted)';

/** Interactions down, the median and every run used across; a ✗ on every missed budget. */
export function formatInteractions(result: InteractionResult, checks: Check[]): string {
  const used = result.runsUsed ?? [];
  const header = ['interaction (the page has the tap, to next paint)', 'median', ...used.map((i) => `run ${i + 1}`)];
  const rows = Object.entries(result.medians ?? {}).map(([name, ms]) => {
    const missed = checks.some((c) => c.what === name && !c.ok);
    return [name, `${latency(ms)}${missed ? ' ✗' : ''}`, ...used.map((i) => latency(result.runs[i]?.latencyMs[name]))];
  });
  if (result.floorTapMs !== undefined)
    rows.push([FLOOR_TAP, latency(result.floorTapMs), ...used.map((i) => latency(result.runs[i]?.floorTapMs))]);
  return [formatTable([header, ...rows]), firstInteractionNote(result.medians ?? {}), slowestRuns(result)]
    .filter(Boolean)
    .join('\n');
}

/** Where the slowest run of each interaction spent its longest event, and its trace, so a miss names its cause. */
function slowestRuns(result: InteractionResult): string | undefined {
  const lines = Object.entries(result.slowest ?? {}).map(([name, s]) => {
    const parts = s.breakdownMs
      ? Object.entries(s.breakdownMs)
          .map(([kind, ms]) => `${kind} ${Math.round(ms)}`)
          .join(', ')
      : 'no trace';
    const trace = s.trace ? ` (bench/results/traces/${basename(s.trace)})` : '';
    const phases = s.phasesMs
      ? `input delay ${Math.round(s.phasesMs.inputDelay)}, handlers ${Math.round(s.phasesMs.handlers)}, to the paint ${Math.round(s.phasesMs.toPaint)}; `
      : '';
    const held = s.heldMs !== undefined ? `, held by DevTools before that ${Math.round(s.heldMs)}` : '';
    return `  ${name}: run ${s.run + 1}, ${latency(s.latencyMs)}${held}: ${phases}${parts}${trace}`;
  });
  return lines.length
    ? `Slowest run of each interaction, its longest event (ms): its phases as the browser timed them, then where its time went on the main thread (waiting: for the frame to be drawn or the CPU):\n${lines.join('\n')}`
    : undefined;
}

/**
 * A note when the page's first interaction is the slowest by far: work the page starts at the first interaction
 * (whatever it is) lands in it, and the figure then says more about that work than about the control tapped.
 */
export function firstInteractionNote(medians: Record<string, number>): string | undefined {
  const [[first, ms] = ['', 0], ...others] = Object.entries(medians);
  const slowest = Math.max(...others.map(([, o]) => o));
  if (!others.length || ms < 1.5 * slowest) return undefined;
  return `The first interaction (${first}) dominates: ${ms} ms against ${slowest} ms for the slowest of the others; work the page starts at its first interaction runs in it.`;
}

/** A warning when other work on the machine inflated the CPU-bound figures (TBT, then LCP and performance). */
export function formatMachine(results: { runs: Sample[]; runsUsed?: number[] }[]): string | undefined {
  const used = results.flatMap((p) => (p.runsUsed ?? []).map((i) => p.runs[i]).filter((r) => r !== undefined));
  const busy = used.filter((r) => !isQuiet(r));
  if (!busy.length) return undefined;
  const slowest = Math.min(...busy.map((r) => r.benchmarkIndex ?? 0));
  const busiest = Math.max(...busy.map((r) => r.loadAverage));
  return (
    `WARNING: ${busy.length} of the ${used.length} runs behind the medians ran on a busy machine (benchmarkIndex down to ` +
    `${Math.round(slowest)}, busy below ${BUSY_BENCHMARK_INDEX}; load average up to ${busiest.toFixed(1)} on ${availableParallelism()} ` +
    `cores, busy above ${BUSY_LOAD_PER_CORE * availableParallelism()}) ` +
    'and no quieter rerun fitted in the time limit. Lighthouse simulates a 4x slower CPU from the main-thread work it ' +
    'observes and the interactions run on a CPU slowed down 4x, so TBT, LCP, the performance score and the interaction ' +
    'latencies are overstated; rerun on a quiet machine before acting on them.'
  );
}

export function formatMisses(checks: Check[]): string {
  const misses = checks.filter((c) => !c.ok);
  if (!misses.length) return 'Budgets: every budget holds.';
  return `Budgets: ${misses.length} missed:\n${misses.map((c) => `  - ${describeMiss(c)}`).join('\n')}`;
}

export function writeJson(file: string, data: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
