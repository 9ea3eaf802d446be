// The product answer, checked once: odd values are repaired or dropped. Prices stay in dollars.
import type { Product, ProductImage, Variant } from '@haven/commerce-client';
import * as v from 'valibot';
import { jsonObject, orNothing } from '../../lib/json-object.ts';

/** The contract's image, variant and product as checked: what the shop reads, each field settled. */
export type ImageAnswer = Pick<ProductImage, 'url'>;

export type VariantAnswer = Pick<Variant, 'id' | 'name' | 'sku' | 'price' | 'stock'> & {
  /** Set only above the price. */
  regularPrice?: NonNullable<Variant['regularPrice']>;
  images: ImageAnswer[];
};

export type ProductAnswer = Pick<Product, 'id' | 'name'> &
  Required<Pick<Product, 'seoTitle' | 'seoDescription' | 'description'>> & { variants: VariantAnswer[] };

export class ProductDataError extends Error {
  override name = 'ProductDataError';
}

// Readers that never fail: normalizeProduct decides what a missing value costs.

const Text = v.fallback(v.union([v.pipe(v.string(), v.trim()), v.pipe(v.number(), v.transform(String))]), '');

const Numeric = v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.transform(Number))]);

const Dollars = orNothing(v.pipe(Numeric, v.finite(), v.minValue(0)));
const AnyAmount = orNothing(v.pipe(Numeric, v.finite()));
const Stock = orNothing(
  v.pipe(
    Numeric,
    v.finite(),
    v.transform((n) => Math.max(0, Math.floor(n))),
  ),
);

/** Only links the page can load are kept. */
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
      // Sanitised later (src/build/product.ts), so it is kept as given.
      description: v.fallback(v.string(), ''),
      // null: not a list. A variant that is not an object is null too, dropped below.
      variants: v.fallback(v.nullable(v.array(v.fallback(v.nullable(VariantFields), null))), null),
    },
    'The product answer is not an object.',
  ),
  v.check((product) => product.id !== '', 'The product has no id.'),
  v.check((product) => product.name !== '', 'The product has no name.'),
);

/** Throws ProductDataError only without an object, an id or a name. */
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
