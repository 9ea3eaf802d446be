// What this build was made from, for check-product, check-deploy and the scheduled rebuild. No timestamps.
import { join } from 'node:path';
import type { APIRoute } from 'astro';
import { API_BASE_URL } from 'astro:env/server';
import { createCommerceClient, memoryStorage } from '@haven/commerce-client';
import { config } from '../config.ts';
import { loadProduct } from '../build/product.ts';
import { loadRating } from '../build/reviews.ts';
import { createManifest, readApiVersion, readContent, serializeManifest } from '../build/fingerprint.ts';
import { walletPolicyMode } from '../build/page-policy.ts';
import { WALLET_PAGES } from '../features/payment/build.ts';
import { normalizeProduct } from '../features/catalog/answer.ts';
import type { Product, ProductAnswer } from '../features/catalog/index.ts';
import { toCents } from '../lib/money.ts';
import { sanitizeDescription } from '../lib/sanitize.ts';

const client = () =>
  createCommerceClient({
    baseUrl: API_BASE_URL,
    storage: memoryStorage(),
    onAuthFailure: () => {},
    retry: { retries: 0 },
    // The version is optional: a backend that hangs on it must not hold the build up.
    fetch: (request) => globalThis.fetch(request, { signal: AbortSignal.timeout(5000) }),
  });

async function apiVersion(): Promise<string | undefined> {
  try {
    const { data } = await client().GET('/system/version');
    const version = readApiVersion(data);
    if (!version) console.warn('[build.json] GET /system/version gave no version; build.json leaves it out.');
    return version;
  } catch (error) {
    console.warn(
      `[build.json] the backend did not report its API version (${String(error)}); build.json leaves it out.`,
    );
    return undefined;
  }
}

/** Read again for its image URLs; a product changed between the reads fails the build. */
async function productAnswer(): Promise<ProductAnswer> {
  const api = createCommerceClient({ baseUrl: API_BASE_URL, storage: memoryStorage(), onAuthFailure: () => {} });
  const { data } = await api.GET('/stores/{id}/products/{link}', {
    params: { path: { id: config.storeDomain, link: config.productLink } },
  });
  return normalizeProduct(data).product;
}

function firstDifference(answer: ProductAnswer, view: Product): string | undefined {
  if (answer.id !== view.id || answer.name !== view.name || answer.seoTitle !== view.seoTitle)
    return 'id, name or title';
  if (sanitizeDescription(answer.description) !== view.descriptionHtml) return 'description';
  if (answer.variants.length !== view.variants.length) return 'number of variants';
  for (const [i, v] of answer.variants.entries()) {
    const w = view.variants[i];
    const same =
      w &&
      v.id === w.id &&
      v.name === w.name &&
      v.sku === w.sku &&
      toCents(v.price) === w.price &&
      (v.regularPrice === undefined ? w.regularPrice === undefined : toCents(v.regularPrice) === w.regularPrice) &&
      v.stock === w.stock &&
      v.images.length === w.pictures.length;
    if (!same) return `variant ${v.id}`;
  }
  return undefined;
}

export const GET: APIRoute = async () => {
  const [view, answer, version] = await Promise.all([loadProduct(), productAnswer(), apiVersion()]);
  const differs = firstDifference(answer, view);
  if (differs) {
    throw new Error(`The product changed while the site was being built (${differs}); run the build again.`);
  }
  // The text this build was made from: a copy's, when CONTENT_ROOT names one.
  const content = await readContent(join(process.env['CONTENT_ROOT'] || '.', 'src/content'));
  const manifest = createManifest({
    store: { id: config.storeId, domain: config.storeDomain },
    link: config.productLink,
    product: answer,
    apiVersion: version,
    content,
    rating: await loadRating(answer.id),
    browser: { apiBaseUrl: config.apiBaseUrl, walletCsp: walletPolicyMode(WALLET_PAGES, process.env) },
  });
  return new Response(serializeManifest(manifest), { headers: { 'Content-Type': 'application/json' } });
};
