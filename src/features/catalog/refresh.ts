// Current stock and prices, fetched once the shopper interacts and cached for 5 minutes in this tab; a failure keeps
// the built figures with a console warning.
import { config } from '../../config.ts';
import { toCents } from '../../lib/money.ts';
import { getApi } from '../../api/client.ts';
import { cachedFiguresText, isFresh, readCachedFigures } from './figures-cache.ts';
import type { Figures } from './product.ts';

// v2: prices in cents (v1, dollars, kept from before a deploy, must not be read as cents).
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
    return false;
  }
}

async function refresh(publish: Publish): Promise<void> {
  try {
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

/** One request at a time. Never rejects. */
export function refreshFigures(publish: Publish): Promise<void> {
  const now = Date.now();
  if (isFresh(fetchedAt, now) || fromCache(now, publish)) return Promise.resolve();
  inFlight ??= refresh(publish).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}
