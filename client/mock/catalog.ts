// The demo catalogue: client/mock/seed/catalog.json by default, or the file DEMO_CATALOG names. It is checked
// against the contract's Product schema so that odd data reaches the storefront only in shapes the API allows.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileWithComponents, componentRef, describeValidationError } from './openapi.ts';
import type { Catalog, CatalogProduct, Variant } from './types.ts';

export const DEFAULT_CATALOG_PATH = fileURLToPath(new URL('./seed/catalog.json', import.meta.url));

export class CatalogError extends Error {}

const catalogSchema = {
  type: 'object',
  required: ['store', 'products'],
  properties: {
    store: {
      type: 'object',
      required: ['id', 'domain'],
      properties: { id: { type: 'string', minLength: 1 }, domain: { type: 'string', minLength: 1 } },
    },
    products: {
      type: 'array',
      minItems: 1,
      items: {
        allOf: [
          componentRef('Product'),
          {
            type: 'object',
            required: ['link'],
            // A link is one URL path segment: /stores/{id}/products/{link}.
            properties: { link: { type: 'string', pattern: '^[A-Za-z0-9._~-]+$' } },
          },
        ],
      },
    },
  },
};

let validateCatalog: ReturnType<typeof compileWithComponents> | undefined;

/** Checks parsed JSON; the message names the first problem (a field path, or a duplicate id or link). */
export function parseCatalog(data: unknown, source = 'catalogue'): Catalog {
  validateCatalog ??= compileWithComponents(catalogSchema);
  if (!validateCatalog(data)) {
    throw new CatalogError(
      `Demo catalogue ${source} is invalid: ${describeValidationError(validateCatalog.errors, 'catalogue')}`,
    );
  }
  const catalog = data as Catalog;
  const duplicate = findDuplicate(catalog);
  if (duplicate) throw new CatalogError(`Demo catalogue ${source} is invalid: ${duplicate}`);
  return catalog;
}

function findDuplicate(catalog: Catalog): string | undefined {
  const links = new Set<string>();
  const ids = new Set<string>();
  for (const [i, product] of catalog.products.entries()) {
    if (links.has(product.link)) return `products[${i}].link "${product.link}" is used twice`;
    if (ids.has(product.id)) return `products[${i}].id "${product.id}" is used twice`;
    links.add(product.link);
    ids.add(product.id);
    const variantIds = new Set<string>();
    for (const [j, variant] of product.variants.entries()) {
      if (variantIds.has(variant.id)) return `products[${i}].variants[${j}].id "${variant.id}" is used twice`;
      variantIds.add(variant.id);
    }
  }
  return undefined;
}

/** Reads and checks a catalogue file; throws CatalogError with one line naming the file and the problem. */
export function loadCatalogFile(path: string = DEFAULT_CATALOG_PATH): Catalog {
  const file = resolve(path);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'it is a directory' : String(error);
    throw new CatalogError(`Demo catalogue ${file} cannot be read: ${reason}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CatalogError(`Demo catalogue ${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseCatalog(data, file);
}

/** The store answers to its id and to its domain (the storefront looks products up by domain). */
export function isStore(catalog: Catalog, idOrDomain: string): boolean {
  return catalog.store.id === idOrDomain || catalog.store.domain.toLowerCase() === idOrDomain.toLowerCase();
}

export function findProductById(catalog: Catalog, id: string): CatalogProduct | undefined {
  return catalog.products.find((p) => p.id === id);
}

export function findVariant(product: CatalogProduct, id: string): Variant | undefined {
  return product.variants.find((v) => v.id === id);
}
