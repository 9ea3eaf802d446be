// The floor page: what the product page's first screen costs with nothing but HTML and CSS. The same hero image
// rendition (same URL, so the same bytes from the same server) and the same text blocks sit at the same positions
// and sizes; no script, no web font, no external stylesheet. It is written into the bench's own temporary build
// (never into dist/) and served by the same server as the pages it is compared with.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FoldProbe } from './fold-probe.ts';

export const FLOOR_PATH = '/__bench/floor';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const px = (value: number) => `${Math.round(value * 100) / 100}px`;

/** Same-origin image URLs become paths, so the floor fetches them from the server it is served by. */
function samePath(src: string, pageUrl: string): string {
  const url = new URL(src, pageUrl);
  return url.origin === new URL(pageUrl).origin ? `${url.pathname}${url.search}` : url.href;
}

export function floorHtml(probe: FoldProbe): string {
  const height = Math.max(
    probe.viewport.height,
    ...probe.blocks.map((b) => b.top + b.height),
    probe.image ? probe.image.top + probe.image.height : 0,
  );
  const image = probe.image
    ? `<img src="${escapeHtml(samePath(probe.image.src, probe.url))}" alt="${escapeHtml(probe.image.alt)}" ` +
      `width="${Math.round(probe.image.width)}" height="${Math.round(probe.image.height)}" fetchpriority="high" ` +
      `style="left:${px(probe.image.left)};top:${px(probe.image.top)};width:${px(probe.image.width)};` +
      `height:${px(probe.image.height)};object-fit:${escapeHtml(probe.image.objectFit)}">`
    : '';
  const blocks = probe.blocks.map(
    (b) =>
      `<${b.tag} style="left:${px(b.left)};top:${px(b.top)};width:${px(b.width + 2)};font-size:${escapeHtml(b.fontSize)};` +
      `font-weight:${escapeHtml(b.fontWeight)};line-height:${escapeHtml(b.lineHeight)};color:${escapeHtml(b.color)}">` +
      `${escapeHtml(b.text)}</${b.tag}>`,
  );
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(probe.lang || 'en')}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // No icon request: the floor carries nothing the first screen does not need.
    '<link rel="icon" href="data:,">',
    `<title>${escapeHtml(probe.title)}</title>`,
    `<meta name="description" content="${escapeHtml(probe.description)}">`,
    '<style>',
    `html,body{margin:0}body{position:relative;min-height:${px(height)};background:${escapeHtml(probe.background)};` +
      'font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
    'img,h1,h2,h3,h4,h5,h6,p{position:absolute;margin:0}img{display:block}',
    '</style>',
    '</head>',
    '<body>',
    '<main>',
    image,
    ...blocks,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Writes the floor page into a build directory; returns its URL path. */
export function writeFloorPage(distDir: string, probe: FoldProbe): string {
  const dir = join(distDir, FLOOR_PATH.split('/').slice(1, -1).join('/'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(distDir, `${FLOOR_PATH}.html`), floorHtml(probe));
  return FLOOR_PATH;
}
