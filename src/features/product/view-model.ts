// What the product page hands its islands and its structured data, from the product as the build prepared it.
// Islands' props are written into the HTML, so each island gets only what it reads.
import type { ProductJsonLdInput } from '../../lib/seo.ts';
import type { GalleryImage, GalleryVariant } from './gallery.ts';
import type { PurchaseProduct } from './purchase-model.ts';
import type { ViewProduct } from './view.ts';

/** The purchase islands' product: every variant's figures, its first thumbnail for the cart line. */
export function purchaseProduct(product: ViewProduct, defaultVariantId: string | undefined): PurchaseProduct {
  return {
    id: product.id,
    name: product.name,
    ...(defaultVariantId ? { defaultVariantId } : {}),
    variants: product.variants.map((v) => ({
      id: v.id,
      name: v.name,
      slug: v.slug,
      sku: v.sku,
      price: v.price,
      ...(v.regularPrice !== undefined ? { regularPrice: v.regularPrice } : {}),
      stock: v.stock,
      ...(v.images[0] ? { image: v.images[0].thumbSrc } : {}),
    })),
  };
}

/** Pictures as the gallery takes them: no fallback src, thumbnail src or alt when the gallery can derive them. */
export function galleryVariants(product: ViewProduct): GalleryVariant[] {
  return product.variants.map((v) => ({
    id: v.id,
    name: v.name,
    images: v.images.map(({ src, thumbSrc, alt: _alt, ...rest }): GalleryImage => ({
      ...rest,
      ...(rest.srcset ? {} : { src }),
      ...(rest.thumbSrcset ? {} : { thumbSrc }),
    })),
  }));
}

/**
 * The product's structured data, one offer per variant, with the page and its pictures as absolute URLs on
 * `site` (Astro.site, which astro.config.mjs always sets).
 */
export function jsonLdInput(
  product: ViewProduct,
  { site, brand }: { site: URL | string | undefined; brand: string },
): ProductJsonLdInput {
  return {
    name: product.name,
    description: product.seoDescription,
    productId: product.id,
    pageUrl: new URL('/', site).href,
    brand,
    variants: product.variants.map((v) => ({
      name: v.name,
      sku: v.sku,
      price: v.price,
      stock: v.stock,
      ...(v.images[0] ? { image: new URL(v.images[0].src, site).href } : {}),
    })),
  };
}
