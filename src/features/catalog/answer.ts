// The backend's product answer, checked and repaired once, here. It is not trusted to match its schema: odd
// values are repaired or dropped, so the build, the run-time refresh and check-product never meet a missing
// list, a string price or a negative stock. Prices stay in dollars, as the API gives them.
import * as v from 'valibot';
import { jsonObject, orNothing } from '../../lib/json-object.ts';

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

// Field readers that never fail: what a field holds is repaired or read as missing, and normalizeProduct
// decides what a missing value costs (the product, the variant, or nothing).

/** Trimmed text; a number is read as its digits (an id of 42 is "42"); anything else as empty. */
const Text = v.fallback(v.union([v.pipe(v.string(), v.trim()), v.pipe(v.number(), v.transform(String))]), '');

/** A number, or a string holding one ("12.5"). */
const Numeric = v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.transform(Number))]);

/** A price in dollars (0 or more), or undefined. */
const Dollars = orNothing(v.pipe(Numeric, v.finite(), v.minValue(0)));
/** A regular price: any finite amount here; normalizeProduct keeps it only when it is above the price. */
const AnyAmount = orNothing(v.pipe(Numeric, v.finite()));
/** A stock count: negative counts as 0, a fraction as its whole part; undefined when there is no number. */
const Stock = orNothing(
  v.pipe(
    Numeric,
    v.finite(),
    v.transform((n) => Math.max(0, Math.floor(n))),
  ),
);

/** A picture is a { url } object or a bare URL string; only links the page can load are kept. */
const PictureUrl = v.fallback(
  v.union([
    v.pipe(
      jsonObject({ url: Text }),
      v.transform((image) => image.url),
    ),
    v.pipe(v.string(), v.trim()),
  ]),
  '',
);
const isLoadable = (url: string) => /^(https?:)?\/\//i.test(url) || url.startsWith('/');
const Pictures = v.fallback(
  v.pipe(
    v.array(PictureUrl),
    v.filterItems(isLoadable),
    v.mapItems((url): ImageAnswer => ({ url })),
  ),
  () => [],
);

const VariantFields = jsonObject({
  id: Text,
  name: Text,
  sku: Text,
  price: Dollars,
  regularPrice: AnyAmount,
  stock: Stock,
  images: Pictures,
});

const ProductFields = v.pipe(
  jsonObject(
    {
      id: Text,
      name: Text,
      seoTitle: Text,
      seoDescription: Text,
      // Sanitised later (load.ts), so it is kept as given.
      description: v.fallback(v.string(), ''),
      // null: not a list. A variant that is not an object is null too, reported and dropped below.
      variants: v.fallback(v.nullable(v.array(v.fallback(v.nullable(VariantFields), null))), null),
    },
    'The product answer is not an object.',
  ),
  v.check((product) => product.id !== '', 'The product has no id.'),
  v.check((product) => product.name !== '', 'The product has no name.'),
);

/**
 * Checks and repairs a product answer. Throws ProductDataError (with a message naming the field) only when
 * the page cannot be built at all: not an object, no id or no name. Unusable variants are dropped and reported.
 */
export function normalizeProduct(input: unknown): { product: ProductAnswer; warnings: string[] } {
  const parsed = v.safeParse(ProductFields, input);
  if (!parsed.success) throw new ProductDataError(parsed.issues[0].message);
  const answer = parsed.output;
  const warnings: string[] = [];
  if (!answer.variants) warnings.push('product.variants is not a list; the product is shown as unavailable.');
  const variants: VariantAnswer[] = [];
  const seen = new Set<string>();
  (answer.variants ?? []).forEach((variant, i) => {
    const at = `variants[${i}]`;
    if (!variant) return void warnings.push(`${at} is not an object; dropped.`);
    const { id, name, sku, price, regularPrice, stock, images } = variant;
    if (!id || !name) return void warnings.push(`${at} has no id or name; dropped.`);
    if (seen.has(id)) return void warnings.push(`${at} repeats id ${id}; dropped.`);
    if (price === undefined) return void warnings.push(`${at} (${name}) has no valid price; dropped.`);
    seen.add(id);
    if (stock === undefined) warnings.push(`${at} (${name}) has no valid stock; treated as out of stock.`);
    variants.push({
      id,
      name,
      sku,
      price,
      ...(regularPrice !== undefined && regularPrice > price ? { regularPrice } : {}),
      stock: stock ?? 0,
      images,
    });
  });
  return {
    product: {
      id: answer.id,
      name: answer.name,
      seoTitle: answer.seoTitle || answer.name,
      seoDescription: answer.seoDescription,
      description: answer.description,
      variants,
    },
    warnings,
  };
}
