// What a build was made from, written to dist/build.json and compared with the live product by
// `npm run check-product` to decide whether the static site must be rebuilt. The same inputs must always give
// the same bytes: object keys are sorted before hashing, content files are taken in path order, and nothing
// depends on the clock, the machine's paths or the order in which the backend sent its fields.
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import type { ProductAnswer, VariantAnswer } from './answer.ts';
import { JsonObject, jsonObject } from '../../lib/json-object.ts';

/** Bumped when the manifest's shape changes, so an old manifest is recognised instead of misread. */
export const MANIFEST_VERSION = 1;

export interface VariantFigures extends Omit<VariantAnswer, 'images'> {
  /** Image URLs in gallery order. */
  images: string[];
}

/** The product as the pages were built from it: normalised (answer.ts), description as a hash. */
export interface ProductFigures {
  id: string;
  link: string;
  name: string;
  seoTitle: string;
  seoDescription: string;
  descriptionSha256: string;
  variants: VariantFigures[];
}

export interface ContentFigures {
  fingerprint: string;
  /** Path under src/content (forward slashes) to the SHA-256 of the file's text. */
  files: Record<string, string>;
}

/**
 * What the published pages do in the browser, for `npm run check-deploy`: nothing secret, both are in the pages
 * already (the build-time API_BASE_URL, possibly internal, stays out).
 */
interface BrowserFigures {
  /** PUBLIC_API_BASE_URL as configured: `/api/v1` on the site itself, or an absolute URL. */
  apiBaseUrl: string;
  /** PAYPAL_CSP: which page policy the build wrote. */
  paypalCsp: string;
}

export interface BuildManifest {
  manifestVersion: typeof MANIFEST_VERSION;
  store: { id: string; domain: string };
  product: ProductFigures & { fingerprint: string };
  /** Reported by GET /system/version; absent when the backend did not answer it. */
  apiVersion?: string;
  content: ContentFigures;
  /** Absent in manifests of builds before check-deploy. */
  browser?: BrowserFigures;
}

/**
 * JSON with object keys sorted at every level (array order is kept: it is meaningful). Undefined properties are
 * left out, as JSON.stringify does; a non-finite number throws, because JSON would silently turn it into null.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new TypeError(`cannot fingerprint the number ${value}`);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (v.is(JsonObject, value)) {
    const entries = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** `sha256:<hex>` of the canonical JSON of `value`: independent of key order. */
export function fingerprintOf(value: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(value))}`;
}

export function productFigures(product: ProductAnswer, link: string): ProductFigures {
  return {
    id: product.id,
    link,
    name: product.name,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    descriptionSha256: sha256Hex(product.description),
    variants: product.variants.map((v) => ({
      id: v.id,
      name: v.name,
      sku: v.sku,
      price: v.price,
      ...(v.regularPrice !== undefined ? { regularPrice: v.regularPrice } : {}),
      stock: v.stock,
      images: v.images.map((image) => image.url),
    })),
  };
}

/** The figures with their fingerprint; check-product recomputes it to detect a damaged manifest. */
export function fingerprintProduct(figures: ProductFigures): ProductFigures & { fingerprint: string } {
  return { ...figures, fingerprint: fingerprintOf(figures) };
}

/**
 * Fingerprint of the editable content (src/content). `files` maps a path relative to src/content to the file's
 * text; the order they are listed in does not matter. Backslashes are turned into slashes so that a checkout on
 * Windows gives the same figures.
 */
export function contentFigures(files: Iterable<readonly [path: string, text: string]>): ContentFigures {
  const hashes = new Map<string, string>();
  for (const [path, text] of files) {
    const key = path.replace(/\\/g, '/').replace(/^\/+/, '');
    if (hashes.has(key)) throw new Error(`content file listed twice: ${key}`);
    hashes.set(key, sha256Hex(text));
  }
  const sorted: Record<string, string> = {};
  for (const key of [...hashes.keys()].sort()) sorted[key] = hashes.get(key) as string;
  return { fingerprint: fingerprintOf(sorted), files: sorted };
}

const VersionAnswer = jsonObject({ version: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64)) });

/** The version string of a GET /system/version answer ({ version: "1.6.0" }), if it has a usable one. */
export function readApiVersion(data: unknown): string | undefined {
  const answer = v.safeParse(VersionAnswer, data);
  return answer.success ? answer.output.version : undefined;
}

export interface ManifestInput {
  store: { id: string; domain: string };
  link: string;
  product: ProductAnswer;
  apiVersion?: string | undefined;
  content: ContentFigures;
  browser?: BrowserFigures | undefined;
}

export function createManifest(input: ManifestInput): BuildManifest {
  return {
    manifestVersion: MANIFEST_VERSION,
    store: { id: input.store.id, domain: input.store.domain },
    product: fingerprintProduct(productFigures(input.product, input.link)),
    ...(input.apiVersion ? { apiVersion: input.apiVersion } : {}),
    content: input.content,
    ...(input.browser ? { browser: { apiBaseUrl: input.browser.apiBaseUrl, paypalCsp: input.browser.paypalCsp } } : {}),
  };
}

/** Pretty-printed with a final newline: readable in a browser and in diffs, and the same bytes every time. */
export function serializeManifest(manifest: BuildManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
