// The answer is the backend's, checked (answer.ts); the product, as built (cents, renditions, sanitised text);
// the figures, what the browser fetches again, since a built page may be stale.
import type { Cents } from '../../lib/money.ts';

export interface Picture {
  src: string;
  srcset?: string;
  avifSrcset?: string;
  width: number;
  height: number;
  thumbSrc: string;
  thumbSrcset?: string;
  alt: string;
}

export interface Figures {
  price: Cents;
  /** A sale. */
  regularPrice?: Cents | undefined;
  stock: number;
}

export interface Variant extends Figures {
  id: string;
  name: string;
  slug: string;
  sku: string;
  pictures: Picture[];
}

/** Link previews' picture: JPEG, which every crawler reads. */
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
