// Read alike by the build and by check-product.
import { ApiError, HttpError, type CommerceClient } from '@haven/commerce-client';
import { ratingOf, type Rating } from '../features/reviews/index.ts';

export type RatingRead = { readable: true; rating: Rating | undefined } | { readable: false; why: string };

export async function readRating(api: CommerceClient, productId: string): Promise<RatingRead> {
  try {
    const { data } = await api.GET('/reviews/product/{productId}', { params: { path: { productId } } });
    return { readable: true, rating: ratingOf(data) };
  } catch (error) {
    const status = error instanceof ApiError ? error.statusCode : error instanceof HttpError ? error.status : 0;
    if (status === 404) return { readable: true, rating: undefined };
    return { readable: false, why: error instanceof Error ? error.message : String(error) };
  }
}
