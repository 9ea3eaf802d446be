import { describe, expect, it } from 'vitest';
import { productJsonLd } from './structured-data.ts';

describe('productJsonLd', () => {
  const input = {
    name: 'Cam',
    description: 'D',
    productId: 'p1',
    pageUrl: 'https://shop.test/',
    brand: 'Haven',
    variants: [
      { name: 'Arctic White', sku: 'W', price: 7999, stock: 4, image: 'https://shop.test/a.webp' },
      { name: 'Sage Green', sku: 'G', price: 8990, stock: 0 },
    ],
  };
  const ld = productJsonLd(input);
  const variants = ld['hasVariant'] as Record<string, unknown>[];

  it('is a ProductGroup that varies by colour, identified by the product id', () => {
    expect(ld).toMatchObject({
      '@type': 'ProductGroup',
      '@id': 'https://shop.test/#product',
      name: 'Cam',
      productGroupID: 'p1',
      url: 'https://shop.test/',
      variesBy: ['https://schema.org/color'],
      brand: { '@type': 'Brand', name: 'Haven' },
      image: ['https://shop.test/a.webp'],
    });
  });

  it('lists a picture two variants share once on the group', () => {
    const shared = { ...input, variants: input.variants.map((v) => ({ ...v, image: 'https://shop.test/a.webp' })) };
    expect(productJsonLd(shared)['image']).toEqual(['https://shop.test/a.webp']);
  });

  it('has a Product per variant with its SKU, colour, picture, URL and offer', () => {
    expect(variants).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        name: 'Cam, Arctic White',
        sku: 'W',
        color: 'Arctic White',
        image: 'https://shop.test/a.webp',
        url: 'https://shop.test/?variant=arctic-white',
        inProductGroupWithID: 'p1',
        isVariantOf: { '@id': 'https://shop.test/#product' },
        offers: expect.objectContaining({
          price: '79.99',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url: 'https://shop.test/?variant=arctic-white',
        }),
      }),
      expect.objectContaining({
        color: 'Sage Green',
        offers: expect.objectContaining({ price: '89.90', availability: 'https://schema.org/OutOfStock' }),
      }),
    ]);
    expect(variants[1]).not.toHaveProperty('image');
  });

  it('invents nothing the backend does not give: no GTIN, MPN or price validity', () => {
    const text = JSON.stringify(ld);
    for (const field of ['gtin', 'mpn', 'priceValidUntil']) expect(text).not.toContain(field);
  });

  it("carries no rating without the backend's reviews: the page's samples are not the product's", () => {
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it("carries the backend's reviews' rating on the group", () => {
    const rated = productJsonLd({ ...input, rating: { value: 4.7, count: 3 } });
    expect(rated['aggregateRating']).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.7,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });
});
