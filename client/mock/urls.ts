import type { Product } from './types.ts';

/** Root-relative catalogue urls (/demo-images/...) become absolute on the origin the request came to. */
export function absoluteUrl(url: string, origin: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? new URL(url, origin).href : url;
}

export function withAbsoluteImages(product: Product, origin: string): Product {
  return {
    ...product,
    variants: product.variants.map((variant) => ({
      ...variant,
      images: variant.images.map((image) => ({ ...image, url: absoluteUrl(image.url, origin) })),
    })),
  };
}
