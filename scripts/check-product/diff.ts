// Says in a few words what differs between the last build's manifest and the live data: the lines a shop owner
// reads in the scheduled job's log ("price of "Midnight Black" from $84.99 to $74.99").
import { type BuildManifest, type ContentFigures, type VariantFigures, formatUSD } from '../../src/build/index.ts';

export interface Differences {
  /** Each one means the published pages are out of date. */
  changes: string[];
  /** Worth knowing, but the pages do not depend on it. */
  notes: string[];
}

const money = (value: number | undefined) => (value === undefined ? 'none' : formatUSD(value));
const quoted = (value: string) => JSON.stringify(value);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function stockChange(label: string, before: number, after: number): string {
  const note = before > 0 && after === 0 ? ' (now out of stock)' : before === 0 && after > 0 ? ' (back in stock)' : '';
  return `stock of ${label} from ${before} to ${after}${note}`;
}

function imageChanges(label: string, before: string[], after: string[]): string[] {
  const added = after.filter((url) => !before.includes(url));
  const removed = before.filter((url) => !after.includes(url));
  const parts: string[] = [];
  if (added.length) parts.push(`${plural(added.length, 'image')} added (${added.join(', ')})`);
  if (removed.length) parts.push(`${plural(removed.length, 'image')} removed (${removed.join(', ')})`);
  if (parts.length) return [`images of ${label}: ${parts.join('; ')}`];
  return before.join('\n') === after.join('\n') ? [] : [`image order of ${label} changed`];
}

function variantChanges(before: VariantFigures, after: VariantFigures): string[] {
  const label = `${quoted(after.name)} (${after.id})`;
  const out: string[] = [];
  if (before.name !== after.name)
    out.push(`variant ${after.id} renamed from ${quoted(before.name)} to ${quoted(after.name)}`);
  if (before.price !== after.price) out.push(`price of ${label} from ${money(before.price)} to ${money(after.price)}`);
  if (before.regularPrice !== after.regularPrice) {
    out.push(`regular price of ${label} from ${money(before.regularPrice)} to ${money(after.regularPrice)}`);
  }
  if (before.stock !== after.stock) out.push(stockChange(label, before.stock, after.stock));
  if (before.sku !== after.sku) out.push(`SKU of ${label} from ${quoted(before.sku)} to ${quoted(after.sku)}`);
  out.push(...imageChanges(label, before.images, after.images));
  return out;
}

function variantListChanges(before: VariantFigures[], after: VariantFigures[]): string[] {
  const out: string[] = [];
  const old = new Map(before.map((v) => [v.id, v]));
  const now = new Map(after.map((v) => [v.id, v]));
  for (const v of before) {
    if (!now.has(v.id)) out.push(`variant ${quoted(v.name)} (${v.id}) removed`);
  }
  for (const v of after) {
    const was = old.get(v.id);
    if (!was) {
      out.push(
        `new variant ${quoted(v.name)} (${v.id}): ${money(v.price)}, stock ${v.stock}, ${plural(v.images.length, 'image')}`,
      );
    } else {
      out.push(...variantChanges(was, v));
    }
  }
  const keptBefore = before.filter((v) => now.has(v.id)).map((v) => v.id);
  const keptAfter = after.filter((v) => old.has(v.id)).map((v) => v.id);
  if (keptBefore.join('\n') !== keptAfter.join('\n')) out.push('variant order changed');
  return out;
}

function contentChanges(before: ContentFigures, after: ContentFigures): string[] {
  if (before.fingerprint === after.fingerprint) return [];
  const paths = [...new Set([...Object.keys(before.files), ...Object.keys(after.files)])].sort();
  const out: string[] = [];
  for (const path of paths) {
    const was = before.files[path];
    const now = after.files[path];
    if (was === now) continue;
    out.push(
      `content file src/content/${path} ${was === undefined ? 'added' : now === undefined ? 'removed' : 'edited'}`,
    );
  }
  return out.length ? out : ['content changed'];
}

/** `after` is the manifest the live data would give (createManifest over the live product and content). */
export function describeDifferences(before: BuildManifest, after: BuildManifest): Differences {
  const changes: string[] = [];
  const b = before.product;
  const a = after.product;
  if (before.store.id !== after.store.id)
    changes.push(`store id from ${quoted(before.store.id)} to ${quoted(after.store.id)}`);
  if (before.store.domain !== after.store.domain) {
    changes.push(`store domain from ${quoted(before.store.domain)} to ${quoted(after.store.domain)}`);
  }
  if (b.link !== a.link) changes.push(`product link from ${quoted(b.link)} to ${quoted(a.link)}`);
  if (b.id !== a.id) changes.push(`product id from ${quoted(b.id)} to ${quoted(a.id)}`);
  if (b.name !== a.name) changes.push(`name changed from ${quoted(b.name)} to ${quoted(a.name)}`);
  if (b.seoTitle !== a.seoTitle) changes.push(`SEO title changed from ${quoted(b.seoTitle)} to ${quoted(a.seoTitle)}`);
  if (b.seoDescription !== a.seoDescription) changes.push('SEO description changed');
  if (b.descriptionSha256 !== a.descriptionSha256) changes.push('description changed');
  changes.push(...variantListChanges(b.variants, a.variants));
  // Never report "unchanged" for data that hashes differently, even if no rule above names the difference.
  if (b.fingerprint !== a.fingerprint && changes.length === 0) changes.push(`product data changed (${a.fingerprint})`);
  changes.push(...contentChanges(before.content, after.content));
  const rating = (r: BuildManifest['rating']) => (r ? `${r.value} from ${r.count} reviews` : 'none');
  if (rating(before.rating) !== rating(after.rating))
    changes.push(`rating from ${rating(before.rating)} to ${rating(after.rating)}`);

  const notes: string[] = [];
  if (after.apiVersion && before.apiVersion !== after.apiVersion) {
    notes.push(`the backend reports API version ${after.apiVersion} (the build saw ${before.apiVersion ?? 'none'})`);
  }
  return { changes, notes };
}
