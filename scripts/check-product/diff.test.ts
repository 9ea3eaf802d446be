import { describe, expect, it } from 'vitest';
import {
  contentFigures,
  createManifest,
  type BuildManifest,
  type ProductAnswer,
  type VariantAnswer,
} from '../../src/build/index.ts';
import { describeDifferences } from './diff.ts';

const variant = (id: string, name: string, over: Partial<VariantAnswer> = {}): VariantAnswer => ({
  id,
  name,
  sku: id.toUpperCase(),
  price: 80,
  stock: 5,
  images: [{ url: `https://img.test/${id}-1.webp` }, { url: `https://img.test/${id}-2.webp` }],
  ...over,
});

const base: ProductAnswer = {
  id: 'prod_1',
  name: 'Cam',
  seoTitle: 'Cam',
  seoDescription: 'A camera',
  description: '<p>Sees all</p>',
  variants: [
    variant('white', 'Arctic White', { price: 79.99, regularPrice: 99.99 }),
    variant('black', 'Midnight Black', { price: 84.99 }),
  ],
};
const files: [string, string][] = [
  ['policy/returns.md', '30 days'],
  ['faq/setup.md', 'Easily'],
];

function manifest(
  product: ProductAnswer = base,
  options: {
    content?: [string, string][];
    apiVersion?: string;
    domain?: string;
    rating?: BuildManifest['rating'];
  } = {},
): BuildManifest {
  return createManifest({
    store: { id: 'haven-home', domain: options.domain ?? 'haven-home.test' },
    link: 'cam',
    product,
    apiVersion: options.apiVersion,
    content: contentFigures(options.content ?? files),
    rating: options.rating,
  });
}

function changesAfter(change: (p: ProductAnswer) => void): string[] {
  const after = structuredClone(base);
  change(after);
  return describeDifferences(manifest(), manifest(after)).changes;
}

describe('describeDifferences', () => {
  it('finds nothing when nothing changed', () => {
    expect(describeDifferences(manifest(), manifest())).toEqual({ changes: [], notes: [] });
  });

  it('names a price change of a variant in dollars', () => {
    expect(changesAfter((p) => void (p.variants[1]!.price = 74.5))).toEqual([
      'price of "Midnight Black" (black) from $84.99 to $74.50',
    ]);
  });

  it('names the start and end of a sale', () => {
    expect(changesAfter((p) => void delete p.variants[0]!.regularPrice)).toEqual([
      'regular price of "Arctic White" (white) from $99.99 to none',
    ]);
    expect(changesAfter((p) => void (p.variants[1]!.regularPrice = 1099))).toEqual([
      'regular price of "Midnight Black" (black) from none to $1,099.00',
    ]);
  });

  it('names stock changes, and says when a variant sells out or comes back', () => {
    expect(changesAfter((p) => void (p.variants[0]!.stock = 2))).toEqual([
      'stock of "Arctic White" (white) from 5 to 2',
    ]);
    expect(changesAfter((p) => void (p.variants[0]!.stock = 0))).toEqual([
      'stock of "Arctic White" (white) from 5 to 0 (now out of stock)',
    ]);
    const soldOut = structuredClone(base);
    soldOut.variants[0]!.stock = 0;
    expect(describeDifferences(manifest(soldOut), manifest()).changes).toEqual([
      'stock of "Arctic White" (white) from 0 to 5 (back in stock)',
    ]);
  });

  it('names new and removed variants', () => {
    expect(
      changesAfter((p) => void p.variants.push(variant('green', 'Sage Green', { price: 89.99, stock: 0, images: [] }))),
    ).toEqual(['new variant "Sage Green" (green): $89.99, stock 0, 0 images']);
    expect(changesAfter((p) => void p.variants.shift())).toEqual(['variant "Arctic White" (white) removed']);
  });

  it('names added and removed images, and a new image order', () => {
    expect(changesAfter((p) => void p.variants[0]!.images.push({ url: 'https://img.test/white-3.webp' }))).toEqual([
      'images of "Arctic White" (white): 1 image added (https://img.test/white-3.webp)',
    ]);
    expect(changesAfter((p) => void (p.variants[1]!.images = [{ url: 'https://img.test/new.webp' }]))).toEqual([
      'images of "Midnight Black" (black): 1 image added (https://img.test/new.webp); 2 images removed ' +
        '(https://img.test/black-1.webp, https://img.test/black-2.webp)',
    ]);
    expect(changesAfter((p) => void p.variants[0]!.images.reverse())).toEqual([
      'image order of "Arctic White" (white) changed',
    ]);
  });

  it('names renamed variants, SKUs and the variant order', () => {
    expect(changesAfter((p) => void (p.variants[0]!.name = 'Snow White'))).toEqual([
      'variant white renamed from "Arctic White" to "Snow White"',
    ]);
    expect(changesAfter((p) => void (p.variants[0]!.sku = 'W-2'))).toEqual([
      'SKU of "Arctic White" (white) from "WHITE" to "W-2"',
    ]);
    expect(changesAfter((p) => void p.variants.reverse())).toEqual(['variant order changed']);
  });

  it('names changes of the product texts', () => {
    expect(changesAfter((p) => void (p.name = 'Cam 2'))).toEqual(['name changed from "Cam" to "Cam 2"']);
    expect(changesAfter((p) => void (p.seoTitle = 'Cam | Shop'))).toEqual([
      'SEO title changed from "Cam" to "Cam | Shop"',
    ]);
    expect(changesAfter((p) => void (p.seoDescription = 'x'))).toEqual(['SEO description changed']);
    expect(changesAfter((p) => void (p.description = '<p>New</p>'))).toEqual(['description changed']);
  });

  it('lists several changes at once', () => {
    const lines = changesAfter((p) => {
      p.variants[0]!.price = 69.99;
      p.variants[1]!.stock = 1;
    });
    expect(lines).toEqual([
      'price of "Arctic White" (white) from $79.99 to $69.99',
      'stock of "Midnight Black" (black) from 5 to 1',
    ]);
  });

  it('names edited, added and removed content files', () => {
    const content: [string, string][] = [
      ['policy/returns.md', '14 days'],
      ['support/new.md', 'hello'],
    ];
    expect(describeDifferences(manifest(), manifest(base, { content })).changes).toEqual([
      'content file src/content/faq/setup.md removed',
      'content file src/content/policy/returns.md edited',
      'content file src/content/support/new.md added',
    ]);
  });

  it('counts a different store or product link as a change', () => {
    expect(describeDifferences(manifest(), manifest(base, { domain: 'shop.test' })).changes).toEqual([
      'store domain from "haven-home.test" to "shop.test"',
    ]);
  });

  it('never says "unchanged" for figures that hash differently', () => {
    const after = manifest();
    after.product = { ...after.product, fingerprint: `sha256:${'0'.repeat(64)}` };
    expect(describeDifferences(manifest(), after).changes).toEqual([`product data changed (sha256:${'0'.repeat(64)})`]);
  });

  it('names a new, changed or withdrawn rating: structured data states it', () => {
    const rated = (value: number, count: number) => manifest(base, { rating: { value, count } });
    expect(describeDifferences(manifest(), rated(4.5, 2)).changes).toEqual(['rating from none to 4.5 from 2 reviews']);
    expect(describeDifferences(rated(4.5, 2), rated(4.3, 3)).changes).toEqual([
      'rating from 4.5 from 2 reviews to 4.3 from 3 reviews',
    ]);
    expect(describeDifferences(rated(4.5, 2), manifest()).changes).toEqual(['rating from 4.5 from 2 reviews to none']);
    expect(describeDifferences(rated(4.5, 2), rated(4.5, 2)).changes).toEqual([]);
  });

  it('reports a new API version as a note, not as a change', () => {
    const result = describeDifferences(
      manifest(base, { apiVersion: '1.6.0' }),
      manifest(base, { apiVersion: '1.7.0' }),
    );
    expect(result).toEqual({ changes: [], notes: ['the backend reports API version 1.7.0 (the build saw 1.6.0)'] });
    expect(describeDifferences(manifest(base, { apiVersion: '1.6.0' }), manifest()).notes).toEqual([]);
  });
});
