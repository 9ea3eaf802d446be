import { toDollars } from '../../lib/money.ts';
import { REVIEW_SUMMARY } from '../reviews/index.ts';
import { type Product, type Variant, variantSlug } from '../catalog/index.ts';

export type ProductJsonLdInput = Pick<Product, 'name'> & {
  description: string;
  productId: string;
  pageUrl: string;
  brand: string;
  seller?: { name: string; email: string; telephone: string } | undefined;
  /** Each with its first picture's absolute URL. */
  variants: (Pick<Variant, 'name' | 'sku' | 'price' | 'stock'> & { image?: string })[];
};

/** A ProductGroup varying by colour, a Product and Offer per variant; no GTIN or MPN is made up. */
export function productJsonLd(input: ProductJsonLdInput): Record<string, unknown> {
  const images = [...new Set(input.variants.map((v) => v.image).filter((x): x is string => !!x))];
  const groupId = `${input.pageUrl}#product`;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    '@id': groupId,
    name: input.name,
    description: input.description,
    url: input.pageUrl,
    productGroupID: input.productId,
    brand: { '@type': 'Brand', name: input.brand },
    ...(images.length ? { image: images } : {}),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: REVIEW_SUMMARY.rating,
      reviewCount: REVIEW_SUMMARY.count,
      bestRating: 5,
      worstRating: 1,
    },
    variesBy: ['https://schema.org/color'],
    hasVariant: input.variants.map((v) => {
      const url = new URL(input.pageUrl);
      url.searchParams.set('variant', variantSlug(v));
      return {
        '@type': 'Product',
        name: `${input.name}, ${v.name}`,
        description: input.description,
        brand: { '@type': 'Brand', name: input.brand },
        ...(v.sku ? { sku: v.sku } : {}),
        color: v.name,
        ...(v.image ? { image: v.image } : {}),
        url: url.href,
        inProductGroupWithID: input.productId,
        isVariantOf: { '@id': groupId },
        offers: {
          '@type': 'Offer',
          price: toDollars(v.price).toFixed(2),
          priceCurrency: 'USD',
          availability: v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          url: url.href,
          itemCondition: 'https://schema.org/NewCondition',
          ...(input.seller ? { seller: { '@type': 'Organization', ...input.seller } } : {}),
        },
      };
    }),
  };
}
