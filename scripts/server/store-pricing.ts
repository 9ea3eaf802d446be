// The store's shipping and tax settings as the demo backend charges them: read from the same settings entry the
// pages are built from, so that an editor's change moves the price shown and the charge together.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { DemoPricing } from '@haven/commerce-client/mock';
import { settingsSchema, STORE_SETTINGS } from '../../src/build/index.ts';

/** The settings of `contentRoot`, or why they cannot be read (the build then fails, saying so). */
export async function storePricing(contentRoot: string): Promise<DemoPricing | string> {
  let text: string;
  try {
    text = await readFile(join(contentRoot, STORE_SETTINGS.file), 'utf8');
  } catch (error) {
    return `cannot read ${STORE_SETTINGS.file}: ${(error as Error).message}`;
  }
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  const parsed = settingsSchema.shape.pricing.safeParse(
    frontmatter === undefined ? undefined : (parse(frontmatter) as { pricing?: unknown })?.pricing,
  );
  return parsed.success
    ? parsed.data
    : `${STORE_SETTINGS.file}: pricing ${parsed.error.issues[0]?.message ?? 'is invalid'}`;
}
