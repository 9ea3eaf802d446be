// The product as the pages and islands show it, built once per build by load.ts from the checked answer:
// prices in integer cents, pictures as responsive renditions, the description sanitised.
import type { Cents } from '../../lib/money.ts';

export interface ViewImage {
  /** Fallback src (a mid-size rendition). */
  src: string;
  srcset?: string;
  /** The same renditions as AVIF, offered first through <picture>. */
  avifSrcset?: string;
  width: number;
  height: number;
  thumbSrc: string;
  thumbSrcset?: string;
  alt: string;
}

export interface ViewVariant {
  id: string;
  name: string;
  slug: string;
  sku: string;
  price: Cents;
  /** Only set when it is above the price (a sale). */
  regularPrice?: Cents;
  stock: number;
  images: ViewImage[];
}

export interface ViewProduct {
  id: string;
  name: string;
  seoTitle: string;
  seoDescription: string;
  descriptionHtml: string;
  variants: ViewVariant[];
  /** The picture link previews show for every page (Open Graph, Twitter): JPEG, which every crawler reads. */
  shareImage?: ShareImage;
}

export interface ShareImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}
