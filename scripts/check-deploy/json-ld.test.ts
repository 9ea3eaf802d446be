import { describe, expect, it } from 'vitest';
import { productJsonLd as productJsonLdOf } from '../../src/lib/seo.ts';
import { productJsonLd } from './json-ld.ts';

const built = productJsonLdOf({
  name: 'Haven Cam 360',
  description: 'A camera',
  productId: 'prod_1',
  pageUrl: 'https://shop.example.com/',
  brand: 'Haven',
  variants: [
    { name: 'Arctic White', sku: 'W', price: 7999, stock: 3 },
    { name: 'Midnight Black', sku: 'B', price: 6950, stock: 0 },
  ],
});

describe('productJsonLd', () => {
  it('accepts what the product page writes', () => {
    expect(productJsonLd([JSON.stringify(built)])).toEqual({
      problems: [],
      summary: 'Product "Haven Cam 360", 2 offers from 69.50 USD',
    });
  });

  it('finds the Product among other blocks, in a @graph too', () => {
    const graph = { '@context': 'https://schema.org', '@graph': [{ '@type': 'Organization', name: 'Haven' }, built] };
    expect(productJsonLd(['{"@type":"WebSite"}', JSON.stringify(graph)]).problems).toEqual([]);
  });

  it('says what is wrong: missing, broken, not a Product, no offers, no price', () => {
    expect(productJsonLd([]).problems).toEqual(['no <script type="application/ld+json"> on the page']);
    expect(productJsonLd(['{"@type": "Product",']).problems[0]).toMatch(/^JSON-LD block 1 does not parse: /);
    expect(productJsonLd(['{"@type":"WebPage"}']).problems).toEqual(['no Product in the JSON-LD (types: WebPage)']);
    expect(productJsonLd([JSON.stringify({ ...built, offers: [] })]).problems).toEqual(['the Product has no offers']);
    const offers = [
      { '@type': 'Offer', price: 'call us', priceCurrency: 'USD' },
      { '@type': 'Offer', price: 5 },
    ];
    expect(productJsonLd([JSON.stringify({ ...built, offers })]).problems).toEqual([
      'offer 1 has no usable price ("call us")',
      'offer 2 has no priceCurrency',
    ]);
  });
});
