// The deterministic size check on a small hand-made build: which files count as loaded before interaction, how
// they are weighed, and when the check fails.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSize, measurePage, pagePathOf } from '../../scripts/bench/page-assets.ts';
import { checkPageWeights } from '../../scripts/page-weight.ts';

let dist: string;

function write(path: string, content: string): void {
  mkdirSync(dirname(join(dist, path)), { recursive: true });
  writeFileSync(join(dist, path), content);
}

/** Incompressible-ish text of a given length, so gzip sizes differ clearly between files. */
function noise(length: number, seed: number): string {
  let x = seed;
  let out = '';
  while (out.length < length) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += x.toString(36);
  }
  return `/*${out.slice(0, length)}*/`;
}

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'page-weight-'));
  write('_astro/shared.js', `export const s=1;${noise(3000, 1)}`);
  write('_astro/renderer.js', `import{s}from"./shared.js";export default s;${noise(2000, 2)}`);
  write(
    '_astro/Gallery.js',
    `import{s}from"./shared.js";import"./side.js";const l=()=>import("./Drawer.js");${noise(1000, 3)}`,
  );
  write('_astro/side.js', `export*from"./deep.js";`);
  write('_astro/deep.js', noise(500, 4));
  write('_astro/Drawer.js', noise(9000, 5));
  write('_astro/Reviews.js', noise(700, 6));
  write('_astro/Menu.js', noise(800, 7));
  write('_astro/Hover.js', noise(5000, 8));
  write('_astro/entry.js', `import"/_astro/shared.js";${noise(300, 9)}`);
  write('_astro/preloaded.js', noise(400, 10));
  write('_astro/site.css', `@import "./fonts.css";body{margin:0}${noise(600, 11)}`);
  write('_astro/fonts.css', noise(200, 12));
  write(
    'index.html',
    `<!doctype html><html><head>
<link rel="stylesheet" href="/_astro/site.css"><link rel="modulepreload" href="/_astro/preloaded.js">
<link rel="icon" href="/favicon.svg"><script type="application/ld+json">{"@type":"Product"}</script>
<style>.x{color:red}</style><script>(()=>{window.x=1})()</script>
<script type="module" src="/_astro/entry.js"></script></head><body>
<!-- <astro-island client="load" component-url="/_astro/Commented.js"></astro-island> -->
<astro-island client="load" component-url="/_astro/Gallery.js" renderer-url="/_astro/renderer.js" props="{&quot;a&quot;:&quot;<b>&quot;}"></astro-island>
<astro-island client="visible" component-url="/_astro/Reviews.js" renderer-url="/_astro/renderer.js"></astro-island>
<astro-island client="only" component-url="/_astro/Menu.js" renderer-url="/_astro/renderer.js"></astro-island>
<astro-island client="hover" component-url="/_astro/Hover.js" renderer-url="/_astro/renderer.js"></astro-island>
<script src="https://cdn.example.test/widget.js"></script>
</body></html>`,
  );
  write(
    'support.html',
    '<html><head><link rel="stylesheet" href="/_astro/site.css"></head><body><p>Help</p></body></html>',
  );
  write('broken/index.html', '<script type="module" src="/_astro/gone.js"></script>');
  // The content editor: not a shop page, never weighed (its missing script would otherwise fail the check).
  write('admin/index.html', '<script type="module" src="/admin/not-built.js"></script>');
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('pagePathOf', () => {
  it('maps build.format file output to URL paths', () => {
    expect(pagePathOf('index.html')).toBe('/');
    expect(pagePathOf('checkout.html')).toBe('/checkout');
    expect(pagePathOf('docs/index.html')).toBe('/docs');
    expect(pagePathOf('404.html')).toBe('/404');
  });
});

describe('measurePage', () => {
  it('counts scripts, modulepreloads, eager islands and their static imports once each', () => {
    const page = measurePage(dist, 'index.html');
    const urls = page.js.files.map((f) => f.url).sort();
    expect(urls).toEqual(
      [
        '/_astro/Gallery.js',
        '/_astro/Menu.js',
        '/_astro/deep.js',
        '/_astro/entry.js',
        '/_astro/preloaded.js',
        '/_astro/renderer.js',
        '/_astro/shared.js',
        '/_astro/side.js',
      ].sort(),
    );
    expect(page.js.files.find((f) => f.url === '/_astro/deep.js')?.via).toBe('imported by /_astro/side.js');
    expect(page.islands.map((i) => [i.client, i.counted])).toEqual([
      ['load', true],
      ['visible', false],
      ['only', true],
      ['hover', false],
    ]);
    expect(page.external).toEqual(['https://cdn.example.test/widget.js']);
    expect(page.missing).toEqual([]);
  });

  it('leaves out dynamic imports, islands that wait for an interaction or a scroll, JSON-LD and commented-out markup', () => {
    const urls = measurePage(dist, 'index.html').js.files.map((f) => f.url);
    expect(urls).not.toContain('/_astro/Drawer.js');
    expect(urls).not.toContain('/_astro/Hover.js');
    expect(urls).not.toContain('/_astro/Reviews.js'); // client:visible: hydrates when scrolled into view
    expect(urls).not.toContain('/_astro/Commented.js');
  });

  it('weighs each file at its gzip -9 size and adds the inline scripts and styles', () => {
    const page = measurePage(dist, 'index.html');
    const shared = page.js.files.find((f) => f.url === '/_astro/shared.js');
    expect(shared?.gzipBytes).toBe(gzipSize(`export const s=1;${noise(3000, 1)}`));
    expect(page.js.inlineGzipBytes).toBe(gzipSize('(()=>{window.x=1})()'));
    expect(page.js.gzipBytes).toBe(page.js.inlineGzipBytes + page.js.files.reduce((sum, f) => sum + f.gzipBytes, 0));
    expect(page.css.files.map((f) => f.url).sort()).toEqual(['/_astro/fonts.css', '/_astro/site.css']);
    expect(page.css.inlineGzipBytes).toBe(gzipSize('.x{color:red}'));
  });

  it('reports a reference to a file the build does not have', () => {
    expect(measurePage(dist, 'broken/index.html').missing).toEqual(['/_astro/gone.js']);
  });
});

describe('checkPageWeights', () => {
  function budgetsFile(jsGzipBytes: number, looser: Record<string, unknown> = {}): string {
    const file = join(dist, '..', `budgets-${process.pid}-${jsGzipBytes}.json`);
    const budgets = {
      performance: 0.98,
      accessibility: 1,
      bestPractices: 0.95,
      seo: 1,
      lcpMs: 1500,
      tbtMs: 50,
      cls: 0.01,
      jsGzipBytes,
      cssGzipBytes: 15000,
      walletSdkOnFirstLoad: false,
      lcpToFloor: 1.2,
      mainThreadToFloor: 7,
      interactionMs: 100,
      tapToPaintMs: 200,
    };
    writeFileSync(file, JSON.stringify({ budgets, pages: { '/': { looser } } }));
    return file;
  }

  it('fails on a page past its JavaScript budget and on a missing build file', () => {
    const heavy = measurePage(dist, 'index.html').js.gzipBytes;
    const file = budgetsFile(heavy - 1);
    const report = checkPageWeights(dist, file);
    rmSync(file);
    expect(report.failures).toEqual([
      '/broken: references /_astro/gone.js, which is not in the build output',
      `/: jsGzipBytes = ${heavy}, budget <= ${heavy - 1}`,
    ]);
  });

  it('passes pages within budget, with a looser value applied to its page only', () => {
    const heavy = measurePage(dist, 'index.html').js.gzipBytes;
    const file = budgetsFile(heavy - 1, {
      jsGzipBytes: { value: heavy, reason: 'fixture page with every kind of script' },
    });
    const report = checkPageWeights(dist, file);
    rmSync(file);
    expect(report.failures).toEqual(['/broken: references /_astro/gone.js, which is not in the build output']);
    expect(report.checks.filter((c) => c.page === '/support').every((c) => c.ok)).toBe(true);
    expect(report.pages.map((p) => p.page)).not.toContain('/admin');
  });
});
