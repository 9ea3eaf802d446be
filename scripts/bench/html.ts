// A small HTML start-tag reader for build output: enough to find scripts, stylesheets, preloads and Astro islands
// without a DOM. It skips comments and reads <script>/<style> bodies as raw text, so markup inside them (or inside
// an island's JSON props) is never mistaken for a tag.

export interface Tag {
  name: string;
  attrs: Map<string, string>;
  /** Raw text content, for <script> and <style> only. */
  text?: string;
}

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);

const NAMED_ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' };

export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function isSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r' || ch === '\f';
}

/** Reads the attributes of a start tag from `from` up to its closing `>`; returns them and the index after `>`. */
function readAttributes(html: string, from: number): { attrs: Map<string, string>; end: number } {
  const attrs = new Map<string, string>();
  let i = from;
  while (i < html.length) {
    while (isSpace(html[i]) || html[i] === '/') i++;
    if (i >= html.length) break;
    if (html[i] === '>') return { attrs, end: i + 1 };
    const nameStart = i;
    while (i < html.length && !isSpace(html[i]) && html[i] !== '=' && html[i] !== '>' && html[i] !== '/') i++;
    const name = html.slice(nameStart, i).toLowerCase();
    while (isSpace(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const stop = close === -1 ? html.length : close;
        value = html.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !isSpace(html[i]) && html[i] !== '>') i++;
        value = html.slice(valueStart, i);
      }
    }
    if (name && !attrs.has(name)) attrs.set(name, decodeEntities(value));
  }
  return { attrs, end: html.length };
}

/** Every start tag of the document in order, with the raw text of script and style elements. */
export function readTags(html: string): Tag[] {
  const tags: Tag[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    const match = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, lt + 64));
    if (!match?.[1]) {
      i = lt + 1;
      continue;
    }
    const name = match[1].toLowerCase();
    const { attrs, end } = readAttributes(html, lt + match[0].length);
    const tag: Tag = { name, attrs };
    i = end;
    if (RAW_TEXT.has(name)) {
      const closeRe = new RegExp(`</${name}[\\s>/]`, 'ig');
      closeRe.lastIndex = end;
      const close = closeRe.exec(html);
      const stop = close ? close.index : html.length;
      if (name === 'script' || name === 'style') tag.text = html.slice(end, stop);
      i = stop;
    }
    tags.push(tag);
  }
  return tags;
}
