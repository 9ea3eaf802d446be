// What a build was made from (dist/build.json), which check-product compares with the live product. The same inputs
// give the same bytes: no clock, machine path or field order counts.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import * as v from 'valibot';
import type { ProductAnswer } from '../features/catalog/index.ts';
import { JsonObject, jsonObject } from '../lib/json-object.ts';

/** Bumped with the shape: an old manifest is recognised, not misread. */
export const MANIFEST_VERSION = 2;

const Text = v.string();
const Sha = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex'));
const Fingerprint = v.pipe(v.string(), v.regex(/^sha256:[0-9a-f]{64}$/, 'must be sha256:<hex>'));
const Amount = v.pipe(v.number(), v.finite(), v.minValue(0));

export const BuildManifestSchema = v.object({
  manifestVersion: v.literal(MANIFEST_VERSION),
  store: v.object({ id: Text, domain: Text }),
  product: v.object({
    id: Text,
    link: Text,
    name: Text,
    seoTitle: Text,
    seoDescription: Text,
    descriptionSha256: Sha,
    variants: v.array(
      v.object({
        id: Text,
        name: Text,
        sku: Text,
        price: Amount,
        regularPrice: v.optional(Amount),
        stock: v.pipe(v.number(), v.integer(), v.minValue(0)),
        images: v.array(Text),
      }),
    ),
    fingerprint: Fingerprint,
  }),
  apiVersion: v.optional(Text),
  content: v.object({ fingerprint: Fingerprint, files: v.record(v.string(), Sha) }),
  rating: v.optional(v.object({ value: Amount, count: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
  /** Nothing secret (the build-time API_BASE_URL stays out). */
  browser: v.optional(v.object({ apiBaseUrl: Text, walletCsp: Text })),
});

export type BuildManifest = v.InferOutput<typeof BuildManifestSchema>;
export type ProductFigures = Omit<BuildManifest['product'], 'fingerprint'>;
export type VariantFigures = ProductFigures['variants'][number];
export type ContentFigures = BuildManifest['content'];
type BrowserFigures = NonNullable<BuildManifest['browser']>;

/** Keys sorted at every level; a non-finite number throws, which JSON would silently make null. */
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

export function sha256Hex(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

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

export function fingerprintProduct(figures: ProductFigures): ProductFigures & { fingerprint: string } {
  return { ...figures, fingerprint: fingerprintOf(figures) };
}

/** `files`: path under src/content → its text or bytes (an uploaded picture), in any order. */
export function contentFigures(files: Iterable<readonly [path: string, text: string | Uint8Array]>): ContentFigures {
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

/** Every file under a content folder, dot-files apart: what a build read, or would read now. */
export async function readContent(dir: string): Promise<ContentFigures> {
  const files: [string, Uint8Array][] = [];
  async function walk(folder: string): Promise<void> {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.push([relative(dir, path), await readFile(path)]);
    }
  }
  await walk(dir);
  return contentFigures(files);
}

const VersionAnswer = jsonObject({ version: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64)) });

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
  rating?: BuildManifest['rating'];
  browser?: BrowserFigures | undefined;
}

export function createManifest(input: ManifestInput): BuildManifest {
  return {
    manifestVersion: MANIFEST_VERSION,
    store: { id: input.store.id, domain: input.store.domain },
    product: fingerprintProduct(productFigures(input.product, input.link)),
    ...(input.apiVersion ? { apiVersion: input.apiVersion } : {}),
    content: input.content,
    ...(input.rating ? { rating: { value: input.rating.value, count: input.rating.count } } : {}),
    ...(input.browser ? { browser: { apiBaseUrl: input.browser.apiBaseUrl, walletCsp: input.browser.walletCsp } } : {}),
  };
}

export function serializeManifest(manifest: BuildManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
