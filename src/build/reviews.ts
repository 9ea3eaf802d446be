// The product's rating for structured data, from the backend's reviews at build time. A backend without reviews,
// or one that cannot answer, gives none: the build goes on, saying so.
import { API_BASE_URL } from 'astro:env/server';
import { ApiError, HttpError, createCommerceClient } from '@haven/commerce-client';
import { ratingOf, type Rating } from '../features/reviews/index.ts';

export async function loadRating(productId: string): Promise<Rating | undefined> {
  const api = createCommerceClient({ baseUrl: API_BASE_URL });
  let answer: unknown;
  try {
    ({ data: answer } = await api.GET('/reviews/product/{productId}', { params: { path: { productId } } }));
  } catch (error) {
    // A 404 is a backend without reviews, like an empty list.
    const status = error instanceof ApiError ? error.statusCode : error instanceof HttpError ? error.status : 0;
    if (status !== 404) {
      const why = error instanceof Error ? error.message : String(error);
      console.warn(`[reviews] The backend's reviews could not be read (${why}): no rating in structured data.`);
      return undefined;
    }
  }
  const rating = ratingOf(answer);
  if (!rating) console.info('[reviews] The backend has no reviews of the product: no rating in structured data.');
  return rating;
}
