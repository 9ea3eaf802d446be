// The editor's configuration, built from the content schemas, so its forms accept what the build accepts.
import { z } from 'astro/zod';
import { CONTENT_COLLECTIONS, STORE_SETTINGS, UPLOADS } from '../../lib/content-schema.ts';

interface JsonNode {
  type?: string;
  title?: string;
  description?: string;
  rule?: string;
  widget?: 'color' | 'image';
  format?: string;
  enum?: string[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minItems?: number;
  default?: unknown;
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
}

export interface DecapField {
  name: string;
  label: string;
  widget: string;
  required: boolean;
  hint?: string;
  [option: string]: unknown;
}

/** Where saving goes in production (docs/editor-setup.md). */
export interface EditorBackend {
  repo: string;
  branch: string;
  authUrl: string | undefined;
}

function jsonSchema(schema: z.ZodType): JsonNode {
  return z.toJSONSchema(schema, {
    io: 'input',
    // A date has no JSON Schema type.
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') ctx.jsonSchema.format = 'date';
    },
  }) as JsonNode;
}

/** Decap takes one [regex, message] per field: each rule a lookahead from the start. */
function stringRule(node: JsonNode): [string, string] | undefined {
  const parts: string[] = [];
  const words: string[] = [];
  if ((node.minLength ?? 0) > 0) {
    parts.push('(?=[\\s\\S]*\\S)');
    words.push('some text, not only spaces');
  }
  if (node.pattern) {
    parts.push(`(?=${node.pattern})`);
    words.push(node.rule ?? 'in the expected form');
  }
  if (node.maxLength !== undefined) {
    parts.push(`(?=[\\s\\S]{0,${node.maxLength}}$)`);
    words.push(`at most ${node.maxLength} characters`);
  }
  if (words.length === 0) return undefined;
  // Decap shows it as “<label> didn't match the pattern: <message>.”
  return [`^${parts.join('')}`, words.join(', ')];
}

/** A bound the schema set: zod gives every whole number the safe-integer bounds, no limit an editor needs told. */
const limit = (bound: number | undefined) =>
  bound === undefined || Math.abs(bound) >= Number.MAX_SAFE_INTEGER ? undefined : bound;

function field(name: string, node: JsonNode, required: boolean): DecapField {
  const label = node.title ?? name;
  const base: DecapField = { name, label, widget: 'string', required };
  if (node.description) base.hint = node.description;
  if (node.format === 'date') {
    return { ...base, widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false };
  }
  if (node.enum) return { ...base, widget: 'select', options: node.enum };
  switch (node.type) {
    case 'boolean':
      return { ...base, widget: 'boolean', default: node.default ?? false };
    case 'integer':
    case 'number': {
      const [min, max] = [limit(node.minimum), limit(node.maximum)];
      return {
        ...base,
        widget: 'number',
        value_type: node.type === 'integer' ? 'int' : 'float',
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
        ...(node.multipleOf === undefined ? {} : { step: node.multipleOf }),
      };
    }
    case 'object':
      return { ...base, widget: 'object', collapsed: false, fields: fields(node) };
    case 'array': {
      if (node.items?.type !== 'object') throw new Error(`${name}: the editor supports lists of objects only`);
      return { ...base, widget: 'list', fields: fields(node.items), ...(node.minItems ? { min: node.minItems } : {}) };
    }
    case 'string': {
      // An upload's path is Decap's own, checked by the build; a typed colour is held to the rule.
      if (node.widget === 'image') return { ...base, widget: 'image', choose_url: false };
      const rule = stringRule(node);
      const own = node.widget === 'color' ? { widget: 'color', allowInput: true } : {};
      return { ...base, ...own, ...(rule ? { pattern: rule } : {}) };
    }
    default:
      throw new Error(`${name}: no editor field for JSON Schema type ${String(node.type)}`);
  }
}

function fields(node: JsonNode): DecapField[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).map(([name, child]) => field(name, child, required.has(name)));
}

function collectionFields(schema: z.ZodType): DecapField[] {
  return [
    ...fields(jsonSchema(schema)),
    {
      name: 'body',
      label: 'Text',
      widget: 'markdown',
      required: false,
      hint: 'Markdown. Use ### for headings inside a section: the title is already a heading.',
      // Pictures and code blocks are not part of these pages.
      editor_components: [],
    },
  ];
}

const COLLECTION_VIEW = {
  support: { identifier: 'title', slug: '{{anchor}}', summary: '{{order}} · {{title}}' },
  faq: { identifier: 'question', slug: '{{question}}', summary: '{{topic}} · {{order}} · {{question}}' },
  policy: { identifier: 'title', slug: '{{anchor}}', summary: '{{order}} · {{title}}' },
} as const;

export function decapConfig(backend: EditorBackend | undefined) {
  return {
    load_config_file: false,
    // Without a repository, only the local proxy of `npm start`.
    backend: backend
      ? {
          name: 'github',
          repo: backend.repo,
          branch: backend.branch,
          ...(backend.authUrl ? { base_url: backend.authUrl } : {}),
          commit_messages: {
            create: 'Content: create {{collection}} “{{slug}}” (web editor)',
            update: 'Content: update {{collection}} “{{slug}}” (web editor)',
            delete: 'Content: delete {{collection}} “{{slug}}” (web editor)',
          },
        }
      : null,
    // The build refuses an empty optional object: leave it out.
    omit_empty_optional_fields: true,
    // Uploads live beside the text: adding one rebuilds and publishes like a text change.
    media_folder: UPLOADS.folder,
    public_folder: UPLOADS.path,
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: [
      ...Object.entries(CONTENT_COLLECTIONS).map(([name, collection]) => {
        const view = COLLECTION_VIEW[name as keyof typeof CONTENT_COLLECTIONS];
        return {
          name,
          label: collection.label,
          label_singular: collection.singular,
          folder: collection.folder,
          extension: 'md',
          format: 'frontmatter',
          create: true,
          delete: true,
          identifier_field: view.identifier,
          slug: view.slug,
          summary: view.summary,
          sortable_fields: ['order', view.identifier],
          ...(name === 'faq' ? { view_groups: [{ label: 'Topic', field: 'topic' }] } : {}),
          fields: collectionFields(collection.schema),
        };
      }),
      settingsCollection(),
    ],
  };
}

function settingsCollection() {
  return {
    name: 'settings',
    label: STORE_SETTINGS.label,
    delete: false,
    files: [
      {
        name: 'store',
        label: 'Store identity',
        file: STORE_SETTINGS.file,
        format: 'frontmatter',
        fields: fields(jsonSchema(STORE_SETTINGS.schema)),
      },
    ],
  };
}

export type DecapConfig = ReturnType<typeof decapConfig>;
