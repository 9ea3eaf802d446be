// The store settings (src/content/settings/store.md), read at build by every page.
import { getEntry } from 'astro:content';
import { STORE_SETTINGS, type StoreSettings } from '../lib/content-schema.ts';
import { fillWords, settingsWords } from '../features/settings/index.ts';

export async function loadStoreSettings(): Promise<StoreSettings> {
  const entry = await getEntry('settings', 'store');
  if (!entry) {
    throw new Error(
      "src/content/settings/store.md is missing: it holds the store's name, contact details and deal banner " +
        '(see docs/editors-guide.md).',
    );
  }
  const { data } = entry;
  const words = settingsWords(data);
  const fill = (text: string) => fillWords(text, words, STORE_SETTINGS.file);
  return { ...data, tagline: fill(data.tagline), deal: { ...data.deal, text: fill(data.deal.text) } };
}
