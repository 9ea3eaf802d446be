// Which variant a shopper lands on and what we tell them (docs/requirements.md#product-page).
import type { Variant } from './product.ts';

/** The product page passes its variants with live figures. */
type Choosable = Pick<Variant, 'id' | 'name' | 'price' | 'stock'>;

export const NOTICE_ALL_OUT = 'All options are currently out of stock';
export const NOTICE_URL_OUT = 'Selected option from URL is out of stock';
export const NOTICE_REFERENCE = '(Out of stock - showing for reference)';
const LOW_STOCK_MAX = 5;

export function isAvailable(v: Pick<Choosable, 'stock'>): boolean {
  return Number.isFinite(v.stock) && v.stock > 0;
}

export function lowStockLabel(stock: number): string | undefined {
  return stock >= 1 && stock <= LOW_STOCK_MAX ? `Only ${stock} left` : undefined;
}

export function outOfStockTitle(stock: number): string {
  return `This option is currently out of stock (${Math.max(0, stock)} available)`;
}

/** For `?variant=` and cart line ids. */
export function slugify(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, '-');
}

export function variantSlug(v: Pick<Choosable, 'name'>): string {
  return slugify(v.name);
}

function cheapest<T extends Choosable>(list: readonly T[]): T | undefined {
  // Among equal prices the first listed wins: the same choice on every build.
  return list.reduce<T | undefined>((best, v) => (best === undefined || v.price < best.price ? v : best), undefined);
}

export interface InitialChoice<T> {
  variant: T | undefined;
  notices: string[];
}

/** A URL value that names nothing is ignored, with no notice: the shopper lands on the default. */
export function initialVariant<T extends Choosable>(
  variants: readonly T[],
  urlValue?: string | null,
): InitialChoice<T> {
  const notices: string[] = [];
  const allOut = variants.length > 0 && !variants.some(isAvailable);
  if (allOut) notices.push(NOTICE_ALL_OUT);
  const wanted = urlValue ? slugify(urlValue) : '';
  const fromUrl = wanted ? variants.find((v) => variantSlug(v) === wanted) : undefined;
  if (fromUrl) {
    if (!isAvailable(fromUrl)) {
      if (!allOut) notices.push(NOTICE_URL_OUT);
      notices.push(NOTICE_REFERENCE);
    }
    return { variant: fromUrl, notices };
  }
  const available = variants.filter(isAvailable);
  const variant = cheapest(available) ?? cheapest(variants);
  if (variant && !isAvailable(variant)) notices.push(NOTICE_REFERENCE);
  return { variant, notices };
}

export function withVariantParam(search: string, variant: Pick<Choosable, 'name'> | undefined): string {
  const params = new URLSearchParams(search);
  if (variant) params.set('variant', variantSlug(variant));
  else params.delete('variant');
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function pictureAlt(productName: string, variantName: string, index: number, total: number): string {
  return `${productName} in ${variantName}, picture ${index + 1} of ${total}`;
}
