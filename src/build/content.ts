// The editable text as pages show it: every field and the rendered Markdown, with the settings it names filled in.
import { getCollection, type CollectionEntry } from 'astro:content';
import { fillFields, fillWords, settingsWords } from '../features/settings/index.ts';
import { loadStoreSettings } from './store-settings.ts';

type Collection = 'support' | 'policy' | 'faq';

export interface ShownEntry<C extends Collection> {
  id: string;
  filePath?: string | undefined;
  data: CollectionEntry<C>['data'];
  html: string;
}

export async function loadEntries<C extends Collection>(collection: C): Promise<ShownEntry<C>[]> {
  const [store, entries] = await Promise.all([loadStoreSettings(), getCollection(collection)]);
  const words = settingsWords(store);
  return entries.map((entry) => {
    const where = entry.filePath ?? `${collection}/${entry.id}`;
    return {
      id: entry.id,
      filePath: entry.filePath,
      data: fillFields(entry.data, words, where),
      html: fillWords(entry.rendered?.html ?? '', words, where, true),
    };
  });
}
