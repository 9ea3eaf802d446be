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

  it('carries the sample rating on the group', () => {
    expect(ld['aggregateRating']).toMatchObject({ ratingValue: 4.8, reviewCount: 2847 });
  });

  it("says what each offer ships for under the store's rules: free above the threshold, else the fee", () => {
    const rules = { freeShippingAbove: 8000, shippingFee: 499, taxPercent: 8 };
    const shipped = productJsonLd({ ...input, rules })['hasVariant'] as { offers: Record<string, unknown> }[];
    const rate = (value: string) => ({
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value, currency: 'USD' },
    });
    expect(shipped.map((v) => v.offers['shippingDetails'])).toEqual([rate('4.99'), rate('0.00')]);
    expect(variants[0]?.['offers']).not.toHaveProperty('shippingDetails');
  });
});
