// Editable support and policy text (see docs/editors-guide.md). Every Markdown file is checked against the
// schemas of src/lib/content-schema.ts at build time, so a typo in a field name or a missing title stops the build
// with the file's name and the field, instead of publishing a page with a hole in it. `.strict()` makes misspelt
// keys an error too. CONTENT_ROOT (default: this repository) builds the copy of src/content that a test edits.
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

/**
 * The Markdown files of one collection folder. Anything else in it (new-question.markdown, Notes.MD, a subfolder)
 * would be skipped without a word, and the editor's new text would silently not appear: the build stops instead.
 */
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

/** A collection's folder, in the copy of the content a test builds when CONTENT_ROOT is set. */
const inRoot = (path: string) => join(process.env['CONTENT_ROOT'] || '.', path);
const folder = (name: keyof typeof CONTENT_COLLECTIONS) => inRoot(CONTENT_COLLECTIONS[name].folder);

const support = defineCollection({ loader: markdownIn(folder('support')), schema: supportSchema });
const faq = defineCollection({ loader: markdownIn(folder('faq')), schema: faqSchema });
const policy = defineCollection({ loader: markdownIn(folder('policy')), schema: policySchema });

// The store's identity: one file (store.md), frontmatter only.
const settings = defineCollection({ loader: markdownIn(inRoot(STORE_SETTINGS.folder)), schema: settingsSchema });

export const collections = { support, faq, policy, settings };
