// The product's rating from the backend's reviews, for structured data: the page's sample reviews are the demo's,
// never published to search engines as the product's rating.
import * as v from 'valibot';

export interface Rating {
  value: number;
  count: number;
}

const Stars = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5));
const Review = v.looseObject({ rating: Stars });

/** The reviews in a backend's answer: a list, or a list under `reviews`, `items` or `data`. */
function listOf(answer: unknown): unknown[] {
  if (Array.isArray(answer)) return answer;
  if (typeof answer !== 'object' || answer === null) return [];
  const wrapped = answer as Record<string, unknown>;
  const list = wrapped['reviews'] ?? wrapped['items'] ?? wrapped['data'];
  return Array.isArray(list) ? list : [];
}

/** The rating of the reviews that give 1 to 5 whole stars; none without such a review. */
export function ratingOf(answer: unknown): Rating | undefined {
  const stars = listOf(answer).flatMap((review) => {
    const read = v.safeParse(Review, review);
    return read.success ? [read.output.rating] : [];
  });
  if (!stars.length) return undefined;
  const mean = stars.reduce((sum, s) => sum + s, 0) / stars.length;
  return { value: Math.round(mean * 10) / 10, count: stars.length };
}
