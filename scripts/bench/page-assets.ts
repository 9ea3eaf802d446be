// What a built page loads before the shopper interacts, from the build output alone (no browser, no timing):
// - JavaScript: classic and module scripts, modulepreload / preload-as-script links, inline scripts, and the
//   component, renderer and before-hydration URLs of every Astro island that hydrates without the shopper doing
//   anything (client:load, idle, media, only), each followed through its static import graph. client:visible
//   islands hydrate when scrolled into view, which is an interaction: they are listed, not counted. Keep them
//   below the fold — the bench's Lighthouse run (no scrolling) shows what a first load really fetches.
// - CSS: <link rel=stylesheet> files (and their @import) plus inline <style>.
// Every file is counted once per page at its gzip -9 size.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readTags, type Tag } from './html.ts';
import { cssImports, staticImports } from './imports.ts';

/** Island directives that hydrate without an interaction. */
export const EAGER_DIRECTIVES = ['load', 'idle', 'intent', 'media', 'only'] as const;
const ISLAND_URL_ATTRS = ['component-url', 'renderer-url', 'before-hydration-url'] as const;
const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

export interface AssetFile {
  /** URL path on the site, e.g. /_astro/client.abc.js */
  url: string;
  bytes: number;
  gzipBytes: number;
  /** Why the page loads it: the HTML reference, or the file that imports it. */
  via: string;
}

export interface IslandInfo {
  component: string;
  client: string;
  counted: boolean;
}

export interface PageWeight {
  page: string;
  htmlFile: string;
  js: { files: AssetFile[]; inlineBytes: number; inlineGzipBytes: number; gzipBytes: number };
  css: { files: AssetFile[]; inlineBytes: number; inlineGzipBytes: number; gzipBytes: number };
  islands: IslandInfo[];
  /** References that are not files of the build (other origins): listed, not counted. */
  external: string[];
  /** References to build files that do not exist: a broken build. */
  missing: string[];
}

export function gzipSize(data: Buffer | string): number {
  return gzipSync(data, { level: 9 }).length;
}

/** URL path of a built HTML file (build.format 'file': checkout.html is /checkout; index.html is its folder). */
export function pagePathOf(relativeHtmlFile: string): string {
  const path = `/${relativeHtmlFile.split('\\').join('/')}`.replace(/\.html$/, '');
  if (path === '/index') return '/';
  return path.endsWith('/index') ? path.slice(0, -'/index'.length) : path;
}

interface Ref {
  url: string;
  via: string;
}

/** Site URL path of a reference made from `fromUrl`, or undefined when it points to another origin. */
function toSitePath(ref: string, fromUrl: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//')) return undefined;
  if (!ref.startsWith('/') && !ref.startsWith('.')) return undefined; // bare specifier: not loadable by a browser
  const url = new URL(ref, `http://site.invalid${fromUrl}`);
  return decodeURIComponent(url.pathname);
}

function relValues(tag: Tag): string[] {
  return (tag.attrs.get('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

class FileReader {
  readonly #dist: string;
  readonly #cache = new Map<string, { bytes: number; gzipBytes: number; text: string } | null>();
  constructor(dist: string) {
    this.#dist = dist;
  }
  read(url: string) {
    if (!this.#cache.has(url)) {
      const file = join(this.#dist, url);
      const isFile = statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
      const data = isFile ? readFileSync(file) : undefined;
      this.#cache.set(url, data ? { bytes: data.length, gzipBytes: gzipSize(data), text: data.toString('utf8') } : null);
    }
    return this.#cache.get(url) ?? undefined;
  }
}

/** Follows `refs` through `importsOf`, counting each file once; the first reference that reaches a file names it. */
function walk(
  reader: FileReader,
  refs: Ref[],
  importsOf: (text: string, url: string) => string[],
  result: Pick<PageWeight, 'external' | 'missing'>,
): AssetFile[] {
  const files = new Map<string, AssetFile>();
  const queue = [...refs];
  for (let ref = queue.shift(); ref; ref = queue.shift()) {
    if (files.has(ref.url)) continue;
    const file = reader.read(ref.url);
    if (!file) {
      if (!result.missing.includes(ref.url)) result.missing.push(ref.url);
      continue;
    }
    files.set(ref.url, { url: ref.url, bytes: file.bytes, gzipBytes: file.gzipBytes, via: ref.via });
    for (const specifier of importsOf(file.text, ref.url)) {
      const url = toSitePath(specifier, ref.url);
      if (url) queue.push({ url, via: `imported by ${ref.url}` });
      else if (!result.external.includes(specifier)) result.external.push(specifier);
    }
  }
  return [...files.values()];
}

export function measurePage(dist: string, relativeHtmlFile: string, reader = new FileReader(dist)): PageWeight {
  const page = pagePathOf(relativeHtmlFile);
  const html = readFileSync(join(dist, relativeHtmlFile), 'utf8');
  const result: PageWeight = {
    page,
    htmlFile: relativeHtmlFile,
    js: { files: [], inlineBytes: 0, inlineGzipBytes: 0, gzipBytes: 0 },
    css: { files: [], inlineBytes: 0, inlineGzipBytes: 0, gzipBytes: 0 },
    islands: [],
    external: [],
    missing: [],
  };
  const jsRefs: Ref[] = [];
  const cssRefs: Ref[] = [];
  const inlineJs: string[] = [];
  const inlineCss: string[] = [];
  const add = (refs: Ref[], ref: string | undefined, via: string) => {
    if (!ref) return;
    const url = toSitePath(ref, page);
    if (url) refs.push({ url, via });
    else if (!result.external.includes(ref)) result.external.push(ref);
  };

  for (const tag of readTags(html)) {
    if (tag.name === 'script') {
      const type = (tag.attrs.get('type') ?? '').trim().toLowerCase();
      if (!JS_TYPES.has(type)) continue;
      const src = tag.attrs.get('src');
      if (src) add(jsRefs, src, type === 'module' ? 'module script' : 'script');
      else if (tag.text?.trim()) {
        inlineJs.push(tag.text);
        if (type === 'module') for (const s of staticImports(tag.text)) add(jsRefs, s, 'imported by an inline module script');
      }
    } else if (tag.name === 'link') {
      const rel = relValues(tag);
      const href = tag.attrs.get('href');
      if (rel.includes('modulepreload')) add(jsRefs, href, 'modulepreload');
      else if (rel.includes('preload') && tag.attrs.get('as') === 'script') add(jsRefs, href, 'preload as script');
      else if (rel.includes('stylesheet')) add(cssRefs, href, 'stylesheet');
    } else if (tag.name === 'style' && tag.text?.trim()) {
      inlineCss.push(tag.text);
    } else if (tag.name === 'astro-island') {
      const client = tag.attrs.get('client') ?? '';
      const counted = (EAGER_DIRECTIVES as readonly string[]).includes(client);
      const component = tag.attrs.get('component-url') ?? '';
      result.islands.push({ component, client, counted });
      if (!counted) continue;
      for (const attr of ISLAND_URL_ATTRS) add(jsRefs, tag.attrs.get(attr), `island client:${client} (${attr})`);
    }
  }

  for (const text of inlineCss) for (const s of cssImports(text)) add(cssRefs, s, 'imported by an inline style');
  result.js.files = walk(reader, jsRefs, (text, url) => staticImports(text, url), result);
  result.css.files = walk(reader, cssRefs, (text) => cssImports(text), result);
  const inline = (parts: string[]) => ({ bytes: Buffer.byteLength(parts.join('\n')), gzip: parts.length ? gzipSize(parts.join('\n')) : 0 });
  const js = inline(inlineJs);
  const css = inline(inlineCss);
  result.js.inlineBytes = js.bytes;
  result.js.inlineGzipBytes = js.gzip;
  result.css.inlineBytes = css.bytes;
  result.css.inlineGzipBytes = css.gzip;
  result.js.gzipBytes = js.gzip + result.js.files.reduce((sum, f) => sum + f.gzipBytes, 0);
  result.css.gzipBytes = css.gzip + result.css.files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return result;
}

export { FileReader };
