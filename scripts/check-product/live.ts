// The live side of the comparison: the product (and API version) through the typed client, exactly as the
// build reads them.
import { ApiError, createCommerceClient, HttpError, memoryStorage } from '@haven/commerce-client';
import {
  createManifest,
  readApiVersion,
  type BuildManifest,
  type ContentFigures,
  normalizeProduct,
  ProductDataError,
  readRating,
  type ProductAnswer,
} from '../../src/build/index.ts';
import { describeNetworkError } from './manifest.ts';

/** The backend could not be asked or gave no usable product: check-product cannot decide. */
export class BackendError extends Error {}

export interface LiveOptions {
  baseUrl: string;
  storeDomain: string;
  productLink: string;
  retries: number;
  timeoutMs: number;
}

function client(options: LiveOptions, retries: number) {
  return createCommerceClient({
    baseUrl: options.baseUrl,
    storage: memoryStorage(),
    onAuthFailure: () => {},
    retry: { retries },
    fetch: (request) => globalThis.fetch(request, { signal: AbortSignal.timeout(options.timeoutMs) }),
  });
}

function describeFailure(error: unknown): string {
  if (error instanceof ApiError) return `it answered ${error.statusCode} ${error.code}: ${error.message}`;
  if (error instanceof HttpError) return `it answered HTTP ${error.status} ${error.statusText}`.trimEnd();
  return `it could not be reached (${describeNetworkError(error)})`;
}

export async function fetchLiveProduct(options: LiveOptions): Promise<ProductAnswer> {
  const url = `${options.baseUrl}/stores/${options.storeDomain}/products/${options.productLink}`;
  let data: unknown;
  try {
    ({ data } = await client(options, options.retries).GET('/stores/{id}/products/{link}', {
      params: { path: { id: options.storeDomain, link: options.productLink } },
    }));
  } catch (error) {
    const tries = options.retries > 0 ? ` after ${options.retries + 1} tries` : '';
    throw new BackendError(`Could not fetch the product from ${url}${tries}: ${describeFailure(error)}.`);
  }
  try {
    return normalizeProduct(data).product;
  } catch (error) {
    if (error instanceof ProductDataError)
      throw new BackendError(`The product from ${url} is unusable: ${error.message}`);
    throw error;
  }
}

/** Optional, like in the build: undefined when the backend does not answer it. */
export async function fetchApiVersion(options: LiveOptions): Promise<string | undefined> {
  try {
    const { data } = await client(options, 0).GET('/system/version');
    return readApiVersion(data);
  } catch {
    return undefined;
  }
}

export interface LiveSource {
  /** The API to ask, including /api/v1. */
  apiBaseUrl: string;
  store: { id: string; domain: string };
  link: string;
  retries: number;
  timeoutMs: number;
  /** The built rating, kept when the reviews cannot be read now. */
  rating?: BuildManifest['rating'];
  /** The content side of the comparison: this checkout's src/content, or the manifest's own to compare the product only. */
  content: ContentFigures;
}

/**
 * The manifest a build against the live backend would write now (check-product and check-deploy compare with it).
 * `unread`: why the reviews could not be read, when they could not (the rating is then left out of the comparison).
 */
export async function liveManifest(source: LiveSource): Promise<{ manifest: BuildManifest; unread?: string }> {
  const { apiBaseUrl: baseUrl, store, link, retries, timeoutMs } = source;
  const live = { baseUrl, storeDomain: store.domain, productLink: link, retries, timeoutMs };
  const [product, apiVersion] = await Promise.all([fetchLiveProduct(live), fetchApiVersion(live)]);
  const rating = await readRating(client(live, 0), product.id);
  const manifest = createManifest({
    store,
    link,
    product,
    apiVersion,
    content: source.content,
    rating: rating.readable ? rating.rating : source.rating,
  });
  return rating.readable ? { manifest } : { manifest, unread: rating.why };
}
