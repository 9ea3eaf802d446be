import { describe, expect, it, vi } from 'vitest';
import { jsonLdInput, productPage, purchaseProduct } from './product-page.ts';
import type { Picture, Product } from '../features/catalog/index.ts';

// The build's product fetch (astro:assets, astro:env) is not part of these tests: productPage takes the product.
vi.mock('./product.ts', () => ({ GALLERY_SIZES: '100vw', loadProduct: vi.fn() }));
vi.mock('./store-settings.ts', () => ({ loadStoreSettings: vi.fn() }));
vi.mock('./reviews.ts', () => ({ loadRating: vi.fn() }));

const store = {
  name: 'Northwind',
  tagline: 'Cameras.',
  company: 'Northwind Home',
  email: 'help@northwind.test',
  phone: '+44 20 7946 0018',
  brandColor: '#0b6358',
  deal: { show: true, text: 'Deal ends in' },
  promises: {
    returnDays: 14,
    warrantyYears: 2,
    processingDays: '2',
    deliveryDays: '3-5',
    supportHours: 'Mon–Fri 9–5',
    country: 'GB',
  },
  pricing: { freeShippingAbove: 100, shippingFee: 9.99, taxPercent: 8 },
};

const picture = (name: string, over: Partial<Picture> = {}): Picture => ({
  src: `/_astro/${name}-720.webp`,
  srcset: `/_astro/${name}-360.webp 360w, /_astro/${name}-720.webp 720w`,
  avifSrcset: `/_astro/${name}-360.avif 360w`,
  width: 1200,
  height: 1200,
  thumbSrc: `/_astro/${name}-96.webp`,
  thumbSrcset: `/_astro/${name}-96.webp 96w`,
  alt: `Cam in ${name}`,
  ...over,
});

const product: Product = {
  id: 'prod_1',
  name: 'Cam',
  seoTitle: 'Cam | Shop',
  seoDescription: 'Sees all',
  descriptionHtml: '<p>Sees all</p>',
  variants: [
    {
      id: 'w',
      name: 'Arctic White',
      slug: 'arctic-white',
      sku: 'W',
      price: 7999,
      regularPrice: 9999,
      stock: 4,
      pictures: [picture('white'), picture('white-2')],
    },
    { id: 'b', name: 'Midnight Black', slug: 'midnight-black', sku: '', price: 8499, stock: 0, pictures: [] },
    // A picture the build could not optimise: the original URL, no renditions.
    {
      id: 'g',
      name: 'Graphite',
      slug: 'graphite',
      sku: 'G',
      price: 12999,
      stock: 1,
      pictures: [
        {
          src: 'https://img.test/g.png',
          width: 1200,
          height: 1200,
          thumbSrc: 'https://img.test/g.png',
          alt: 'Cam in Graphite',
        },
      ],
    },
  ],
};

describe('purchaseProduct', () => {
  it("gives the purchase islands every variant's figures and its first thumbnail, no other picture", () => {
    expect(purchaseProduct(product, 'w')).toEqual({
      id: 'prod_1',
      name: 'Cam',
      defaultVariantId: 'w',
      variants: [
        {
          id: 'w',
          name: 'Arctic White',
          slug: 'arctic-white',
          sku: 'W',
          price: 7999,
          regularPrice: 9999,
          stock: 4,
          image: '/_astro/white-96.webp',
        },
        { id: 'b', name: 'Midnight Black', slug: 'midnight-black', sku: '', price: 8499, stock: 0 },
        {
          id: 'g',
          name: 'Graphite',
          slug: 'graphite',
          sku: 'G',
          price: 12999,
          stock: 1,
          image: 'https://img.test/g.png',
        },
      ],
    });
  });

  it('leaves the default out when there is none (no variants)', () => {
    expect(purchaseProduct({ ...product, variants: [] }, undefined)).toEqual({
      id: 'prod_1',
      name: 'Cam',
      variants: [],
    });
  });
});

describe('productPage', () => {
  it('opens on the cheapest available variant, whose first picture is the hero, and gives the gallery every picture', () => {
    const page = productPage(product, store, new URL('https://shop.example.com'));
    expect(page.opening?.id).toBe('w');
    expect(page.hero).toEqual(picture('white'));
    expect(page.purchase.defaultVariantId).toBe('w');
    expect(page.gallery).toEqual([
      { id: 'w', name: 'Arctic White', pictures: [picture('white'), picture('white-2')] },
      { id: 'b', name: 'Midnight Black', pictures: [] },
      { id: 'g', name: 'Graphite', pictures: product.variants[2]!.pictures },
    ]);
    expect(page.jsonLd).toMatchObject({ '@type': 'ProductGroup', name: 'Cam', brand: { name: 'Northwind' } });
    expect(JSON.stringify(page.jsonLd)).toContain(
      '"seller":{"@type":"Organization","name":"Northwind Home","email":"help@northwind.test","telephone":"+44 20 7946 0018"}',
    );
  });

  it("states the store's return window, shipping times and rate with each offer, and no rating without reviews", () => {
    const page = productPage(product, store, new URL('https://shop.example.com'));
    const [offer, , above] = (page.jsonLd['hasVariant'] as { offers: Record<string, unknown> }[]).map((v) => v.offers);
    expect(offer).toMatchObject({
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'GB',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 14,
      },
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: 9.99, currency: 'USD' },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'GB' },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: { '@type': 'QuantitativeValue', minValue: 2, maxValue: 2, unitCode: 'DAY' },
          transitTime: { '@type': 'QuantitativeValue', minValue: 3, maxValue: 5, unitCode: 'DAY' },
        },
      },
    });
    // Over the free-shipping amount on its own ($129.99 > $100).
    expect(above).toMatchObject({ shippingDetails: { shippingRate: { value: 0 } } });
    expect(page.jsonLd).not.toHaveProperty('aggregateRating');
    const rated = productPage(product, store, new URL('https://shop.example.com'), { value: 4.5, count: 2 });
    expect(rated.jsonLd['aggregateRating']).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
  });
});

describe('jsonLdInput', () => {
  it('describes every variant, with the page and first pictures as absolute URLs on the site', () => {
    expect(jsonLdInput(product, { site: new URL('https://shop.example.com'), brand: 'Haven' })).toEqual({
      name: 'Cam',
      description: 'Sees all',
      productId: 'prod_1',
      pageUrl: 'https://shop.example.com/',
      brand: 'Haven',
      variants: [
        {
          name: 'Arctic White',
          sku: 'W',
          price: 7999,
          stock: 4,
          image: 'https://shop.example.com/_astro/white-720.webp',
        },
        { name: 'Midnight Black', sku: '', price: 8499, stock: 0 },
        { name: 'Graphite', sku: 'G', price: 12999, stock: 1, image: 'https://img.test/g.png' },
      ],
    });
  });

  it('puts the page at the root of the site, whatever path the site URL has', () => {
    expect(jsonLdInput(product, { site: 'https://shop.example.com/shop/', brand: 'Haven' }).pageUrl).toBe(
      'https://shop.example.com/',
    );
  });
});
