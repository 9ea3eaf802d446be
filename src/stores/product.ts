// Run-time freshness (issue: the built page may be stale). After the shopper starts interacting, the product
// is fetched again for current stock and prices, cached for 5 minutes (SPEC §9) across pages of this tab.
// A failed refresh keeps the built data, silently apart from a console warning.
import { atom } from 'nanostores';
import { config } from '../config.ts';
import { normalizeProduct } from '../lib/product.ts';
import { getApi } from './api.ts';

export const PRODUCT_CACHE_MS = 5 * 60 * 1000;

export interface LiveVariant {
  price: number;
  regularPrice?: number;
  stock: number;
}

/** Current figures by variant id; empty until a refresh succeeds. */
export const $liveVariants = atom<Record<string, LiveVariant>>({});

const cacheKey = () => `haven-product:${config.storeDomain}:${config.productLink}`;
let inFlight: Promise<void> | undefined;
let fetchedAt = 0;

function fromCache(now: number): boolean {
  try {
    const raw = sessionStorage.getItem(cacheKey());
    if (!raw) return false;
    const cached = JSON.parse(raw) as { at: number; variants: Record<string, LiveVariant> };
    if (typeof cached.at !== 'number' || now - cached.at > PRODUCT_CACHE_MS || typeof cached.variants !== 'object') return false;
    fetchedAt = cached.at;
    $liveVariants.set(cached.variants);
    return true;
  } catch {
    return false;
  }
}

async function refresh(): Promise<void> {
  try {
    const api = await getApi();
    const { data } = await api.GET('/stores/{id}/products/{link}', {
      params: { path: { id: config.storeDomain, link: config.productLink } },
    });
    const { product } = normalizeProduct(data);
    const variants: Record<string, LiveVariant> = {};
    for (const v of product.variants) {
      variants[v.id] = { price: v.price, stock: v.stock, ...(v.regularPrice !== undefined ? { regularPrice: v.regularPrice } : {}) };
    }
    fetchedAt = Date.now();
    $liveVariants.set(variants);
    try {
      sessionStorage.setItem(cacheKey(), JSON.stringify({ at: fetchedAt, variants }));
    } catch {
      /* caching is an optimisation only */
    }
  } catch (error) {
    console.warn('Product: could not refresh stock and prices; showing the figures from the build.', error);
  }
}

/** Makes sure figures are at most 5 minutes old (one request at a time). Never rejects. */
export function ensureFreshProduct(): Promise<void> {
  const now = Date.now();
  if (now - fetchedAt <= PRODUCT_CACHE_MS || fromCache(now)) return Promise.resolve();
  inFlight ??= refresh().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

/** Refreshes on the shopper's first interaction, so a first load that is only looked at costs no request. */
export function refreshOnFirstInteraction(): void {
  if (typeof window === 'undefined') return;
  const events = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const;
  const go = () => {
    for (const e of events) window.removeEventListener(e, go);
    void ensureFreshProduct();
  };
  for (const e of events) window.addEventListener(e, go, { once: true, passive: true });
}
