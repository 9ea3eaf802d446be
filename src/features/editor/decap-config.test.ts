// The editor's forms must accept exactly what the build accepts: the same fields, the same required ones, the
// same limits. Each Decap field is compared with the schema field of the same name, and each text rule is run
// against the schema on generated text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import { CONTENT_COLLECTIONS, STORE_SETTINGS } from '../../lib/content-schema.ts';
import { decapConfig, type DecapField } from './decap-config.ts';

type Shape = Record<string, z.ZodType>;

/** The object schema inside optional / default / array wrappers, as zod 4 stores it. */
function objectShape(schema: z.ZodType): Shape {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Shape };
  if (def.shape) return def.shape;
  const inner = def.innerType ?? def.element;
  if (!inner) throw new Error(`no object inside a ${def.type}`);
  return objectShape(inner);
}

/** Every field of a form with the schema it mirrors, nested fields included, named by their path. */
function pairs(fields: DecapField[], shape: Shape, prefix = ''): [string, DecapField, z.ZodType][] {
  return fields.flatMap((field) => {
    const schema = shape[field.name];
    if (!schema) throw new Error(`${prefix}${field.name}: not in the schema`);
    const nested = field['fields'] as DecapField[] | undefined;
    const here: [string, DecapField, z.ZodType] = [`${prefix}${field.name}`, field, schema];
    return nested ? [here, ...pairs(nested, objectShape(schema), `${prefix}${field.name}.`)] : [here];
  });
}

const config = decapConfig(undefined);
const collections = Object.entries(CONTENT_COLLECTIONS).map(([name, collection]) => {
  const entry = config.collections.find((c) => c.name === name && 'folder' in c)!;
  if (!('folder' in entry)) throw new Error(`${name}: not a folder collection`);
  const frontmatter = entry.fields.filter((f) => f.name !== 'body');
  return { name, collection, entry, frontmatter, fields: pairs(frontmatter, collection.schema.shape) };
});
const settingsEntry = config.collections.find((c) => c.name === 'settings')!;
if (!('files' in settingsEntry)) throw new Error('settings: not a file collection');
const settingsFile = settingsEntry.files[0]!;
/** Every form: the collections' and the store settings'. */
const forms = [
  ...collections,
  {
    name: 'settings',
    collection: STORE_SETTINGS,
    frontmatter: settingsFile.fields,
    fields: pairs(settingsFile.fields, STORE_SETTINGS.schema.shape),
  },
];

describe('the editor configuration', () => {
  it.each(collections)(
    '$name: edits the collection folder, one lowercase .md file per entry',
    ({ entry, collection }) => {
      expect(entry).toMatchObject({ folder: collection.folder, extension: 'md', format: 'frontmatter' });
      expect(config.slug).toMatchObject({ encoding: 'ascii', clean_accents: true });
      expect(entry.fields.at(-1)).toMatchObject({ name: 'body', widget: 'markdown' });
    },
  );

  it('settings: one file, a form without text, that editors cannot delete', () => {
    expect(settingsEntry).toMatchObject({ delete: false });
    expect(settingsFile).toMatchObject({ file: STORE_SETTINGS.file, format: 'frontmatter' });
    expect(settingsFile.fields.map((f) => f.name)).not.toContain('body');
  });

  it.each(forms)('$name: has every field of the schema, and no other', ({ frontmatter, collection }) => {
    expect(frontmatter.map((f) => f.name).sort()).toEqual(Object.keys(collection.schema.shape).sort());
  });

  it.each(forms)('$name: requires the fields the build requires', ({ fields }) => {
    for (const [path, field, schema] of fields) {
      expect(field.required, path).toBe(!schema.safeParse(undefined).success);
    }
  });

  it.each(forms)('$name: text rules accept what the build accepts', ({ fields }) => {
    const rules = fields.filter(([, field]) => field['pattern']);
    expect(rules.length).toBeGreaterThan(0);
    // The build trims text first, and the editor's text fields are one line: generated text is one line
    // without spaces around it, built from characters the rules care about.
    const characters = fc.constantFrom(...'abz09-?:/+. ЖéTel@()'.split(''), 'mailto:', 'tel:+1', 'https://', '.com');
    const line = fc.array(characters, { maxLength: 260 }).map((parts) => parts.join('').trim());
    for (const [path, field, schema] of rules) {
      const [source] = field['pattern'] as [string, string];
      const pattern = new RegExp(source);
      fc.assert(
        fc.property(line, (value) => pattern.test(value) === schema.safeParse(value).success),
        { numRuns: 400, examples: [[''], ['x'], ['x'.repeat(200)], ['x'.repeat(201)], ['Why?'], ['https://x']] },
      );
      expect(pattern.test('   '), `${path} accepts blank text`).toBe(false);
    }
  });

  it('offers a colour picker for the brand colour and an upload for the pictures, each still held to its rule', () => {
    const field = (name: string) => settingsFile.fields.find((f) => f.name === name)!;
    expect(field('brandColor')).toMatchObject({ widget: 'color', pattern: [expect.any(String), expect.any(String)] });
    for (const name of ['logo', 'favicon']) expect(field(name)).toMatchObject({ widget: 'image' });
    expect(decapConfig(undefined)).toMatchObject({ media_folder: 'src/content/uploads', public_folder: '/uploads' });
  });

  it('says what each text rule asks for', () => {
    const field = (collection: string, name: string) =>
      collections.find((c) => c.name === collection)!.fields.find(([path]) => path === name)![1];
    expect(field('faq', 'question')['pattern']).toEqual([
      expect.any(String),
      'some text, not only spaces, a question ending with "?", at most 120 characters',
    ]);
    expect((field('policy', 'summary')['pattern'] as string[])[1]).toBe(
      'some text, not only spaces, at most 200 characters',
    );
    expect((field('support', 'anchor')['pattern'] as string[])[1]).toMatch(/^lowercase letters, digits and hyphens/);
  });

  it('asks for whole positions from 0, a topic from the list, a date and a yes/no', () => {
    const faq = collections.find((c) => c.name === 'faq')!.frontmatter;
    expect(faq.find((f) => f.name === 'order')).toMatchObject({ widget: 'number', value_type: 'int', min: 0 });
    expect(faq.find((f) => f.name === 'order')).not.toHaveProperty('max');
    expect(faq.find((f) => f.name === 'topic')).toMatchObject({
      widget: 'select',
      options: ['Getting started', 'Features and privacy', 'Orders and shipping', 'Returns and warranty'],
    });
    const policy = collections.find((c) => c.name === 'policy')!.frontmatter;
    expect(policy.find((f) => f.name === 'updated')).toMatchObject({ widget: 'datetime', format: 'YYYY-MM-DD' });
    const support = collections.find((c) => c.name === 'support')!.frontmatter;
    expect(support.find((f) => f.name === 'showFaq')).toMatchObject({ widget: 'boolean', required: false });
    expect(support.find((f) => f.name === 'channels')).toMatchObject({ widget: 'list', min: 1, required: false });
  });

  it("asks for the shop's shipping and tax figures as numbers in cents' steps, with the build's limits", () => {
    const pricing = settingsFile.fields.find((f) => f.name === 'pricing')!;
    expect(pricing).toMatchObject({ widget: 'object', required: true });
    const fields = pricing['fields'] as DecapField[];
    expect(fields.find((f) => f.name === 'freeShippingAbove')).toMatchObject({
      widget: 'number',
      value_type: 'float',
      min: 0,
      max: 100_000,
      step: 0.01,
      required: true,
    });
    expect(fields.find((f) => f.name === 'taxPercent')).toMatchObject({ min: 0, max: 100, step: 0.01 });
  });

  it('lets editors create and delete entries, and leaves out empty optional fields', () => {
    for (const { entry } of collections) expect(entry).toMatchObject({ create: true, delete: true });
    expect(config.omit_empty_optional_fields).toBe(true);
  });

  it('commits to the GitHub repository it is given, through the OAuth client given', () => {
    expect(config.backend).toBeNull();
    const github = decapConfig({ repo: 'haven/shop', branch: 'main', authUrl: 'https://auth.example.com' });
    expect(github.backend).toMatchObject({
      name: 'github',
      repo: 'haven/shop',
      branch: 'main',
      base_url: 'https://auth.example.com',
    });
    expect(decapConfig({ repo: 'haven/shop', branch: 'live', authUrl: undefined }).backend).not.toHaveProperty(
      'base_url',
    );
  });
});
