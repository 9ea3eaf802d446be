import { describe, expect, it } from 'vitest';
import {
  NOTICE_ALL_OUT,
  NOTICE_REFERENCE,
  NOTICE_URL_OUT,
  initialVariant,
  lowStockLabel,
  outOfStockTitle,
  pictureAlt,
  variantSlug,
  withVariantParam,
} from './variants.ts';

const v = (name: string, price: number, stock: number) => ({ id: name, name, price, stock });
const list = [
  v('Sage Green', 89.99, 0),
  v('Midnight Black', 84.99, 3),
  v('Arctic White', 79.99, 42),
  v('Cheap Out', 10, 0),
];

describe('initialVariant', () => {
  it('takes the variant named in the URL', () => {
    expect(initialVariant(list, 'midnight-black')).toEqual({ variant: list[1], notices: [] });
  });
  it('matches URL values case- and space-insensitively', () => {
    expect(initialVariant(list, 'Midnight Black').variant).toBe(list[1]);
  });
  it('falls back to the cheapest available, ignoring a URL value that names nothing', () => {
    expect(initialVariant(list, 'no-such-thing')).toEqual({ variant: list[2], notices: [] });
    expect(initialVariant(list, null).variant).toBe(list[2]);
  });
  it('keeps an out-of-stock URL choice for reference, with both notices', () => {
    expect(initialVariant(list, 'sage-green')).toEqual({
      variant: list[0],
      notices: [NOTICE_URL_OUT, NOTICE_REFERENCE],
    });
  });
  it('shows the cheapest when everything is out of stock', () => {
    const out = [v('A', 5, 0), v('B', 3, 0)];
    expect(initialVariant(out)).toEqual({ variant: out[1], notices: [NOTICE_ALL_OUT, NOTICE_REFERENCE] });
    expect(initialVariant(out, 'a')).toEqual({ variant: out[0], notices: [NOTICE_ALL_OUT, NOTICE_REFERENCE] });
  });
  it('takes the first listed among equally cheap variants, so every build lands on the same one', () => {
    const tied = [v('Graphite', 79.99, 1), v('Sand', 79.99, 9)];
    expect(initialVariant(tied).variant).toBe(tied[0]);
  });
  it('counts a stock that is not a number of units as none', () => {
    const odd = [v('Endless', 10, Number.POSITIVE_INFINITY), v('Unknown', 20, Number.NaN), v('Real', 30, 2)];
    expect(initialVariant(odd).variant).toBe(odd[2]);
  });
  it('handles an empty list', () => {
    expect(initialVariant([])).toEqual({ variant: undefined, notices: [] });
  });
});

describe('labels and slugs', () => {
  it('says Only n left for 1 to 5', () => {
    expect([0, 1, 5, 6].map(lowStockLabel)).toEqual([undefined, 'Only 1 left', 'Only 5 left', undefined]);
  });
  it('titles out-of-stock options', () => {
    expect(outOfStockTitle(0)).toBe('This option is currently out of stock (0 available)');
  });
  it('slugs names and sets the variant parameter, keeping others', () => {
    expect(variantSlug({ name: 'Outdoor Pro  Graphite' })).toBe('outdoor-pro-graphite');
    expect(withVariantParam('?utm=x&variant=old', { name: 'Arctic White' })).toBe('?utm=x&variant=arctic-white');
    expect(withVariantParam('?variant=old', undefined)).toBe('');
  });
});

describe('pictureAlt', () => {
  it('describes a picture for screen readers', () => {
    expect(pictureAlt('Cam', 'Arctic White', 0, 3)).toBe('Cam in Arctic White, picture 1 of 3');
  });
});
