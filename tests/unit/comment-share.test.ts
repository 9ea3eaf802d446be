// Comments say why in a line: the shipped code's comments stay under 12 % of its non-blank characters, and no file
// is more than 35 % comment. A reason that needs a page goes into docs/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const TOTAL_SHARE = 0.12;
const FILE_SHARE = 0.35;

const nonBlank = (text: string) => text.replace(/\s+/g, '').length;

/**
 * Non-blank characters of the comments in TypeScript (or TSX) `code`, from the parsed tree: a scanner alone misreads
 * what follows a template literal's `${…}` or a regular expression.
 */
function commentChars(code: string, jsx: boolean): number {
  const kind = jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(jsx ? 'f.tsx' : 'f.ts', code, ts.ScriptTarget.Latest, true, kind);
  // JSX text is not trivia: the `// x` of `<p>// x</p>` is no comment, though a comment scan from `>` finds one.
  const jsxText: ts.TextRange[] = [];
  const comments = new Map<number, number>();
  const keep = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) comments.set(r.pos, r.end);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) return void jsxText.push(node);
    // Each comment is in the trivia before or after a token: leading ranges hold those on lines of their own,
    // trailing ranges those at the end of a line.
    keep(ts.getLeadingCommentRanges(code, node.pos));
    keep(ts.getTrailingCommentRanges(code, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  let chars = 0;
  for (const [pos, end] of comments)
    if (!jsxText.some((t) => pos >= t.pos && pos < t.end)) chars += nonBlank(code.slice(pos, end));
  return chars;
}

/** An .astro file's comments: its frontmatter's, and those of its template ({/* … *\/} and <!-- … -->). */
function astroCommentChars(text: string): number {
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text);
  const template = frontmatter ? text.slice(frontmatter[0].length) : text;
  const marks = [...template.matchAll(/\{\/\*[\s\S]*?\*\/\}|<!--[\s\S]*?-->/g)];
  return commentChars(frontmatter?.[1] ?? '', false) + marks.reduce((sum, m) => sum + nonBlank(m[0]), 0);
}

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.(ts|tsx|astro)$/.test(f) && !/\.(test|support|d)\.ts$/.test(f))
  .map((f) => {
    const text = readFileSync(join(SRC, f), 'utf8');
    const comments = f.endsWith('.astro') ? astroCommentChars(text) : commentChars(text, f.endsWith('.tsx'));
    return { file: f, comments, chars: nonBlank(text) };
  });

describe('the comment count', () => {
  it('sees comments after a template literal with an expression, and after a regular expression', () => {
    const code = 'const a = `x${1}y`;\n// after the template\nconst b = /a\\/b/g; /* after the regexp */\n';
    expect(commentChars(code, false)).toBe(nonBlank('// after the template/* after the regexp */'));
  });

  it('counts leading, trailing, JSDoc and end-of-file comments once each', () => {
    const code = '/** doc */\nfunction f() { return 1; } // trailing\n/* a */ /* b */\n// last';
    expect(commentChars(code, false)).toBe(nonBlank('/** doc */// trailing/* a *//* b */// last'));
  });

  it('counts JSX comments and not JSX text that looks like one', () => {
    const code = 'const p = (\n  <p title="// no">\n    // no\n    {/* yes */}\n    http://no\n  </p>\n);\n';
    expect(commentChars(code, true)).toBe(nonBlank('/* yes */'));
  });

  it('counts an .astro file by its frontmatter and its template', () => {
    const astro = '---\nconst a = `${1}`; // one\n---\n<p>{/* two */}</p>\n<!-- three -->\n<a href="http://x">x</a>\n';
    expect(astroCommentChars(astro)).toBe(nonBlank('// one{/* two */}<!-- three -->'));
  });
});

describe('comments in src/ (tests and their helpers apart)', () => {
  it('measures real files', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.find((f) => f.file.endsWith('settle.ts'))?.comments).toBeGreaterThan(0);
  });

  it(`are under ${TOTAL_SHARE * 100} % of the non-blank characters`, () => {
    const share = files.reduce((s, f) => s + f.comments, 0) / files.reduce((s, f) => s + f.chars, 0);
    expect(share).toBeLessThan(TOTAL_SHARE);
  });

  it(`are at most ${FILE_SHARE * 100} % of any file`, () => {
    const heavy = files
      .filter((f) => f.comments / f.chars > FILE_SHARE)
      .map((f) => `${f.file}: ${Math.round((100 * f.comments) / f.chars)} %`);
    expect(heavy).toEqual([]);
  });
});
