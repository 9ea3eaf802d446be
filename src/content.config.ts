// The editable text, checked at build against src/lib/content-schema.ts: a bad field stops the build, naming the
// file. CONTENT_ROOT builds the copy a test edits.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import {
  CONTENT_COLLECTIONS,
  STORE_SETTINGS,
  faqSchema,
  policySchema,
  settingsSchema,
  supportSchema,
} from './lib/content-schema.ts';

/** Anything else in the folder would be skipped silently: the build stops instead. */
function markdownIn(base: string): ReturnType<typeof glob> {
  const strays = readdirSync(base, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && !(entry.isFile() && entry.name.endsWith('.md')))
    .map((entry) => `${base}/${entry.name}${entry.isDirectory() ? '/' : ''}`);
  if (strays.length > 0) {
    throw new Error(
      `${strays.join(', ')}: only .md files directly in ${base} are published; ` +
        'rename the file to end in .md (lowercase) or move it out of the folder (see docs/editors-guide.md).',
    );
  }
  return glob({ pattern: '*.md', base });
}

const inRoot = (path: string) => join(process.env['CONTENT_ROOT'] || '.', path);
const folder = (name: keyof typeof CONTENT_COLLECTIONS) => inRoot(CONTENT_COLLECTIONS[name].folder);

const support = defineCollection({ loader: markdownIn(folder('support')), schema: supportSchema });
const faq = defineCollection({ loader: markdownIn(folder('faq')), schema: faqSchema });
const policy = defineCollection({ loader: markdownIn(folder('policy')), schema: policySchema });

const settings = defineCollection({ loader: markdownIn(inRoot(STORE_SETTINGS.folder)), schema: settingsSchema });

export const collections = { support, faq, policy, settings };
