import { markdownToHtml } from 'satteri';
import { expect, it } from 'vitest';
import { baseLinks } from './base-links.ts';

const MARKDOWN = [
  'Read the [return policy](/policy#returns), [contact us](#contact),',
  'write to [help](mailto:help@shop.example) or see [elsewhere](https://example.com/a).',
  '',
  '![The box](/uploads/box.png)',
].join('\n');

it("puts the base before the shop's own links and pictures in Markdown, and leaves the rest", async () => {
  const { html } = await markdownToHtml(MARKDOWN, { hastPlugins: [baseLinks('/shop')] });
  expect(html).toContain('href="/shop/policy#returns"');
  expect(html).toContain('src="/shop/uploads/box.png"');
  for (const kept of ['#contact', 'mailto:help@shop.example', 'https://example.com/a']) {
    expect(html).toContain(`href="${kept}"`);
  }
});

it('changes nothing at a domain root', () => {
  expect(baseLinks('')).toBeNull();
});
