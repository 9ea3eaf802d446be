import { describe, expect, it } from 'vitest';
import { ratingOf } from './rating.ts';

describe('ratingOf', () => {
  it("averages the reviews' stars to one decimal, as a list or a wrapped list", () => {
    const reviews = [{ rating: 5 }, { rating: 4, title: 'Good' }, { rating: 5 }];
    expect(ratingOf(reviews)).toEqual({ value: 4.7, count: 3 });
    expect(ratingOf({ reviews })).toEqual({ value: 4.7, count: 3 });
    expect(ratingOf({ items: reviews, total: 3 })).toEqual({ value: 4.7, count: 3 });
    expect(ratingOf({ data: reviews })).toEqual({ value: 4.7, count: 3 });
  });

  it('counts only reviews of 1 to 5 whole stars', () => {
    expect(ratingOf([{ rating: 5 }, { rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: '5' }, null])).toEqual({
      value: 5,
      count: 1,
    });
  });

  it('gives no rating without a review, or for an answer that is not a list of reviews', () => {
    for (const answer of [[], {}, { reviews: [] }, null, 'ok', { message: 'Not found' }]) {
      expect(ratingOf(answer)).toBeUndefined();
    }
  });
});
