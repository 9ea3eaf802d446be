// Two builds of the same product and content must give byte-identical dist/ folders, so that a CDN only
// invalidates what really changed. Both builds run `node scripts/start.ts --build-only` against the demo backend on
// the same port (canonical and image URLs derive from it), into two temporary folders, with a different time zone
// and locale, so output that depends on the clock's zone, the machine's language or the output folder shows up
// as a difference. Afterwards the first build's manifest is checked with `npm run check-product`, which must find
// no change: the manifest the build writes and the figures check-product computes agree.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, ROOT, runScript, startDemo } from '../../scripts/check-product/check-product.support.ts';

// A fixed port, so the image cache (keyed by image URL, hence by port) is reused from one run to the next.
const PORT = Number(process.env['DETERMINISM_PORT'] || 4711);
const BUILD_TIMEOUT_MS = 240_000;
const work = mkdtempSync(join(tmpdir(), 'deterministic-build-'));
const distA = join(work, 'a');
const distB = join(work, 'b');

afterAll(() => rmSync(work, { recursive: true, force: true }));

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** Where two files first differ, with a little text around it, so a failure says what to look for. */
function firstDifference(a: Buffer, b: Buffer): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const around = (buf: Buffer) => JSON.stringify(buf.subarray(Math.max(0, i - 40), i + 40).toString('utf8'));
  return `byte ${i}: ${around(a)} vs ${around(b)}`;
}

function compareTrees(a: string, b: string): string[] {
  const filesA = listFiles(a);
  const filesB = listFiles(b);
  const report: string[] = [];
  for (const file of filesA.filter((f) => !filesB.includes(f))) report.push(`only in the first build: ${file}`);
  for (const file of filesB.filter((f) => !filesA.includes(f))) report.push(`only in the second build: ${file}`);
  for (const file of filesA.filter((f) => filesB.includes(f))) {
    const bytesA = readFileSync(join(a, file));
    const bytesB = readFileSync(join(b, file));
    if (!bytesA.equals(bytesB)) report.push(`differs: ${file} (${firstDifference(bytesA, bytesB)})`);
  }
  return report;
}

async function build(dist: string, zone: { TZ: string; LANG: string }): Promise<void> {
  const env = cleanEnv({ PORT: String(PORT), TZ: zone.TZ, LANG: zone.LANG, LC_ALL: zone.LANG });
  const run = await runScript('scripts/start.ts', ['--build-only', `--dist=${dist}`], env, BUILD_TIMEOUT_MS);
  if (run.code !== 0) {
    const tail = `${run.out}\n${run.err}`.split('\n').slice(-30).join('\n');
    throw new Error(`The build into ${dist} failed (exit ${run.code}):\n${tail}`);
  }
}

describe('npm run build', () => {
  it(
    'gives byte-identical output twice, and a manifest that check-product finds unchanged',
    async () => {
      await build(distA, { TZ: 'UTC', LANG: 'C.UTF-8' });
      await build(distB, { TZ: 'Pacific/Kiritimati', LANG: 'de_DE.UTF-8' });

      const files = listFiles(distA);
      expect(files).toContain('index.html');
      expect(files).toContain('build.json');
      expect(compareTrees(distA, distB), 'files that differ between the two builds').toEqual([]);

      // No machine path in the output: another checkout or CI runner would produce different bytes.
      const leaks = files.flatMap((file) => {
        const text = readFileSync(join(distA, file), 'latin1');
        const at = [ROOT.replace(/\/$/, ''), work].map((path) => text.indexOf(path)).find((i) => i >= 0);
        return at === undefined ? [] : [`${file}: ${JSON.stringify(text.slice(Math.max(0, at - 60), at + 80))}`];
      });
      expect(leaks, 'files that contain a path of this machine').toEqual([]);

      const demo = await startDemo(PORT, distA);
      try {
        const check = await runScript(
          'scripts/check-product.ts',
          [`--manifest=${join(distA, 'build.json')}`],
          cleanEnv({ API_BASE_URL: `http://127.0.0.1:${PORT}/api/v1` }),
        );
        expect(check.err).toBe('');
        expect(check.out).toContain('no change since the last build');
        expect(check.code).toBe(0);
      } finally {
        await demo.stop();
      }
    },
    2 * BUILD_TIMEOUT_MS + 30_000,
  );
});
