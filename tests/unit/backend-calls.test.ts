// docs/backend.md lists the backend calls the shop makes: this keeps the list equal to the calls in the code.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** Shipped code: the storefront and the beacon it sends through. */
function shipped(): string[] {
  const src = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|astro)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
  return [...src, join(ROOT, 'client/beacon.ts')];
}

function callsInCode(): string[] {
  const calls = new Set<string>();
  for (const file of shipped()) {
    const text = readFileSync(file, 'utf8');
    for (const [, method, path] of text.matchAll(/\.(GET|POST|PUT|PATCH|DELETE)\(\s*'([^']+)'/g))
      calls.add(`${method} ${path}`);
    // The beacon builds its URL itself.
    if (/\/analytics\/track\?storeId=/.test(text)) calls.add('POST /analytics/track');
  }
  return [...calls].sort();
}

function callsInDoc(): string[] {
  const doc = readFileSync(join(ROOT, 'docs/backend.md'), 'utf8');
  const rows = [...doc.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) (\/[^`]+)`/gm)];
  return rows.map(([, method, path]) => `${method} ${path}`).sort();
}

it('docs/backend.md lists exactly the calls the shop makes, each once', () => {
  const code = callsInCode();
  expect(code.length).toBeGreaterThan(7);
  expect(callsInDoc()).toEqual(code);
});
