// The store settings (src/content/settings/store.md), read at build by every page.
import { getEntry } from 'astro:content';
import type { StoreSettings } from '../lib/content-schema.ts';

export async function loadStoreSettings(): Promise<StoreSettings> {
  const entry = await getEntry('settings', 'store');
  if (!entry) {
    throw new Error(
      "src/content/settings/store.md is missing: it holds the store's name, contact details and deal banner " +
        '(see docs/editors-guide.md).',
    );
  }
  return entry.data;
}
