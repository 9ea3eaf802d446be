// `npm run bench:compare -- --against=<commit>`: Lighthouse on a page (/ unless --page names another the bench
// measures) and, on /, the product page's interactions (as `npm run bench` measures them), for another commit and
// for this working tree, each run measuring both in turns with the order alternating, so that the machine's swings
// fall on both alike. Prints each figure's median and range side by side; budgets are `npm run bench`'s business.
// The other commit is built in a git worktree with this checkout's node_modules, so it must have the same
// dependencies.
//   node scripts/bench-compare.ts --against=main [--runs=7] [--page=/thank-you]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { killAll } from 'chrome-launcher';
import { compareTable, type Runs } from './bench/compare.ts';
import { measureInteractions } from './bench/interactions.ts';
import { runLighthouse } from './bench/lighthouse.ts';
import { PAGES, type PageSpec, type Visit, visitThrough } from './bench/pages.ts';
import { buildSite, freePort, serveSite, serveTlsFront, type Served } from './bench/site.ts';
import { EVENT_THRESHOLD_MS } from './bench/summary.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = join(ROOT, 'bench', 'results', 'compare');
const USAGE = 'Usage: node scripts/bench-compare.ts --against=<commit> [--runs=7] [--page=/]';

interface Side {
  name: string;
  root: string;
  /** Names its files in bench/results/compare. */
  slug: 'against' | 'tree';
  servers: Served[];
  /** The demo server, which prepares a visit, and the HTTPS front the browsers load through. */
  origins?: { site: string; front: string };
  /** The page's visit, prepared once per side (the demo order of /thank-you, say). */
  visit?: Promise<Visit>;
  runs: Runs;
}

function options() {
  const { values } = parseArgs({
    options: {
      against: { type: 'string' },
      runs: { type: 'string', default: '7' },
      page: { type: 'string', default: '/' },
    },
  });
  const runs = Number(values.runs);
  if (!values.against) throw new Error(`--against is missing. ${USAGE}`);
  if (!Number.isInteger(runs) || runs < 1 || runs > 15) throw new Error(`--runs must be 1 to 15. ${USAGE}`);
  const page = PAGES.find((spec) => spec.path === values.page);
  if (!page)
    throw new Error(`Unknown page ${values.page}; known: ${PAGES.map((spec) => spec.path).join(', ')}. ${USAGE}`);
  return { against: values.against, runs, page };
}

const work = mkdtempSync(join(tmpdir(), 'storefront-compare-'));
const tree = join(work, 'against');
const sides: Side[] = [];

/** Builds and serves one side behind its own HTTPS front, as `npm run bench` serves the site. */
async function prepare(side: Side): Promise<void> {
  const { slug } = side;
  const [port, tlsPort] = [await freePort(), await freePort()];
  const dist = join(work, `dist-${slug}`);
  console.log(`Building ${side.name} (log: bench/results/compare/build-${slug}.log) ...`);
  const log = (what: string) => join(RESULTS, `${what}-${slug}.log`);
  await buildSite(dist, port, log('build'), `https://127.0.0.1:${tlsPort}`, side.root);
  const site = await serveSite(dist, port, log('server'), side.root);
  side.servers.push(site);
  mkdirSync(join(work, slug), { recursive: true });
  const front = await serveTlsFront(tlsPort, port, join(work, slug), log('tls-front'));
  side.servers.push(front);
  side.origins = { site: site.origin, front: front.origin };
}

/** One run of one side: Lighthouse on the page, then, on /, the interactions in fresh loads. */
async function measureOnce(side: Side, page: PageSpec, run: number): Promise<void> {
  const { slug } = side;
  const { site, front } = side.origins!;
  const { url, localStorage } = await (side.visit ??= page.visit(site).then((v) => visitThrough(v, site, front)));
  const lighthouse = await runLighthouse(url, join(RESULTS, `lighthouse-${slug}-${run}.html`), localStorage);
  const interactions = page.path === '/' ? await measureInteractions(url, join(RESULTS, `traces-${slug}`)) : undefined;
  const figures: Record<string, number> = {
    LCP: lighthouse.lcpMs,
    FCP: lighthouse.fcpMs,
    TBT: lighthouse.tbtMs,
    'main thread at load': lighthouse.mainThreadMs,
    // Below the reporting threshold is at most the threshold.
    ...Object.fromEntries(
      Object.entries(interactions?.latencyMs ?? {}).map(([n, ms]) => [n, ms ?? EVENT_THRESHOLD_MS]),
    ),
  };
  for (const [figure, value] of Object.entries(figures)) (side.runs[figure] ??= []).push(value);
  const load = Math.max(lighthouse.loadAverage, interactions?.loadAverage ?? 0).toFixed(1);
  console.log(
    `  run ${run} ${side.name}: LCP ${Math.round(lighthouse.lcpMs)} ms, TBT ${Math.round(lighthouse.tbtMs)} ms (load ${load})`,
  );
}

async function main(): Promise<void> {
  const { against, runs, page } = options();
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  execFileSync('git', ['worktree', 'add', '--detach', tree, against], { cwd: ROOT, stdio: 'ignore' });
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  sides.push({ name: against, root: tree, slug: 'against', servers: [], runs: {} });
  sides.push({ name: 'working tree', root: ROOT, slug: 'tree', servers: [], runs: {} });
  for (const side of sides) await prepare(side);
  for (let run = 1; run <= runs; run++)
    for (const side of run % 2 ? sides : [...sides].reverse()) await measureOnce(side, page, run);
  console.log(`\n${compareTable([against, 'working tree'], sides[0]!.runs, sides[1]!.runs)}`);
}

/** Stops the browsers and servers, and removes the worktree and the builds. */
async function cleanUp(): Promise<void> {
  killAll();
  for (const side of sides) for (const server of side.servers) await server.stop();
  try {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    // Never added: nothing to remove.
  }
  rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

let code = 1;
try {
  await main();
  code = 0;
} catch (error) {
  console.error(`Comparison failed: ${(error as Error).stack ?? String(error)}`);
} finally {
  await cleanUp();
}
process.exit(code);
