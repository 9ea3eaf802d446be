// Editable support and policy text (see docs/content-editing.md). Every Markdown file is checked against these
// schemas at build time, so a typo in a field name or a missing title stops the build with the file's name and
// the field, instead of publishing a page with a hole in it. `.strict()` makes misspelt keys an error too.
import { readdirSync } from 'node:fs';
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { FAQ_TOPICS } from './components/content/faq-topics.ts';

/**
 * The Markdown files of one collection folder. Anything else in it (new-question.markdown, Notes.MD, a subfolder)
 * would be skipped without a word, and the editor's new text would silently not appear: the build stops instead.
 */
function markdownIn(base: string): ReturnType<typeof glob> {
  const strays = readdirSync(base, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && !(entry.isFile() && entry.name.endsWith('.md')))
    .map((entry) => `${base.replace(/^\.\//, '')}/${entry.name}${entry.isDirectory() ? '/' : ''}`);
  if (strays.length > 0) {
    throw new Error(
      `${strays.join(', ')}: only .md files directly in ${base.replace(/^\.\//, '')} are published; ` +
        'rename the file to end in .md (lowercase) or move it out of the folder (see docs/content-editing.md).',
    );
  }
  return glob({ pattern: '*.md', base });
}

/** The part after `#` in links such as /policy#privacy: other pages (the footer, /links) link to these. */
const anchor = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'must be lowercase letters, digits and hyphens, starting with a letter (e.g. "returns")');

/** Position on the page: lower numbers come first. */
const order = z.number().int().min(0);

const text = z.string().trim().min(1);

/** A contact channel shown as a card: the href must be a mail, phone or web link. */
const channel = z
  .object({
    label: text,
    value: text,
    href: z.string().regex(/^(mailto:|tel:\+?[0-9]|https:\/\/)/, 'must start with mailto:, tel: or https://'),
    note: text.optional(),
  })
  .strict();

const support = defineCollection({
  loader: markdownIn('./src/content/support'),
  schema: z
    .object({
      title: text,
      order,
      anchor,
      /** One sentence under the title and in the page's table of contents. */
      summary: text.max(200),
      /** A headline fact shown at the top of the page, e.g. { value: "30-day", label: "Returns" }. */
      highlight: z
        .object({ value: text.max(12), label: text.max(40) })
        .strict()
        .optional(),
      channels: z.array(channel).min(1).optional(),
      /** Lists the questions of the faq collection under this section's text. */
      showFaq: z.boolean().default(false),
    })
    .strict(),
});

const faq = defineCollection({
  loader: markdownIn('./src/content/faq'),
  schema: z
    .object({
      question: text.max(120).endsWith('?', 'must be a question ending with "?"'),
      topic: z.enum(FAQ_TOPICS),
      order,
    })
    .strict(),
});

const policy = defineCollection({
  loader: markdownIn('./src/content/policy'),
  schema: z
    .object({
      title: text,
      order,
      anchor,
      summary: text.max(200),
      /** Date of the last change that matters to customers, as YYYY-MM-DD. */
      updated: z.coerce.date(),
    })
    .strict(),
});

export const collections = { support, faq, policy };
