// Run-time freshness: the built page may be stale. After the shopper starts interacting, the product is fetched
// again for current stock and prices, cached for 5 minutes across pages of this tab (figures-cache.ts).
// A failed refresh keeps the built data, silently apart from a console warning.
// This module is loaded on use (refreshFigures in figures.ts), not with the page.
import { config } from '../../config.ts';
import { toCents } from '../../lib/money.ts';
import { getApi } from '../../api/client.ts';
import { cachedFiguresText, PRODUCT_CACHE_MS, readCachedFigures } from './figures-cache.ts';
import type { Figures } from './product.ts';

// v2: prices in cents (v1 held dollars; a tab that kept one from before a deploy must not read it as cents).
const cacheKey = () => `haven-product:v2:${config.storeDomain}:${config.productLink}`;
let inFlight: Promise<void> | undefined;
let fetchedAt = 0;

type Publish = (figures: Record<string, Figures>) => void;

function fromCache(now: number, publish: Publish): boolean {
  try {
    const cached = readCachedFigures(sessionStorage.getItem(cacheKey()), now);
    if (!cached) return false;
    fetchedAt = cached.at;
    publish(cached.variants);
    return true;
  } catch {
    return false; // storage that refuses access (some privacy modes) costs the cache only
  }
}

async function refresh(publish: Publish): Promise<void> {
  try {
    // Loaded with the client, on first use: the first paint does not pay for product parsing.
    const [api, { normalizeProduct }] = await Promise.all([getApi(), import('./answer.ts')]);
    const { data } = await api.GET('/stores/{id}/products/{link}', {
      params: { path: { id: config.storeDomain, link: config.productLink } },
    });
    const { product } = normalizeProduct(data);
    const variants: Record<string, Figures> = {};
    for (const v of product.variants) {
      variants[v.id] = {
        price: toCents(v.price),
        stock: v.stock,
        ...(v.regularPrice !== undefined ? { regularPrice: toCents(v.regularPrice) } : {}),
      };
    }
    fetchedAt = Date.now();
    publish(variants);
    try {
      sessionStorage.setItem(cacheKey(), cachedFiguresText({ at: fetchedAt, variants }));
    } catch {
      /* caching is an optimisation only */
    }
  } catch (error) {
    console.warn('Product: could not refresh stock and prices; showing the figures from the build.', error);
  }
}

/**
 * Makes sure the live figures are at most 5 minutes old, with one request at a time: new figures, from the session
 * cache or the API, go to `publish`. Never rejects.
 */
export function refreshFigures(publish: Publish): Promise<void> {
  const now = Date.now();
  if (now - fetchedAt <= PRODUCT_CACHE_MS || fromCache(now, publish)) return Promise.resolve();
  inFlight ??= refresh(publish).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}
