// The bench's printed table (metrics down, pages across, a ✗ on every missed budget), the diagnostics of pages
// that miss, and the JSON file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { describeMiss, type BudgetKey, type Check } from './budgets.ts';
import type { CategoryKey } from './lighthouse.ts';
import { BUSY_BENCHMARK_INDEX, BUSY_LOAD_PER_CORE, isQuiet, type PageResult } from './summary.ts';
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
  { label: 'CLS', key: 'cls', cell: (p) => fixed(p.medians?.cls, 3) },
  { label: 'Speed Index', cell: (p) => ms(p.medians?.speedIndexMs) },
  { label: 'JS before interaction, as sent', cell: (p) => kb(p.medians?.jsTransferBytes) },
  { label: 'JS before interaction, gzip -9', key: 'jsGzipBytes', cell: (p) => kb(p.medians?.jsGzipBytes) },
  { label: 'JS gzip -9 from the build (static)', cell: (p) => kb(p.build?.jsGzipBytes) },
  { label: 'CSS gzip -9 from the build', key: 'cssGzipBytes', cell: (p) => kb(p.build?.cssGzipBytes) },
  { label: 'total transfer', cell: (p) => kb(p.medians?.totalTransferBytes) },
  {
    label: 'wallet SDK on first load',
    key: 'walletSdkOnFirstLoad',
    cell: (p) => (p.walletSdkRuns === undefined ? '–' : p.walletSdkRuns ? `yes (${p.walletSdkRuns}/${p.runs.length})` : 'no'),
  },
  { label: 'runs used / made', cell: (p) => `${p.runsUsed?.length ?? 0}/${p.runs.length}` },
  { label: 'LCP / floor', key: 'lcpToFloor', cell: (p) => ratio(p.ratios?.lcpToFloor) },
  { label: 'bytes / floor', cell: (p) => ratio(p.ratios?.bytesToFloor) },
];

export function formatResults(pages: PageResult[], floor: PageResult | undefined, checks: Check[]): string {
  const columns = [...pages.filter((p) => p.status === 'measured'), ...(floor?.medians ? [floor] : [])];
  const missed = (page: string, key?: BudgetKey) => key !== undefined && checks.some((c) => c.page === page && c.key === key && !c.ok);
  const header = ['median of runs', ...columns.map((p) => (p === floor ? 'floor' : p.path))];
  const body = ROWS.map((row) => [row.label, ...columns.map((p) => `${row.cell(p)}${p !== floor && missed(p.path, row.key) ? ' ✗' : ''}`)]);
  return formatTable([header, ...body]);
}

/** Pages not measured (not built yet, or failed), and pages whose scores leave out exempt audits. */
export function formatNotes(pages: PageResult[]): string[] {
  const notes: string[] = [];
  for (const p of pages) {
    if (p.status === 'not built yet') notes.push(`SKIPPED ${p.path}: not built yet (the server answers 404)`);
    else if (p.status === 'failed') notes.push(`FAILED ${p.path}: ${p.error ?? 'no run succeeded'}`);
    if (p.exemptAudits?.length) {
      notes.push(`NOTE ${p.path}: scores computed without ${p.exemptAudits.join(', ')} (failed by design; reason in bench/budgets.json)`);
    }
  }
  return notes;
}

/** What explains a page's misses: the LCP element and its breakdown, render-blocking files, scripts, long tasks. */
export function formatDiagnostics(page: PageResult): string {
  const d = page.diagnostics;
  const lines = [`Diagnostics for ${page.path} (the median-LCP run):`];
  if (d?.lcpElement) lines.push(`  LCP element: ${d.lcpElement.selector} — ${d.lcpElement.snippet}`);
  if (d && Object.keys(d.lcpBreakdownMs).length) {
    lines.push(`  LCP breakdown (observed, unthrottled): ${Object.entries(d.lcpBreakdownMs).map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
  }
  for (const r of d?.renderBlocking ?? []) lines.push(`  render-blocking: ${r.url} (${kb(r.transferBytes)} sent, ~${r.wastedMs} ms)`);
  for (const s of page.scripts ?? []) {
    lines.push(`  script: ${s.url} ${kb(s.transferBytes)} sent (${s.encoding || 'uncompressed'}), ${kb(s.gzipBytes)} gzip -9`);
  }
  for (const url of page.uncompressedScripts ?? []) lines.push(`  WARNING: ${url} was sent without compression`);
  for (const t of (d?.longTasks ?? []).slice(0, 8)) lines.push(`  long task: ${t.durationMs} ms at ${t.startMs} ms (${t.url || 'unattributed'})`);
  for (const shift of d?.layoutShifts ?? []) {
    lines.push(`  layout shift ${shift.score.toFixed(3)}: ${shift.selector} — ${shift.snippet}${shift.causes.length ? ` (${shift.causes.join(', ')})` : ''}`);
  }
  if (d && Object.keys(d.mainThreadMs).length) {
    lines.push(`  main thread (simulated): ${Object.entries(d.mainThreadMs).map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
  }
  for (const a of d?.failingAudits ?? []) lines.push(`  ${a.category} audit not passed: ${a.id} (${a.title}) score ${a.score}`);
  for (const b of (d?.bootup ?? []).slice(0, 5)) {
    lines.push(`  script work: ${b.url} ${b.totalMs} ms (${b.scriptingMs} ms evaluation, ${b.parseCompileMs} ms parse/compile)`);
  }
  return lines.join('\n');
}

/** A warning when other work on the machine inflated the CPU-bound figures (TBT, then LCP and performance). */
export function formatMachine(pages: PageResult[]): string | undefined {
  const used = pages.flatMap((p) => (p.runsUsed ?? []).map((i) => p.runs[i]).filter((r) => r !== undefined));
  const busy = used.filter((r) => !isQuiet(r));
  if (!busy.length) return undefined;
  const slowest = Math.min(...busy.map((r) => r.benchmarkIndex ?? 0));
  const busiest = Math.max(...busy.map((r) => r.loadAverage));
  return (
    `WARNING: ${busy.length} of the ${used.length} runs behind the medians ran on a busy machine (benchmarkIndex down to ` +
    `${Math.round(slowest)}, busy below ${BUSY_BENCHMARK_INDEX}; load average up to ${busiest.toFixed(1)} on ${availableParallelism()} ` +
    `cores, busy above ${BUSY_LOAD_PER_CORE * availableParallelism()}) ` +
    'and no quieter rerun fitted in the time limit. Lighthouse simulates a 4x slower CPU from the main-thread work it ' +
    'observes, so TBT, LCP and the performance score are overstated; rerun on a quiet machine before acting on them.'
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
