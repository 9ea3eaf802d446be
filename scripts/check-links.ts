// References to the docs from code, configuration and printed messages, checked offline, as part of `npm test`:
// every `path/to/file.md` or `file.md#anchor` must name a file of this repository and, with an anchor, one of its
// headings (GitHub's slugs). A heading cited by its title in quotes (docs/x.md, "Some heading") is refused: such a
// reference breaks silently when the heading changes, an anchor is checked. Links inside the Markdown files
// themselves are checked by remark-validate-links (.remarkrc.mjs).
//   node scripts/check-links.ts
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { remark } from 'remark';
import { toString } from 'mdast-util-to-string';
import type { Root, RootContent } from 'mdast';

const ROOT = resolve(import.meta.dirname, '..');
const SCANNED = /\.(ts|tsx|astro|mjs|cjs|js|ya?ml|json|css)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist.next', 'dist.previous', '.git', '.astro', 'test-results']);
const SKIPPED_PATHS = ['client/generated', 'client/dist', 'bench/results', 'package-lock.json'];

/** A path to the docs or a README, with an optional #anchor; not part of a URL or a longer path. */
const REFERENCE = /(?<![\w/.:@-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*(?:docs\/[\w.-]+|README|CONTRIBUTING)\.md)(#[\w-]*)?/g;
/** This check and its test show the forms they look for. */
const SELF = /^scripts\/check-links(\.test)?\.ts$/;
/** A heading cited by title: `docs/x.md, "Title"`, `README, "Title"`, `README's "Title"`. */
const TITLE_CITATION = /(\.md|\bREADME(?:'s)?)[,:]?\s+["“][^"”\n]+["”]/g;

export interface Problem {
  file: string;
  line: number;
  message: string;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    const path = relative(ROOT, full);
    if (SKIPPED_PATHS.some((p) => path === p || path.startsWith(`${p}/`))) continue;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) walk(full, out);
    } else if (SCANNED.test(entry.name)) out.push(full);
  }
  return out;
}

const anchorsCache = new Map<string, Set<string>>();

/** The anchors GitHub gives the headings of a Markdown file. */
export function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const tree = remark().parse(markdown);
  const anchors = new Set<string>();
  const visit = (node: Root | RootContent) => {
    if (node.type === 'heading') anchors.add(slugger.slug(toString(node)));
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return anchors;
}

function anchorsIn(file: string): Set<string> {
  let anchors = anchorsCache.get(file);
  if (!anchors) {
    anchors = anchorsOf(readFileSync(file, 'utf8'));
    anchorsCache.set(file, anchors);
  }
  return anchors;
}

/** The Markdown file a reference names: relative to the file that makes it, else to the repository's root. */
function targetOf(reference: string, from: string): string | undefined {
  const candidates = reference.startsWith('.')
    ? [resolve(dirname(from), reference)]
    : [resolve(ROOT, reference), resolve(dirname(from), reference)];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** The problems of one file's text (exported for the tests). */
export function checkText(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(TITLE_CITATION)) {
    problems.push({
      file,
      line: lineOf(match.index),
      message: `${match[0]}: cite a heading by its anchor (file.md#heading), which this check can follow`,
    });
  }
  for (const match of text.matchAll(REFERENCE)) {
    const [whole, path = '', anchor] = match;
    if (path.includes('*')) continue;
    const target = targetOf(path, file);
    if (!target) {
      problems.push({ file, line: lineOf(match.index), message: `${whole}: no such file` });
      continue;
    }
    const slug = anchor?.slice(1);
    if (slug !== undefined && !anchorsIn(target).has(slug)) {
      problems.push({
        file,
        line: lineOf(match.index),
        message: `${whole}: ${relative(ROOT, target)} has no heading with the anchor #${slug}`,
      });
    }
  }
  return problems;
}

function main(): number {
  const problems = walk(ROOT)
    .filter((file) => !SELF.test(relative(ROOT, file)))
    .flatMap((file) => checkText(file, readFileSync(file, 'utf8')));
  for (const p of problems) console.error(`${relative(ROOT, p.file)}:${p.line}: ${p.message}`);
  if (problems.length) {
    console.error(`\nReferences to the docs: ${problems.length} broken.`);
    return 1;
  }
  console.log('References to the docs: every file and #anchor named in code, configuration and messages exists.');
  return 0;
}

if (import.meta.main) process.exit(main());
