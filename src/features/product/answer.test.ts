import { describe, expect, it } from 'vitest';
import { ProductDataError, normalizeProduct } from './answer.ts';

const good = {
  id: 'p1', name: 'Cam', seoTitle: 'Cam | Shop', seoDescription: 'Desc', description: '<p>x</p>',
  variants: [{ id: 'v1', name: 'White', sku: 'W', price: 79.99, regularPrice: 99.99, stock: 4, images: [{ url: 'https://img.test/a.webp' }] }],
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
      id: 'p', name: 'N', variants: [
        { id: 'a', name: 'A', price: '12.5', stock: '3', regularPrice: 10, images: [{ url: 'javascript:alert(1)' }, 'https://x.test/i.png', { url: '/rel.png' }] },
        { id: 'b', name: 'B', price: -1, stock: 1 },
        { id: 'a', name: 'dup', price: 1, stock: 1 },
        { id: 'c', name: 'C', price: 5, stock: 'lots', images: 'nope' },
        'garbage',
      ],
    });
    expect(product.seoTitle).toBe('N');
    expect(product.variants).toEqual([
      { id: 'a', name: 'A', sku: '', price: 12.5, stock: 3, images: [{ url: 'https://x.test/i.png' }, { url: '/rel.png' }] },
      { id: 'c', name: 'C', sku: '', price: 5, stock: 0, images: [] },
    ]);
    expect(warnings).toHaveLength(4);
  });
  it('survives a missing variant list', () => {
    const { product, warnings } = normalizeProduct({ id: 'p', name: 'N', variants: null });
    expect(product.variants).toEqual([]);
    expect(warnings[0]).toContain('not a list');
  });
});
