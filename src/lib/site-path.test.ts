import { expect, it } from 'vitest';
import { basePathOf, underBase, withinBase } from './site-path.ts';

it('reads the base from the site URL, with or without its trailing slash', () => {
  expect(basePathOf('https://shop.example.com')).toBe('');
  expect(basePathOf('https://shop.example.com/')).toBe('');
  expect(basePathOf('https://owner.github.io/shop')).toBe('/shop');
  expect(basePathOf('https://owner.github.io/a/shop/')).toBe('/a/shop');
  expect(basePathOf('https://owner.github.io/shop//')).toBe('/shop');
});

it("puts the base before the shop's own paths and nothing else", () => {
  expect(underBase('/shop', '/')).toBe('/shop/');
  expect(underBase('/shop', '/support#faq')).toBe('/shop/support#faq');
  expect(underBase('', '/support')).toBe('/support');
  for (const url of ['https://x.example/a', '//cdn.example/a.png', 'mailto:a@b.example', '#main', 'data:,x']) {
    expect(underBase('/shop', url)).toBe(url);
  }
});

it('finds the shop path of a pathname, and none outside the base', () => {
  expect(withinBase('/shop', '/shop')).toBe('/');
  expect(withinBase('/shop', '/shop/')).toBe('/');
  expect(withinBase('/shop', '/shop/checkout')).toBe('/checkout');
  expect(withinBase('/shop', '/shopping')).toBeUndefined();
  expect(withinBase('/shop', '/checkout')).toBeUndefined();
  expect(withinBase('', '/checkout')).toBe('/checkout');
});
