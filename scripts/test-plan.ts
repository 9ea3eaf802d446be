// What `npm test` (scripts/test.ts) decides before and after its steps: which steps a filter chooses, whether the
// build a step would check is the sources' own, and the closing lines.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The steps whose names contain one of `filters` (all with none); an error naming the steps when none matches. */
export function chooseSteps<S extends { name: string }>(steps: readonly S[], filters: readonly string[]): S[] {
  const chosen = steps.filter((step) => !filters.length || filters.some((f) => step.name.includes(f)));
  if (!chosen.length) {
    throw new Error(
      `No step's name contains ${filters.map((f) => `"${f}"`).join(' or ')}. The steps:\n${steps.map((s) => `  ${s.name}`).join('\n')}`,
    );
  }
  return chosen;
}

/** What the build is made from: a change to any of these makes dist/ stale. */
export const BUILD_INPUTS = [
  'src',
  'public',
  'client',
  'scripts/server',
  'scripts/start.ts',
  'astro.config.mjs',
  'package-lock.json',
];

/** What a build or an install writes inside the inputs (the client package's own dist/): not a source. */
const OUTPUTS = new Set(['dist', 'node_modules']);

/** The file under `path` changed last, and when (ms). */
function newest(path: string): { file: string; time: number } {
  const stat = statSync(path);
  if (!stat.isDirectory()) return { file: path, time: stat.mtimeMs };
  let last = { file: path, time: 0 };
  for (const entry of readdirSync(path)) {
    if (OUTPUTS.has(entry)) continue;
    const found = newest(join(path, entry));
    if (found.time > last.time) last = found;
  }
  return last;
}

/** Why the build in `dist` cannot stand for the sources in `root`; nothing when it can. */
export function staleBuild(root: string, dist: string, inputs: readonly string[] = BUILD_INPUTS): string | undefined {
  const manifest = join(root, dist, 'build.json');
  const rebuild = 'Build it with: node scripts/start.ts --build-only (the browser step builds it too).';
  if (!existsSync(manifest)) return `${dist}/ has no build. ${rebuild}`;
  const built = statSync(manifest).mtimeMs;
  const changed = inputs
    .filter((input) => existsSync(join(root, input)))
    .map((input) => newest(join(root, input)))
    .reduce((a, b) => (b.time > a.time ? b : a), { file: '', time: 0 });
  if (changed.time <= built) return undefined;
  const file = changed.file.slice(root.length).replace(/^\//, '');
  return `${dist}/ is older than ${file}: it would check a build of other sources. ${rebuild}`;
}

/** The build step ran but left no build of its own: what depends on the build refuses to run. */
export const BUILD_STEP_FAILED = (step: string) =>
  `dist/ was not rebuilt: "${step}" failed before its build was done, so dist/ is not a build of these sources.`;

/** The closing lines: the plain count CI reads, then how many steps of all there are passed. */
export function closingLines(results: readonly { ok: boolean }[], total: number): string[] {
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  const left = total - results.length;
  return [
    `${passed} passed, ${failed} failed`,
    `${passed} of ${total} steps passed${left ? ` (${left} not run: a filtered run checks only what it names)` : ''}.`,
  ];
}
