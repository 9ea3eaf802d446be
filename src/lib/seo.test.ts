import { describe, expect, it } from 'vitest';
import { productJsonLd } from './seo.ts';

describe('productJsonLd', () => {
  const ld = productJsonLd({
    name: 'Cam',
    description: 'D',
    productId: 'p1',
    pageUrl: 'https://shop.test/',
    brand: 'Haven',
    variants: [
      { name: 'Arctic White', sku: 'W', price: 7999, stock: 4, image: 'https://shop.test/a.webp' },
      { name: 'Sage Green', sku: 'G', price: 8990, stock: 0 },
    ],
  });
  it('has one offer per variant with price, USD, availability and a variant URL', () => {
    expect(ld.offers).toEqual([
      expect.objectContaining({
        price: '79.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.test/?variant=arctic-white',
      }),
      expect.objectContaining({
        price: '89.90',
        availability: 'https://schema.org/OutOfStock',
        url: 'https://shop.test/?variant=sage-green',
      }),
    ]);
  });
  it('carries the sample rating', () => {
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.8, reviewCount: 2847 });
  });
});
