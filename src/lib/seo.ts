// schema.org Product structured data: one Offer per variant with price, USD, availability from stock and a
// URL that selects the variant; the sample review summary as aggregateRating.
import { toDollars, type Cents } from './money.ts';
import { REVIEW_SUMMARY } from './reviews.ts';
import { variantSlug } from '../features/product/variants.ts';

export interface SeoVariant {
  name: string;
  sku: string;
  price: Cents;
  stock: number;
  image?: string;
}

export interface ProductJsonLdInput {
  name: string;
  description: string;
  productId: string;
  /** Absolute URL of the product page. */
  pageUrl: string;
  brand: string;
  variants: SeoVariant[];
}

export function productJsonLd(input: ProductJsonLdInput): Record<string, unknown> {
  const images = input.variants.map((v) => v.image).filter((x): x is string => !!x);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: input.name,
    description: input.description,
    productID: input.productId,
    brand: { '@type': 'Brand', name: input.brand },
    ...(images.length ? { image: [...new Set(images)] } : {}),
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: REVIEW_SUMMARY.rating,
      reviewCount: REVIEW_SUMMARY.count,
      bestRating: 5,
      worstRating: 1,
    },
    offers: input.variants.map((v) => {
      const url = new URL(input.pageUrl);
      url.searchParams.set('variant', variantSlug(v));
      return {
        '@type': 'Offer',
        name: v.name,
        ...(v.sku ? { sku: v.sku } : {}),
        price: toDollars(v.price).toFixed(2),
        priceCurrency: 'USD',
        availability: v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url: url.href,
        itemCondition: 'https://schema.org/NewCondition',
      };
    }),
  };
}
