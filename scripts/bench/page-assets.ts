// What a built page loads before the shopper interacts, from the build output alone (no browser, no timing):
// - JavaScript: classic and module scripts, modulepreload / preload-as-script links, inline scripts, and the
//   component, renderer and before-hydration URLs of every Astro island that hydrates without the shopper doing
//   anything (client:load, idle, intent, media, only), each followed through its static import graph.
//   client:visible islands hydrate when scrolled into view, which is an interaction: they are listed, not counted.
// - CSS: <link rel=stylesheet> files (and their @import) plus inline <style>.
// Every file is counted once per page at its gzip -9 size.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DomUtils, parseDocument } from 'htmlparser2';
import { cssImports, staticImports } from './imports.ts';

/** Island directives that hydrate without an interaction. */
const EAGER_DIRECTIVES = ['load', 'idle', 'intent', 'media', 'only'];
const ISLAND_URL_ATTRS = ['component-url', 'renderer-url', 'before-hydration-url'];
const JS_TYPES = ['', 'module', 'text/javascript', 'application/javascript'];

interface AssetFile {
  /** URL path on the site, e.g. /_astro/client.abc.js */
  url: string;
  bytes: number;
  gzipBytes: number;
  /** Why the page loads it: the HTML reference, or the file that imports it. */
  via: string;
}

interface Weight {
  files: AssetFile[];
  inlineBytes: number;
  inlineGzipBytes: number;
  gzipBytes: number;
}

export interface PageWeight {
  page: string;
  htmlFile: string;
  js: Weight;
  css: Weight;
  islands: { component: string; client: string; counted: boolean }[];
  /** References that are not files of the build (other origins): listed, not counted. */
  external: string[];
  /** References to build files that do not exist: a broken build. */
  missing: string[];
}

export const gzipSize = (data: Buffer | string): number => gzipSync(data, { level: 9 }).length;

/** URL path of a built HTML file (build.format 'file': checkout.html is /checkout; index.html is its folder). */
export function pagePathOf(relativeHtmlFile: string): string {
  const path = `/${relativeHtmlFile.split('\\').join('/')}`.replace(/\.html$/, '').replace(/\/index$/, '');
  return path || '/';
}

/** Site URL path of a reference made from `fromUrl`, or undefined for another origin or a bare specifier. */
function toSitePath(ref: string, fromUrl: string): string | undefined {
  if (!/^\.{0,2}\//.test(ref) || ref.startsWith('//')) return undefined;
  return decodeURIComponent(new URL(ref, `http://site.invalid${fromUrl}`).pathname);
}

type BuildFile = { bytes: number; gzipBytes: number; text: string };

/** Build files by URL path, read and gzipped once however many pages load them. */
export class FileReader {
  readonly #cache = new Map<string, BuildFile | undefined>();
  readonly #dist: string;
  constructor(dist: string) {
    this.#dist = dist;
  }
  read(url: string): BuildFile | undefined {
    if (!this.#cache.has(url)) {
      const file = join(this.#dist, url);
      const data = statSync(file, { throwIfNoEntry: false })?.isFile() ? readFileSync(file) : undefined;
      this.#cache.set(url, data && { bytes: data.length, gzipBytes: gzipSize(data), text: data.toString('utf8') });
    }
    return this.#cache.get(url);
  }
}

export function measurePage(dist: string, relativeHtmlFile: string, reader = new FileReader(dist)): PageWeight {
  const page = pagePathOf(relativeHtmlFile);
  const result: PageWeight = {
    page,
    htmlFile: relativeHtmlFile,
    js: weight(),
    css: weight(),
    islands: [],
    external: [],
    missing: [],
  };
  const refs = { js: [] as [string, string][], css: [] as [string, string][] };
  const inline = { js: [] as string[], css: [] as string[] };
  const external = (ref: string) => !result.external.includes(ref) && result.external.push(ref);
  const add = (kind: 'js' | 'css', ref: string | undefined, via: string, from = page) => {
    const url = ref && toSitePath(ref, from);
    if (url) refs[kind].push([url, via]);
    else if (ref) external(ref);
  };

  const html = parseDocument(readFileSync(join(dist, relativeHtmlFile), 'utf8'));
  for (const el of DomUtils.findAll(
    (e) => ['script', 'link', 'style', 'astro-island'].includes(e.name),
    html.children,
  )) {
    const attr = (name: string) => el.attribs[name];
    if (el.name === 'script') {
      const type = (attr('type') ?? '').trim().toLowerCase();
      const text = DomUtils.textContent(el);
      if (!JS_TYPES.includes(type)) continue;
      if (attr('src')) add('js', attr('src'), type === 'module' ? 'module script' : 'script');
      else if (text.trim()) {
        inline.js.push(text);
        if (type === 'module') for (const s of staticImports(text)) add('js', s, 'imported by an inline module script');
      }
    } else if (el.name === 'link') {
      const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('modulepreload')) add('js', attr('href'), 'modulepreload');
      else if (rel.includes('preload') && attr('as') === 'script') add('js', attr('href'), 'preload as script');
      else if (rel.includes('stylesheet')) add('css', attr('href'), 'stylesheet');
    } else if (el.name === 'style') {
      const text = DomUtils.textContent(el);
      if (text.trim()) inline.css.push(text);
      for (const s of cssImports(text)) add('css', s, 'imported by an inline style');
    } else {
      const client = attr('client') ?? '';
      const counted = EAGER_DIRECTIVES.includes(client);
      result.islands.push({ component: attr('component-url') ?? '', client, counted });
      if (counted) for (const name of ISLAND_URL_ATTRS) add('js', attr(name), `island client:${client} (${name})`);
    }
  }

  // Breadth-first through the imports, each file once; the first reference that reaches a file names it.
  const walk = (kind: 'js' | 'css', importsOf: (text: string, url: string) => string[]): AssetFile[] => {
    const files = new Map<string, AssetFile>();
    for (const [url, via] of refs[kind]) {
      if (files.has(url)) continue;
      const file = reader.read(url);
      if (!file) {
        if (!result.missing.includes(url)) result.missing.push(url);
        continue;
      }
      files.set(url, { url, bytes: file.bytes, gzipBytes: file.gzipBytes, via });
      for (const s of importsOf(file.text, url)) add(kind, s, `imported by ${url}`, url);
    }
    return [...files.values()];
  };
  for (const [kind, importsOf] of [
    ['js', staticImports],
    ['css', cssImports],
  ] as const) {
    const files = walk(kind, importsOf);
    const text = inline[kind].join('\n');
    const inlineGzipBytes = text ? gzipSize(text) : 0;
    result[kind] = {
      files,
      inlineBytes: Buffer.byteLength(text),
      inlineGzipBytes,
      gzipBytes: inlineGzipBytes + files.reduce((sum, f) => sum + f.gzipBytes, 0),
    };
  }
  return result;
}

function weight(): Weight {
  return { files: [], inlineBytes: 0, inlineGzipBytes: 0, gzipBytes: 0 };
}
