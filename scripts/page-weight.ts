// Deterministic size check, part of `npm test`: JavaScript loaded before interaction and CSS, per built page, from
// the build output only, against the byte budgets of bench/budgets.json. No browser, no timing.
//   node scripts/page-weight.ts [distDir] [--budgets=<file>] [--verbose]
// distDir defaults to dist/. Exits 1 when a page misses a byte budget, references a missing build file, or the
// build output is missing; prints a table either way (--verbose adds every counted file).
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  BYTE_KEYS,
  BudgetConfigError,
  budgetsFor,
  checkBudgets,
  describeMiss,
  loadBudgetConfig,
  type Check,
} from './bench/budgets.ts';
import { FileReader, measurePage, type PageWeight } from './bench/page-assets.ts';
import { formatTable, kb } from './bench/table.ts';

/**
 * The content editor (/admin) is no shop page: only editors open it, and it loads Decap's 1.5 MB bundle by design.
 * Its page lists none of that (it loads the bundle from a script), so its figures here would mean nothing.
 */
const NOT_SHOP_PAGES = new Set(['admin']);

function htmlFiles(dir: string, root = dir): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory() && dir === root && NOT_SHOP_PAGES.has(entry.name)) continue;
    if (entry.isDirectory()) out.push(...htmlFiles(full, root));
    else if (entry.name.endsWith('.html')) out.push(relative(root, full));
  }
  return out.sort();
}

export interface PageWeightReport {
  pages: PageWeight[];
  checks: Check[];
  failures: string[];
}

export function checkPageWeights(dist: string, budgetsFile?: string): PageWeightReport {
  const config = loadBudgetConfig(budgetsFile);
  const reader = new FileReader(dist);
  const pages = htmlFiles(dist).map((file) => measurePage(dist, file, reader));
  const checks: Check[] = [];
  const failures: string[] = [];
  for (const page of pages) {
    const found = checkBudgets(
      config,
      page.page,
      { jsGzipBytes: page.js.gzipBytes, cssGzipBytes: page.css.gzipBytes },
      BYTE_KEYS,
    );
    checks.push(...found);
    failures.push(...found.filter((c) => !c.ok).map(describeMiss));
    for (const url of page.missing) failures.push(`${page.page}: references ${url}, which is not in the build output`);
  }
  return { pages, checks, failures };
}

function printReport(report: PageWeightReport, dist: string, budgetsFile: string | undefined, verbose: boolean): void {
  const config = loadBudgetConfig(budgetsFile);
  const rows = [
    ['page', 'JS gzip', 'JS budget', 'CSS gzip', 'CSS budget', 'JS files', 'islands eager/deferred', 'result'],
  ];
  for (const page of report.pages) {
    const { budgets } = budgetsFor(config, page.page);
    const ok = report.checks.filter((c) => c.page === page.page).every((c) => c.ok) && page.missing.length === 0;
    const eager = page.islands.filter((i) => i.counted).length;
    rows.push([
      page.page,
      kb(page.js.gzipBytes),
      typeof budgets.jsGzipBytes === 'number' ? kb(budgets.jsGzipBytes) : '–',
      kb(page.css.gzipBytes),
      typeof budgets.cssGzipBytes === 'number' ? kb(budgets.cssGzipBytes) : '–',
      String(page.js.files.length),
      `${eager}/${page.islands.length - eager}`,
      ok ? 'ok' : 'MISS',
    ]);
  }
  console.log(`Page weight of ${dist} (gzip -9; JS = files loaded before interaction + inline scripts)`);
  console.log(formatTable(rows));
  console.log(
    'Counted: module/classic scripts, modulepreloads, inline scripts, islands with client:load, idle, intent, media and only, ' +
      'and their static imports. Not counted: dynamic import() and client:visible islands (load on interaction or scroll).',
  );
  for (const page of report.pages) {
    const deferred = page.islands.filter((i) => !i.counted);
    if (deferred.length)
      console.log(
        `${page.page}: not counted (hydrate on interaction or scroll): ${deferred.map((i) => `${i.component} (client:${i.client})`).join(', ')}`,
      );
    if (page.external.length)
      console.log(`${page.page}: other-origin references, not counted: ${page.external.join(', ')}`);
    if (!verbose) continue;
    const files = [...page.js.files, ...page.css.files].sort((a, b) => b.gzipBytes - a.gzipBytes);
    console.log(`\n${page.page} (${page.htmlFile}):`);
    console.log(
      formatTable([
        ['  file', 'bytes', 'gzip -9', 'loaded because'],
        ...files.map((f) => [`  ${f.url}`, String(f.bytes), String(f.gzipBytes), f.via]),
      ]),
    );
    console.log(`  inline JS ${page.js.inlineGzipBytes} B gzip, inline CSS ${page.css.inlineGzipBytes} B gzip`);
  }
}

function main(argv: string[]): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { budgets: { type: 'string' }, verbose: { type: 'boolean', default: false } },
    });
  } catch (error) {
    console.error(
      `${(error as Error).message} Usage: node scripts/page-weight.ts [distDir] [--budgets=<file>] [--verbose]`,
    );
    return 1;
  }
  const { values, positionals } = parsed;
  const distArg = positionals[0] ?? 'dist';
  const budgetsFile = values.budgets === undefined ? undefined : resolve(values.budgets);
  const verbose = values.verbose;
  const dist = resolve(distArg);
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`${dist} has no index.html: build the site first (node scripts/start.ts --build-only).`);
    return 1;
  }
  let report: PageWeightReport;
  try {
    report = checkPageWeights(dist, budgetsFile);
  } catch (error) {
    if (error instanceof BudgetConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  printReport(report, dist, budgetsFile, verbose);
  if (report.failures.length) {
    console.error(
      `\nPage weight: ${report.failures.length} failure(s):\n${report.failures.map((f) => `  - ${f}`).join('\n')}`,
    );
    return 1;
  }
  console.log('\nPage weight: every page is within its byte budgets.');
  return 0;
}

if (import.meta.main) process.exit(main(process.argv.slice(2)));
