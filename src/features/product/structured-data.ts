import { toDollars, type Cents } from '../../lib/money.ts';
import { cartTotals, type ShopRules } from '../../lib/pricing.ts';
import type { Rating } from '../reviews/index.ts';
import { type Product, type Variant, variantSlug } from '../catalog/index.ts';

export type ProductJsonLdInput = Pick<Product, 'name'> & {
  description: string;
  productId: string;
  pageUrl: string;
  brand: string;
  seller?: { name: string; email: string; telephone: string } | undefined;
  /** From the backend's reviews; none without them (the page's sample reviews are never published as a rating). */
  rating?: Rating | undefined;
  terms?: OfferTerms | undefined;
  /** Each with its first picture's absolute URL. */
  variants: (Pick<Variant, 'name' | 'sku' | 'price' | 'stock'> & { image?: string })[];
};

interface DayRange {
  min: number;
  max: number;
}

export interface OfferTerms {
  country: string;
  returnDays: number;
  handlingDays: DayRange;
  transitDays: DayRange;
  rules: ShopRules;
}

const days = ({ min, max }: DayRange) => ({
  '@type': 'QuantitativeValue',
  minValue: min,
  maxValue: max,
  unitCode: 'DAY',
});

/** Shipping and returns as search engines ask for them, for one unit at `price`. */
function offerTerms(terms: OfferTerms, price: Cents) {
  return {
    shippingDetails: {
      '@type': 'OfferShippingDetails',
      shippingRate: {
        '@type': 'MonetaryAmount',
        value: toDollars(cartTotals([{ price, quantity: 1 }], terms.rules).shipping),
        currency: 'USD',
      },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: terms.country },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: days(terms.handlingDays),
        transitTime: days(terms.transitDays),
      },
    },
    hasMerchantReturnPolicy: {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: terms.country,
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: terms.returnDays,
    },
  };
}

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
    ...(input.rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: input.rating.value,
            reviewCount: input.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
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
          ...(input.terms ? offerTerms(input.terms, v.price) : {}),
        },
      };
    }),
  };
}
