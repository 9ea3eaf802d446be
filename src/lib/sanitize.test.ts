import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeDescription } from './sanitize.ts';

describe('sanitizeDescription', () => {
  it('keeps headings, lists and tables', () => {
    const html =
      '<h2>Specs</h2><ul><li>2K</li></ul><table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td>B</td></tr></tbody></table>';
    expect(sanitizeDescription(html)).toBe(html);
  });
  it.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src=x onerror="alert(1)">', ''],
    ['<p onclick="alert(1)" style="color:red">hi</p>', '<p>hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<iframe src="https://evil.test"></iframe><p>t</p>', '<p>t</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<style>body{display:none}</style>text', 'text'],
    ['<h1>Title</h1>', '<h2>Title</h2>'],
  ])('neutralises %s', (input, output) => {
    expect(sanitizeDescription(input)).toBe(output);
  });
  it('tolerates nothing at all', () => {
    expect(sanitizeDescription(undefined)).toBe('');
  });
});

describe('htmlToText', () => {
  it('flattens markup to one line of text', () => {
    expect(htmlToText('<h2>A</h2>\n<p>b <b>c</b></p><script>x</script>')).toBe('A b c');
  });
});
