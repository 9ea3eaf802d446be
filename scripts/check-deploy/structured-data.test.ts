// The product's structured data as search engines judge it (Adobe's structured-data validator with schema.org's
// vocabulary): no error, and the only warnings name data the backend does not have (docs/requirements.md).
import { describe, expect, it } from 'vitest';
import { productJsonLd } from '../../src/build/index.ts';
import { schemaOrgVocabulary, validateStructuredData } from './structured-data.ts';

const product = productJsonLd({
  name: 'Haven Cam 360',
  description: 'A camera',
  productId: 'prod_1',
  pageUrl: 'https://shop.example.com/',
  brand: 'Haven',
  variants: [
    { name: 'Arctic White', sku: 'HC360-WHT', price: 7999, stock: 3, image: 'https://shop.example.com/w.jpg' },
    { name: 'Sage Green', sku: 'HC360-GRN', price: 8999, stock: 0, image: 'https://shop.example.com/g.jpg' },
  ],
});

/** Optional fields of a Product and its Offer for which the backend has no data: left out rather than made up. */
const NOT_IN_THE_BACKEND = [
  'aggregateRating',
  'review',
  'audience',
  'hasCertification',
  'material',
  'mpn',
  'pattern',
  'size',
  'subjectOf',
  'gtin',
  'priceValidUntil',
];

describe('the product page’s structured data', () => {
  it('has no error, and warns only about data the backend does not have', async () => {
    const issues = await validateStructuredData([product]);
    expect(issues.filter((i) => i.severity === 'ERROR')).toEqual([]);
    const named = issues.map((i) => /"(\w+)"/.exec(i.message)?.[1] ?? i.message);
    expect(named.filter((field) => !NOT_IN_THE_BACKEND.includes(field))).toEqual([]);
    // Each variant is judged as a product of its own.
    expect(issues.every((i) => /^ProductGroup > hasVariant\[\d\] \(Product\)/.test(i.where))).toBe(true);
  });
});

describe('validateStructuredData', () => {
  it('reports what search engines refuse: a product without offers, rating or review', async () => {
    const issues = await validateStructuredData([{ '@context': 'https://schema.org', '@type': 'Product', name: 'X' }]);
    expect(issues).toContainEqual({
      severity: 'ERROR',
      message: 'One of the following attributes is required: "aggregateRating", "offers" or "review"',
      where: 'Product',
    });
  });

  it('checks against schema.org: an unknown type is an error, an unknown property a warning', async () => {
    const unknownType = await validateStructuredData([{ ...product, '@type': 'ProductGroupe' }]);
    expect(unknownType).toContainEqual(
      expect.objectContaining({ severity: 'ERROR', message: 'Type "ProductGroupe" is not a valid schema.org type' }),
    );
    const unknownProperty = await validateStructuredData([{ ...product, colour: 'white' }]);
    expect(unknownProperty).toContainEqual({
      severity: 'WARNING',
      message: 'Property "colour" for type "ProductGroup" is not supported by the schema.org specification',
      where: 'ProductGroup',
    });
  });

  it('reads schema.org from the vocabulary package, offline: ProductGroup and its properties are in it', () => {
    const graph = schemaOrgVocabulary()['@graph'];
    expect(graph.find((n) => n['@id'] === 'http://schema.org/ProductGroup')?.['@type']).toBe('rdfs:Class');
    expect(graph.find((n) => n['@id'] === 'http://schema.org/hasVariant')?.['schema:domainIncludes']).toContainEqual({
      '@id': 'http://schema.org/ProductGroup',
    });
  });
});
