import { describe, expect, it } from 'vitest';
import { decodeEntities, readTags } from './html.ts';

describe('readTags', () => {
  it('reads attributes in every quoting style and decodes entities', () => {
    const [tag] = readTags(`<astro-island client="load" props='{"a":1}' data-x=plain ssr component-url="/a.js?x=1&amp;y=2">`);
    expect(tag?.name).toBe('astro-island');
    expect(Object.fromEntries(tag?.attrs ?? [])).toEqual({
      client: 'load',
      props: '{"a":1}',
      'data-x': 'plain',
      ssr: '',
      'component-url': '/a.js?x=1&y=2',
    });
  });

  it('keeps a > inside a quoted attribute value', () => {
    const tags = readTags('<astro-island props="{&quot;t&quot;:&quot;a > b&quot;}" client="idle"><p>x</p>');
    expect(tags.map((t) => t.name)).toEqual(['astro-island', 'p']);
    expect(tags[0]?.attrs.get('client')).toBe('idle');
  });

  it('reads script and style bodies as raw text, and skips comments', () => {
    const html =
      '<!-- <script src="/commented.js"></script> -->' +
      '<script type="module">const s = "<astro-island client=\\"load\\">"; if (a < b) {}</script>' +
      '<style>a > b { color: red }</style><link rel="stylesheet" href="/x.css">';
    const tags = readTags(html);
    expect(tags.map((t) => t.name)).toEqual(['script', 'style', 'link']);
    expect(tags[0]?.text).toContain('<astro-island');
    expect(tags[1]?.text).toBe('a > b { color: red }');
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric references and leaves unknown ones', () => {
    expect(decodeEntities('&quot;&#39;&#x2F;&amp;&bogus;')).toBe(`"'/&&bogus;`);
  });
});
