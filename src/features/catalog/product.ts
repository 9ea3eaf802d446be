// The product as the pages show it, built once per build by load.ts from the checked answer (answer.ts).
//
// Words used across the catalog, the product page and the cart:
// - answer: what the backend says about the product, checked and repaired (answer.ts); prices in dollars.
// - product: the product as the build prepared it (below): prices in integer cents, pictures as responsive
//   renditions, the description sanitised.
// - figures: a variant's price, regular price and stock (below). The pages are built with the figures of the
//   build; live figures are fetched again in the browser, since the built page may be stale.
// - purchase product: the product as the purchase islands take it (../product/purchase.ts), a small picture per
//   variant instead of every rendition.
import type { Cents } from '../../lib/money.ts';

export interface Picture {
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

/** A variant's figures: what can change between builds, and what the live refresh fetches again. */
export interface Figures {
  price: Cents;
  /** Only set when it is above the price (a sale). */
  regularPrice?: Cents | undefined;
  stock: number;
}

/** A variant as built: its figures as the build fetched them, and its pictures. */
export interface Variant extends Figures {
  id: string;
  name: string;
  slug: string;
  sku: string;
  pictures: Picture[];
}

/** The picture link previews show for every page (Open Graph, Twitter): JPEG, which every crawler reads. */
export interface SharePicture {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface Product {
  id: string;
  name: string;
  seoTitle: string;
  seoDescription: string;
  descriptionHtml: string;
  variants: Variant[];
  sharePicture?: SharePicture;
}
