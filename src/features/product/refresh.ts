// Run-time freshness: the built page may be stale. After the shopper starts interacting, the product is fetched
// again for current stock and prices, cached for 5 minutes across pages of this tab (figures-cache.ts).
// A failed refresh keeps the built data, silently apart from a console warning.
// This module is loaded on the first interaction (see ensure-fresh.ts), not with the page.
import { config } from '../../config.ts';
import { toCents } from '../../lib/money.ts';
import { getApi } from '../../stores/api.ts';
import { followLiveFigures } from '../cart/follow-live-figures.ts';
import { cachedFiguresText, PRODUCT_CACHE_MS, readCachedFigures } from './figures-cache.ts';
import { $liveVariants } from './live-figures.ts';
import type { LiveFigures } from './purchase-model.ts';

// v2: prices in cents (v1 held dollars; a tab that kept one from before a deploy must not read it as cents).
const cacheKey = () => `haven-product:v2:${config.storeDomain}:${config.productLink}`;
let inFlight: Promise<void> | undefined;
let fetchedAt = 0;

function fromCache(now: number): boolean {
  try {
    const cached = readCachedFigures(sessionStorage.getItem(cacheKey()), now);
    if (!cached) return false;
    fetchedAt = cached.at;
    $liveVariants.set(cached.variants);
    return true;
  } catch {
    return false; // storage that refuses access (some privacy modes) costs the cache only
  }
}

async function refresh(): Promise<void> {
  try {
    // Loaded with the client, on first use: the first paint does not pay for product parsing.
    const [api, { normalizeProduct }] = await Promise.all([getApi(), import('./answer.ts')]);
    const { data } = await api.GET('/stores/{id}/products/{link}', {
      params: { path: { id: config.storeDomain, link: config.productLink } },
    });
    const { product } = normalizeProduct(data);
    const variants: Record<string, LiveFigures> = {};
    for (const v of product.variants) {
      variants[v.id] = {
        price: toCents(v.price),
        stock: v.stock,
        ...(v.regularPrice !== undefined ? { regularPrice: toCents(v.regularPrice) } : {}),
      };
    }
    fetchedAt = Date.now();
    $liveVariants.set(variants);
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
 * Makes sure figures are at most 5 minutes old (one request at a time), and has the cart's lines follow them from
 * now on, whether cached, fetched or arriving later. Never rejects.
 */
export function refreshFiguresForCart(): Promise<void> {
  followLiveFigures();
  const now = Date.now();
  if (now - fetchedAt <= PRODUCT_CACHE_MS || fromCache(now)) return Promise.resolve();
  inFlight ??= refresh().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}
