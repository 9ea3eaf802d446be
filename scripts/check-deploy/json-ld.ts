// The product page's structured data (a schema.org ProductGroup with a Product and offer per variant, or a plain
// Product with offers): what search engines show as price and availability. A page whose JSON-LD does not parse
// shows none of it. Whether search engines accept it is structured-data.ts's part.
import * as v from 'valibot';
import { JsonObject } from '../../src/build/index.ts';

export interface JsonLdResult {
  problems: string[];
  /** "Product "Haven Cam 360", 4 offers from $69.99 USD" when fine. */
  summary?: string;
}

type Json = Record<string, unknown>;
const typesOf = (x: Json) =>
  (Array.isArray(x['@type']) ? x['@type'] : [x['@type']]).filter((t): t is string => typeof t === 'string');

/** Every node of a JSON-LD document: a single node, an array, or a @graph. */
function nodes(data: unknown): Json[] {
  if (Array.isArray(data)) return data.flatMap(nodes);
  if (!v.is(JsonObject, data)) return [];
  return Array.isArray(data['@graph']) ? [data, ...data['@graph'].flatMap(nodes)] : [data];
}

function offerProblems(offer: unknown, i: number): string[] {
  if (!v.is(JsonObject, offer)) return [`offer ${i + 1} is not an object`];
  const types = typesOf(offer);
  if (!types.includes('Offer') && !types.includes('AggregateOffer')) return [`offer ${i + 1} is not an Offer`];
  const price = offer['price'] ?? offer['lowPrice'];
  const problems: string[] = [];
  if (!(typeof price === 'number' || (typeof price === 'string' && /^\d+(\.\d+)?$/.test(price)))) {
    problems.push(`offer ${i + 1} has no usable price (${JSON.stringify(price)})`);
  }
  if (typeof offer['priceCurrency'] !== 'string' || !/^[A-Z]{3}$/.test(offer['priceCurrency'])) {
    problems.push(`offer ${i + 1} has no priceCurrency`);
  }
  return problems;
}

/** The texts of the page's <script type="application/ld+json"> elements. */
export function productJsonLd(texts: readonly string[]): JsonLdResult {
  if (texts.length === 0) return { problems: ['no <script type="application/ld+json"> on the page'] };
  const found: Json[] = [];
  for (const [i, text] of texts.entries()) {
    try {
      found.push(...nodes(JSON.parse(text)));
    } catch (error) {
      return {
        problems: [`JSON-LD block ${i + 1} does not parse: ${error instanceof Error ? error.message : String(error)}`],
      };
    }
  }
  const group = found.find((n) => typesOf(n).includes('ProductGroup'));
  const product = group ?? found.find((n) => typesOf(n).includes('Product'));
  if (!product) {
    const types = found.flatMap(typesOf).join(', ') || 'none';
    return { problems: [`no Product or ProductGroup in the JSON-LD (types: ${types})`] };
  }
  const kind = group ? 'ProductGroup' : 'Product';
  const problems: string[] = [];
  if (typeof product['name'] !== 'string' || !product['name'].trim()) problems.push(`the ${kind} has no name`);
  const list = (value: unknown): unknown[] =>
    Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];
  let offers: unknown[];
  if (group) {
    const variants = list(group['hasVariant']);
    if (variants.length === 0) problems.push('the ProductGroup has no variants (hasVariant)');
    offers = variants.flatMap((variant, i) => {
      const own = v.is(JsonObject, variant) ? list(variant['offers']) : [];
      if (own.length === 0) problems.push(`variant ${i + 1} has no offer`);
      return own;
    });
  } else {
    offers = list(product['offers']);
    if (offers.length === 0) problems.push('the Product has no offers');
  }
  problems.push(...offers.flatMap(offerProblems));
  if (problems.length) return { problems };
  const prices = offers.map((o) => Number((o as Json)['price'] ?? (o as Json)['lowPrice']));
  const currency = String((offers[0] as Json)['priceCurrency']);
  const count = `${offers.length} offer${offers.length === 1 ? '' : 's'}`;
  return {
    problems,
    summary: `${kind} ${JSON.stringify(product['name'])}, ${count} from ${Math.min(...prices).toFixed(2)} ${currency}`,
  };
}

/** Every JSON-LD document of the page that parses (for the validator). */
export function jsonLdDocuments(texts: readonly string[]): unknown[] {
  return texts.flatMap((text) => {
    try {
      return [JSON.parse(text) as unknown];
    } catch {
      return [];
    }
  });
}
