// The backend's product answer, checked and repaired once, here. It is not trusted to match its schema: odd
// values are repaired or dropped, so the build, the run-time refresh and check-product never meet a missing
// list, a string price or a negative stock. Prices stay in dollars, as the API gives them.

export interface ImageAnswer {
  url: string;
}

/** A usable variant: an id and a name, a price of 0 or more, a whole stock of 0 or more. */
export interface VariantAnswer {
  id: string;
  name: string;
  sku: string;
  price: number;
  /** Only set when it is above the price (a sale). */
  regularPrice?: number;
  stock: number;
  images: ImageAnswer[];
}

/** The product answer as normalizeProduct returns it: what the build, the refresh and check-product read. */
export interface ProductAnswer {
  id: string;
  name: string;
  seoTitle: string;
  seoDescription: string;
  description: string;
  variants: VariantAnswer[];
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
export function normalizeProduct(input: unknown): { product: ProductAnswer; warnings: string[] } {
  const warnings: string[] = [];
  if (!isRecord(input)) throw new ProductDataError('The product answer is not an object.');
  const id = text(input.id);
  const name = text(input.name);
  if (!id) throw new ProductDataError('The product has no id.');
  if (!name) throw new ProductDataError('The product has no name.');
  const rawVariants = Array.isArray(input.variants) ? input.variants : [];
  if (!Array.isArray(input.variants)) warnings.push('product.variants is not a list; the product is shown as unavailable.');
  const variants: VariantAnswer[] = [];
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
