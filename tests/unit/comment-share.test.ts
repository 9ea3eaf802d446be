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

/** Non-blank characters of the comments in TypeScript (or TSX) `code`. */
function commentChars(code: string, jsx: boolean): number {
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    false,
    jsx ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard,
    code,
  );
  let chars = 0;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia)
      chars += nonBlank(scanner.getTokenText());
  }
  return chars;
}

/** An .astro file's comments: its frontmatter's, and those of its template ({/* … *\/} and <!-- … -->). */
function astroCommentChars(text: string): number {
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const template = [...text.matchAll(/\{\/\*[\s\S]*?\*\/\}|<!--[\s\S]*?-->/g)];
  return commentChars(frontmatter, false) + template.reduce((sum, m) => sum + nonBlank(m[0]), 0);
}

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.(ts|tsx|astro)$/.test(f) && !/\.(test|d)\.ts$/.test(f))
  .map((f) => {
    const text = readFileSync(join(SRC, f), 'utf8');
    const comments = f.endsWith('.astro') ? astroCommentChars(text) : commentChars(text, f.endsWith('.tsx'));
    return { file: f, comments, chars: nonBlank(text) };
  });

describe('comments in src/ (tests apart)', () => {
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
