// The product's rating for structured data, from the backend's reviews at build time. A backend without reviews,
// or one that cannot answer, gives none: the build goes on, saying so.
import { API_BASE_URL } from 'astro:env/server';
import { createCommerceClient } from '@haven/commerce-client';
import type { Rating } from '../features/reviews/index.ts';
import { readRating } from './rating-source.ts';

const asked = new Map<string, Promise<Rating | undefined>>();

async function ask(productId: string): Promise<Rating | undefined> {
  const read = await readRating(createCommerceClient({ baseUrl: API_BASE_URL }), productId);
  if (!read.readable) {
    console.warn(`[reviews] The backend's reviews could not be read (${read.why}): no rating in structured data.`);
    return undefined;
  }
  if (!read.rating) console.info('[reviews] The backend has no reviews of the product: no rating in structured data.');
  return read.rating;
}

export function loadRating(productId: string): Promise<Rating | undefined> {
  const known = asked.get(productId) ?? ask(productId);
  asked.set(productId, known);
  return known;
}
