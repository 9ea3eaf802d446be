import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { floorHtml } from './floor.ts';
import type { FoldProbe } from './fold-probe.ts';

const probe: FoldProbe = {
  url: 'http://127.0.0.1:4000/',
  lang: 'en',
  title: 'Haven Cam 360 <2K>',
  description: 'A "smart" camera',
  background: 'rgb(255, 255, 255)',
  viewport: { width: 412, height: 823 },
  lcp: { tag: 'img', url: 'http://127.0.0.1:4000/_astro/hero-960.webp' },
  image: {
    src: 'http://127.0.0.1:4000/_astro/hero-960.webp?v=1',
    alt: 'Haven Cam 360 in white',
    left: 16,
    top: 166,
    width: 380,
    height: 380,
    objectFit: 'cover',
    isLcp: true,
  },
  blocks: [
    {
      text: 'Haven Cam 360',
      tag: 'h1',
      left: 16,
      top: 560,
      width: 300,
      height: 32,
      fontSize: '24px',
      fontWeight: '700',
      lineHeight: '32px',
      color: 'rgb(0, 0, 0)',
    },
    {
      text: 'Add to Cart & save',
      tag: 'p',
      left: 16,
      top: 900,
      width: 200,
      height: 20,
      fontSize: '16px',
      fontWeight: '600',
      lineHeight: '20px',
      color: 'rgb(1, 2, 3)',
    },
  ],
};

describe('floorHtml', () => {
  const html = floorHtml(probe);
  const tags = DomUtils.findAll(() => true, parseDocument(html).children);

  it('has no script, no external stylesheet and no icon request', () => {
    expect(tags.some((t) => t.name === 'script')).toBe(false);
    expect(tags.some((t) => t.name === 'link' && t.attribs['rel'] === 'stylesheet')).toBe(false);
    expect(tags.find((t) => t.name === 'link' && t.attribs['rel'] === 'icon')?.attribs['href']).toBe('data:,');
  });

  it('shows the same image rendition from the same server, at the same place and size, as the first element', () => {
    const main = tags.findIndex((t) => t.name === 'main');
    expect(tags[main - 1]?.name).toBe('body');
    const img = tags[main + 1];
    expect(img?.name).toBe('img');
    expect(img?.attribs['src']).toBe('/_astro/hero-960.webp?v=1');
    expect(img?.attribs['fetchpriority']).toBe('high');
    expect(img?.attribs['style']).toBe('left:16px;top:166px;width:380px;height:380px;object-fit:cover');
  });

  it('keeps every text block, escaped, with its tag, position and font', () => {
    expect(tags.find((t) => t.name === 'h1')?.attribs['style']).toContain(
      'font-size:24px;font-weight:700;line-height:32px',
    );
    expect(html).toContain('>Add to Cart &#38; save</p>');
    expect(html).toContain('<title>Haven Cam 360 &#60;2K&#62;</title>');
    expect(html).toContain('content="A &#34;smart&#34; camera"');
  });

  it('makes the page tall enough for blocks below the fold', () => {
    expect(html).toContain('min-height:920px');
  });

  it('keeps an image of another origin absolute', () => {
    const other = floorHtml({ ...probe, image: { ...probe.image!, src: 'https://cdn.example.test/hero.webp' } });
    expect(other).toContain('src="https://cdn.example.test/hero.webp"');
  });
});
