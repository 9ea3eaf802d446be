// What index.astro shows and hands its islands: props are written into the HTML, so each gets only what it reads.
import type { StoreSettings } from '../lib/content-schema.ts';
import { loadStoreSettings } from './store-settings.ts';
import { GALLERY_SIZES, loadProduct } from './product.ts';
import { loadRating } from './reviews.ts';
import type { Rating } from '../features/reviews/index.ts';
import { dayRange } from '../features/settings/index.ts';
import { shopRules } from '../lib/pricing.ts';
import { href } from '../lib/href.ts';
import { initialVariant, type Product } from '../features/catalog/index.ts';
import {
  productJsonLd,
  type GalleryVariant,
  type OfferTerms,
  type ProductJsonLdInput,
  type PurchaseProduct,
} from '../features/product/index.ts';

/** `site`: Astro.site, always set. */
export async function loadProductPage(site: URL | undefined) {
  const [product, store] = await Promise.all([loadProduct(), loadStoreSettings()]);
  return productPage(product, store, site, await loadRating(product.id));
}

export function productPage(product: Product, store: StoreSettings, site: URL | undefined, rating?: Rating) {
  const opening = initialVariant(product.variants).variant;
  return {
    product,
    store,
    /** The variant the page opens on, and its first picture (preloaded as the likely LCP element). */
    opening,
    hero: opening?.pictures[0],
    gallerySizes: GALLERY_SIZES,
    purchase: purchaseProduct(product, opening?.id),
    gallery: product.variants.map(({ id, name, pictures }): GalleryVariant => ({ id, name, pictures })),
    jsonLd: productJsonLd({
      ...jsonLdInput(product, {
        site,
        brand: store.name,
        seller: { name: store.company, email: store.email, telephone: store.phone },
      }),
      rating,
      terms: offerTerms(store),
    }),
  };
}

function offerTerms(store: StoreSettings): OfferTerms {
  const { country, returnDays, processingDays, deliveryDays } = store.promises;
  return {
    country,
    returnDays,
    handlingDays: dayRange(processingDays),
    transitDays: dayRange(deliveryDays),
    rules: shopRules(store),
  };
}

export function purchaseProduct(product: Product, defaultVariantId: string | undefined): PurchaseProduct {
  return {
    id: product.id,
    name: product.name,
    ...(defaultVariantId ? { defaultVariantId } : {}),
    variants: product.variants.map(({ pictures, ...variant }) => ({
      ...variant,
      ...(pictures[0] ? { image: pictures[0].thumbSrc } : {}),
    })),
  };
}

/** Absolute URLs on `site`. */
export function jsonLdInput(
  product: Product,
  { site, brand, seller }: { site: URL | string | undefined; brand: string; seller?: ProductJsonLdInput['seller'] },
): ProductJsonLdInput {
  return {
    ...(seller ? { seller } : {}),
    name: product.name,
    description: product.seoDescription,
    productId: product.id,
    pageUrl: new URL(href('/'), site).href,
    brand,
    variants: product.variants.map((v) => ({
      name: v.name,
      sku: v.sku,
      price: v.price,
      stock: v.stock,
      ...(v.pictures[0] ? { image: new URL(v.pictures[0].src, site).href } : {}),
    })),
  };
}
