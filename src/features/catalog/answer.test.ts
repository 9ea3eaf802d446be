import { describe, expect, it } from 'vitest';
import { ProductDataError, normalizeProduct } from './answer.ts';

const good = {
  id: 'p1',
  name: 'Cam',
  seoTitle: 'Cam | Shop',
  seoDescription: 'Desc',
  description: '<p>x</p>',
  variants: [
    {
      id: 'v1',
      name: 'White',
      sku: 'W',
      price: 79.99,
      regularPrice: 99.99,
      stock: 4,
      images: [{ url: 'https://img.test/a.webp' }],
    },
  ],
};

describe('normalizeProduct', () => {
  it('keeps a well-formed product as is', () => {
    const { product, warnings } = normalizeProduct(good);
    expect(warnings).toEqual([]);
    expect(product).toEqual({ ...good, variants: [{ ...good.variants[0] }] });
  });
  it('refuses what cannot be a product, naming the problem', () => {
    expect(() => normalizeProduct(null)).toThrow(ProductDataError);
    expect(() => normalizeProduct({ name: 'x' })).toThrow('no id');
    expect(() => normalizeProduct({ id: 'x', name: '  ' })).toThrow('no name');
  });
  it('repairs odd variant data and reports what it dropped', () => {
    const { product, warnings } = normalizeProduct({
      id: 'p',
      name: 'N',
      variants: [
        {
          id: 'a',
          name: 'A',
          price: '12.5',
          stock: '3',
          regularPrice: 10,
          images: [{ url: 'javascript:alert(1)' }, 'https://x.test/i.png', { url: '/rel.png' }],
        },
        { id: 'b', name: 'B', price: -1, stock: 1 },
        { id: 'a', name: 'dup', price: 1, stock: 1 },
        { id: 'c', name: 'C', price: 5, stock: 'lots', images: 'nope' },
        'garbage',
      ],
    });
    expect(product.seoTitle).toBe('N');
    expect(product.variants).toEqual([
      {
        id: 'a',
        name: 'A',
        sku: '',
        price: 12.5,
        stock: 3,
        images: [{ url: 'https://x.test/i.png' }, { url: '/rel.png' }],
      },
      { id: 'c', name: 'C', sku: '', price: 5, stock: 0, images: [] },
    ]);
    expect(warnings).toHaveLength(4);
  });
  it('survives a missing variant list', () => {
    const { product, warnings } = normalizeProduct({ id: 'p', name: 'N', variants: null });
    expect(product.variants).toEqual([]);
    expect(warnings[0]).toContain('not a list');
  });
  it('takes a list for neither the product nor a variant', () => {
    expect(() => normalizeProduct([{ id: 'p', name: 'N' }])).toThrow('The product answer is not an object.');
    const { product, warnings } = normalizeProduct({
      id: 'p',
      name: 'N',
      variants: [[{ id: 'a', name: 'A', price: 1, stock: 1 }]],
    });
    expect(product.variants).toEqual([]);
    expect(warnings).toEqual(['variants[0] is not an object; dropped.']);
  });
  it('reads numbers as text and trims text, but keeps the description as given', () => {
    const { product } = normalizeProduct({
      id: 42,
      name: ' N ',
      seoTitle: '  ',
      seoDescription: 7,
      description: '  <p>x</p> ',
      variants: [{ id: 1, name: 2, sku: 3, price: 1, stock: 1 }],
    });
    expect(product).toEqual({
      id: '42',
      name: 'N',
      seoTitle: 'N',
      seoDescription: '7',
      description: '  <p>x</p> ',
      variants: [{ id: '1', name: '2', sku: '3', price: 1, stock: 1, images: [] }],
    });
    expect(normalizeProduct({ id: 'p', name: 'N', description: 5 }).product.description).toBe('');
  });
  it('repairs figures: numeric strings, negative or fractional stock, a regular price only above the price', () => {
    const { product, warnings } = normalizeProduct({
      id: 'p',
      name: 'N',
      variants: [
        { id: 'a', name: 'A', price: ' 10 ', regularPrice: '12.5', stock: -4 },
        { id: 'b', name: 'B', price: 0, regularPrice: 0, stock: 2.9 },
        { id: 'c', name: 'C', price: 10, regularPrice: Infinity, stock: Infinity },
        { id: 'd', name: 'D', price: '', stock: 1 },
        { id: 'e', name: 'E', price: Infinity, stock: 1 },
      ],
    });
    expect(product.variants).toEqual([
      { id: 'a', name: 'A', sku: '', price: 10, regularPrice: 12.5, stock: 0, images: [] },
      { id: 'b', name: 'B', sku: '', price: 0, stock: 2, images: [] },
      { id: 'c', name: 'C', sku: '', price: 10, stock: 0, images: [] },
    ]);
    expect(warnings).toEqual([
      'variants[2] (C) has no valid stock; treated as out of stock.',
      'variants[3] (D) has no valid price; dropped.',
      'variants[4] (E) has no valid price; dropped.',
    ]);
  });
  it('lets a variant dropped for its price leave its id to a later one', () => {
    const { product, warnings } = normalizeProduct({
      id: 'p',
      name: 'N',
      variants: [
        { id: 'a', name: 'A', price: 'x' },
        { id: ' a ', name: 'A2', price: 2 },
        { name: 'B', price: 1 },
      ],
    });
    expect(product.variants.map((v) => [v.id, v.name, v.stock])).toEqual([['a', 'A2', 0]]);
    expect(warnings).toEqual([
      'variants[0] (A) has no valid price; dropped.',
      'variants[1] (A2) has no valid stock; treated as out of stock.',
      'variants[2] has no id or name; dropped.',
    ]);
  });
  it('keeps only picture links the page can load, from { url } objects or strings', () => {
    const images = [
      { url: ' https://x.test/a.png ' },
      ' //cdn.test/b.png',
      { url: '/c.png' },
      'HTTP://X.TEST/D.PNG',
      'data:image/png;base64,xx',
      'c.png',
      { url: 5 },
      { href: '/e.png' },
      7,
      null,
      ['/f.png'],
    ];
    const { product } = normalizeProduct({
      id: 'p',
      name: 'N',
      variants: [{ id: 'a', name: 'A', price: 1, stock: 1, images }],
    });
    expect(product.variants[0]?.images).toEqual([
      { url: 'https://x.test/a.png' },
      { url: '//cdn.test/b.png' },
      { url: '/c.png' },
      { url: 'HTTP://X.TEST/D.PNG' },
    ]);
  });
});
