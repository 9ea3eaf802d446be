// The storefront's view of the product, normalised from whatever the backend answered. Backend data is
// not trusted to match its schema: odd values are repaired or dropped here, once, so pages and islands
// never meet a missing array, a string price or a negative stock.
import type { Cents } from '../../lib/money.ts';
import { slugify } from '../../lib/slug.ts';

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

/** A variant's figures as the backend answers them: prices in dollars. */
export interface VariantCore {
  id: string;
  name: string;
  sku: string;
  price: number;
  /** Only set when it is above the price (a sale). */
  regularPrice?: number;
  stock: number;
}

/** A variant as the pages show it: prices in integer cents. */
export interface ViewVariant extends Omit<VariantCore, 'price' | 'regularPrice'> {
  price: Cents;
  /** Only set when it is above the price (a sale). */
  regularPrice?: Cents;
  slug: string;
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

export interface RawImage {
  url: string;
}

export interface RawVariant extends VariantCore {
  images: RawImage[];
}

export interface RawProduct {
  id: string;
  name: string;
  seoTitle: string;
  seoDescription: string;
  description: string;
  variants: RawVariant[];
}

export class ProductDataError extends Error {
  override name = 'ProductDataError';
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const text = (x: unknown): string => (typeof x === 'string' ? x.trim() : typeof x === 'number' ? String(x) : '');
const num = (x: unknown): number => (typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : Number.NaN);

/**
 * Checks and repairs a product answer. Throws ProductDataError (with a message naming the field) only when
 * the page cannot be built at all: not an object, no id or no name. Unusable variants are dropped and reported.
 */
export function normalizeProduct(input: unknown): { product: RawProduct; warnings: string[] } {
  const warnings: string[] = [];
  if (!isRecord(input)) throw new ProductDataError('The product answer is not an object.');
  const id = text(input.id);
  const name = text(input.name);
  if (!id) throw new ProductDataError('The product has no id.');
  if (!name) throw new ProductDataError('The product has no name.');
  const rawVariants = Array.isArray(input.variants) ? input.variants : [];
  if (!Array.isArray(input.variants)) warnings.push('product.variants is not a list; the product is shown as unavailable.');
  const variants: RawVariant[] = [];
  const seen = new Set<string>();
  rawVariants.forEach((v, i) => {
    const at = `variants[${i}]`;
    if (!isRecord(v)) return void warnings.push(`${at} is not an object; dropped.`);
    const vid = text(v.id);
    const vname = text(v.name);
    const price = num(v.price);
    if (!vid || !vname) return void warnings.push(`${at} has no id or name; dropped.`);
    if (seen.has(vid)) return void warnings.push(`${at} repeats id ${vid}; dropped.`);
    if (!Number.isFinite(price) || price < 0) return void warnings.push(`${at} (${vname}) has no valid price; dropped.`);
    seen.add(vid);
    const stockRaw = num(v.stock);
    const stock = Number.isFinite(stockRaw) ? Math.max(0, Math.floor(stockRaw)) : 0;
    if (!Number.isFinite(stockRaw)) warnings.push(`${at} (${vname}) has no valid stock; treated as out of stock.`);
    const regular = num(v.regularPrice);
    const images = (Array.isArray(v.images) ? v.images : [])
      .map((img) => (isRecord(img) ? text(img.url) : typeof img === 'string' ? img.trim() : ''))
      .filter((url) => /^(https?:)?\/\//i.test(url) || url.startsWith('/'))
      .map((url) => ({ url }));
    variants.push({
      id: vid,
      name: vname,
      sku: text(v.sku),
      price,
      ...(Number.isFinite(regular) && regular > price ? { regularPrice: regular } : {}),
      stock,
      images,
    });
  });
  return {
    product: {
      id,
      name,
      seoTitle: text(input.seoTitle) || name,
      seoDescription: text(input.seoDescription),
      description: typeof input.description === 'string' ? input.description : '',
      variants,
    },
    warnings,
  };
}

export function variantBySlug<T extends { slug: string }>(variants: readonly T[], value: string | null | undefined): T | undefined {
  if (!value) return undefined;
  const wanted = slugify(value);
  return variants.find((v) => v.slug === wanted);
}
