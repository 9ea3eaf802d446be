import { describe, expect, it } from 'vitest';
import { productJsonLd as productJsonLdOf } from '../../src/build/index.ts';
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
  it('accepts what the product page writes: a ProductGroup with an offer per variant', () => {
    expect(productJsonLd([JSON.stringify(built)])).toEqual({
      problems: [],
      summary: 'ProductGroup "Haven Cam 360", 2 offers from 69.50 USD',
    });
  });

  it('finds it among other blocks, in a @graph too, and still reads a plain Product with offers', () => {
    const graph = { '@context': 'https://schema.org', '@graph': [{ '@type': 'Organization', name: 'Haven' }, built] };
    expect(productJsonLd(['{"@type":"WebSite"}', JSON.stringify(graph)]).problems).toEqual([]);
    const plain = {
      '@type': 'Product',
      name: 'Cam',
      offers: { '@type': 'Offer', price: '9.99', priceCurrency: 'USD' },
    };
    expect(productJsonLd([JSON.stringify(plain)]).summary).toBe('Product "Cam", 1 offer from 9.99 USD');
  });

  it('says what is wrong: missing, broken, not a product, no variants or offers, no price', () => {
    expect(productJsonLd([]).problems).toEqual(['no <script type="application/ld+json"> on the page']);
    expect(productJsonLd(['{"@type": "Product",']).problems[0]).toMatch(/^JSON-LD block 1 does not parse: /);
    expect(productJsonLd(['{"@type":"WebPage"}']).problems).toEqual([
      'no Product or ProductGroup in the JSON-LD (types: WebPage)',
    ]);
    expect(productJsonLd([JSON.stringify({ ...built, hasVariant: [] })]).problems).toEqual([
      'the ProductGroup has no variants (hasVariant)',
    ]);
    const variants = built['hasVariant'] as Record<string, unknown>[];
    const withoutOffer = variants.map((v, i) => (i === 1 ? { ...v, offers: undefined } : v));
    expect(productJsonLd([JSON.stringify({ ...built, hasVariant: withoutOffer })]).problems).toEqual([
      'variant 2 has no offer',
    ]);
    const badOffers = [
      { '@type': 'Offer', price: 'call us', priceCurrency: 'USD' },
      { '@type': 'Offer', price: 5 },
    ];
    const badVariants = variants.map((v, i) => ({ ...v, offers: badOffers[i] }));
    expect(productJsonLd([JSON.stringify({ ...built, hasVariant: badVariants })]).problems).toEqual([
      'offer 1 has no usable price ("call us")',
      'offer 2 has no priceCurrency',
    ]);
  });
});
