// The HTML check finds each kind of error the built pages once had, and passes a valid page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkHtml, htmlFiles } from './check-html.ts';

const dir = mkdtempSync(join(tmpdir(), 'check-html-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const page = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>${head}</head><body>${body}</body></html>`;

function write(name: string, html: string): string {
  const file = join(dir, name);
  writeFileSync(file, html);
  return file;
}

describe('checkHtml (the Nu HTML Checker)', () => {
  it('passes a valid page', async () => {
    const icon = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E";
    const file = write('valid.html', page(`<link rel="icon" href="${icon}">`, '<h1>Shop</h1><s>$99.99</s>'));
    expect(await checkHtml([file])).toEqual([]);
  });

  it.each([
    [
      'a space in a data: URL',
      page(`<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='x'/%3E">`, '<h1>a</h1>'),
      /Space is not allowed/,
    ],
    [
      'role="alert" on a list',
      page('', '<h1>a</h1><ol role="alert" aria-label="Alerts"></ol>'),
      /“alert” for attribute “role” on element “ol”/,
    ],
    [
      'a <style> in the body after other content',
      page('', '<h1>a</h1><style>p{}</style>'),
      /“style” element in “body” must be the first child/,
    ],
    [
      'aria-label on <s>',
      page('', '<h1>a</h1><s aria-label="Regular price">$1</s>'),
      /“aria-label” attribute must not be specified on any “s” element/,
    ],
  ])('reports %s', async (name, html, message) => {
    const problems = await checkHtml([write(`${name.replace(/\W+/g, '-')}.html`, html)]);
    expect(problems.map((p) => p.message)).toEqual([expect.stringMatching(message)]);
  });

  it('names the file and line of each error', async () => {
    const file = write(
      'lines.html',
      `<!doctype html><html lang="en"><head><title>t</title></head><body>\n\n<ol role="alert"></ol></body></html>`,
    );
    expect(await checkHtml([file])).toEqual([{ file, line: 3, message: expect.any(String) }]);
  });

  it('finds the pages of a build, in folders too', () => {
    expect(htmlFiles(dir).length).toBeGreaterThanOrEqual(6);
  });
});
