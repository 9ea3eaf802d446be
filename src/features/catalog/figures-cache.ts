// Live figures kept for this tab's other pages for 5 minutes; what does not read back as figures is ignored.
import * as v from 'valibot';
import { readJson } from '../../lib/stored-json.ts';
import { MAX_PRICE } from '../../lib/money.ts';
import type { Figures } from './product.ts';

export const PRODUCT_CACHE_MS = 5 * 60 * 1000;

export interface CachedFigures {
  /** Epoch ms. */
  at: number;
  /** By variant id. */
  variants: Record<string, Figures>;
}

const cents = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_PRICE));
const Cached = v.object({
  at: v.pipe(v.number(), v.finite()),
  variants: v.record(
    v.string(),
    v.object({ price: cents, regularPrice: v.optional(cents), stock: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  ),
});

/** Not when dated later than now: a clock set back. */
export function isFresh(at: number, now: number): boolean {
  const age = now - at;
  return age >= 0 && age <= PRODUCT_CACHE_MS;
}

/** Never throws. */
export function readCachedFigures(raw: string | null | undefined, now: number): CachedFigures | undefined {
  if (!raw) return undefined;
  const cached = readJson(Cached, raw, 'the cached figures');
  if (!cached.ok || !isFresh(cached.value.at, now)) return undefined;
  return cached.value;
}

export function cachedFiguresText(cached: CachedFigures): string {
  return JSON.stringify(cached);
}
