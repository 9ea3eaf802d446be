// `npm start`'s real build (`node scripts/start.ts --build-only` against the demo backend), made twice into temporary
// folders with a different time zone and locale: the two must be byte-identical, so that a CDN only invalidates what
// really changed, and output that depends on the clock's zone, the machine's language or the output folder shows up
// as a difference. The first is then served by `--no-build`, and its manifest checked with `npm run check-product`,
// which must find no change: the manifest the build writes and the figures check-product computes agree.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, ROOT, runScript, startDemo, type Run } from '../../scripts/check-product/check-product.support.ts';
import { TEST_PORT as PORT } from '../../scripts/server/config.ts';
import { COMPILE_HINT } from '../../src/build/index.ts';

const BUILD_TIMEOUT_MS = 240_000;
const work = mkdtempSync(join(tmpdir(), 'demo-build-'));
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

async function build(dist: string, zone: { TZ: string; LANG: string }): Promise<Run> {
  const env = cleanEnv({ PORT: String(PORT), TZ: zone.TZ, LANG: zone.LANG, LC_ALL: zone.LANG });
  const run = await runScript('scripts/start.ts', ['--build-only', `--dist=${dist}`], env, BUILD_TIMEOUT_MS);
  if (run.code !== 0) {
    const tail = `${run.out}\n${run.err}`.split('\n').slice(-30).join('\n');
    throw new Error(`The build into ${dist} failed (exit ${run.code}):\n${tail}`);
  }
  return run;
}

let first: Run;
beforeAll(async () => {
  first = await build(distA, { TZ: 'UTC', LANG: 'C.UTF-8' });
  await build(distB, { TZ: 'Pacific/Kiritimati', LANG: 'de_DE.UTF-8' });
}, 2 * BUILD_TIMEOUT_MS);

describe("npm start's real build", () => {
  it('builds the storefront against the demo API and says where', () => {
    expect(first.out).toContain(`Built the storefront into ${distA}`);
    const files = listFiles(distA);
    expect(files).toContain('index.html');
    expect(files).toContain('build.json');
  });

  it('gives byte-identical output in another time zone and locale', () => {
    expect(compareTrees(distA, distB), 'files that differ between the two builds').toEqual([]);
  });

  it('holds no path of this machine', () => {
    // Another checkout or CI runner would produce different bytes.
    const leaks = listFiles(distA).flatMap((file) => {
      const text = readFileSync(join(distA, file), 'latin1');
      const at = [ROOT.replace(/\/$/, ''), work].map((path) => text.indexOf(path)).find((i) => i >= 0);
      return at === undefined ? [] : [`${file}: ${JSON.stringify(text.slice(Math.max(0, at - 60), at + 80))}`];
    });
    expect(leaks, 'files that contain a path of this machine').toEqual([]);
  });

  it("opens the code of the product page's first taps, and only that, with V8's hint to compile it as it loads", () => {
    const scripts = listFiles(join(distA, '_astro')).filter((file) => file.endsWith('.js'));
    const hinted = scripts.filter((file) => readFileSync(join(distA, '_astro', file), 'utf8').startsWith(COMPILE_HINT));
    expect(hinted.map((file) => file.split('.')[0]).sort()).toEqual([
      'CartDrawer',
      'OrderSummary',
      'Toaster',
      'WalletButtonPayPal',
      'app',
      'page',
      'product',
    ]);
  });

  it('is served by --no-build, and check-product finds its manifest unchanged', async () => {
    const demo = await startDemo(PORT, distA);
    try {
      const home = await fetch(`http://127.0.0.1:${PORT}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toMatch(/^text\/html; ?charset=utf-8$/);
      expect((await home.text()).toLowerCase()).toContain('<!doctype html>');
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
  });
});
