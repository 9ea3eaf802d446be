// A content editor's mistake must stop the build with a message that names the file and the field. The test
// copies the project (src, public, config; node_modules linked package by package so Vite's cache stays in the
// copy), proves the untouched copy syncs, then breaks one Markdown file at a time and runs `astro build` on it.
// The build fails while loading content, before any page asks the backend for the product.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSections } from '../../src/components/content/sections.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let copy = '';

function astro(command: 'sync' | 'build'): { code: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), command], {
    cwd: copy,
    encoding: 'utf8',
    timeout: 50_000,
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: '1',
      NO_COLOR: '1',
      // Valid configuration, pointing nowhere: the build must fail on content before it fetches anything.
      API_BASE_URL: 'http://127.0.0.1:9/api/v1',
      PUBLIC_API_BASE_URL: '/api/v1',
      PUBLIC_STORE_ID: 'haven-home',
      PUBLIC_STORE_DOMAIN: 'haven-home.test',
      PUBLIC_PRODUCT_LINK: 'haven-cam-360',
      PUBLIC_PAYPAL_CLIENT_ID: 'demo-client-id',
      PUBLIC_PAYPAL_ENV: 'sandbox',
      SITE_URL: 'http://127.0.0.1:4321',
    },
  });
  // Astro colours its output unless told otherwise; strip escapes so the assertions read the plain text.
  const output = stripVTControlCharacters(`${run.stdout}\n${run.stderr}`);
  return { code: run.status, output };
}

/** Applies a broken edit to one file of the copy for the duration of `check`, then restores the file. */
function withEdit(relative: string, change: (text: string) => string, check: () => void): void {
  const file = join(copy, relative);
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  expect(after, `the edit of ${relative} changed nothing`).not.toBe(before);
  writeFileSync(file, after);
  try {
    check();
  } finally {
    writeFileSync(file, before);
  }
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'content-build-'));
  for (const entry of ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json']) {
    cpSync(join(root, entry), join(copy, entry), { recursive: true });
  }
  mkdirSync(join(copy, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name !== '.vite') symlinkSync(join(root, 'node_modules', name), join(copy, 'node_modules', name));
  }
  const control = astro('sync');
  expect(control.output).toContain('Synced content');
  expect(control.code, control.output).toBe(0);
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a malformed content entry fails the build', () => {
  it('names the file and the missing field', () => {
    withEdit(
      'src/content/faq/shipping-time.md',
      (text) => text.replace(/^question: .*\n/m, ''),
      () => {
        const { code, output } = astro('build');
        expect(code).not.toBe(0);
        expect(output).toContain('InvalidContentEntryDataError');
        expect(output).toContain('src/content/faq/shipping-time.md');
        expect(output).toMatch(/question.*Required/);
      },
    );
  });

  it('names the file, a bad anchor and a misspelt key', () => {
    const breakIt = (text: string) =>
      text.replace(/^anchor: shipping$/m, 'anchor: Shipping Policy').replace(/^title: /m, 'titel: Shipping\ntitle: ');
    withEdit('src/content/policy/shipping.md', breakIt, () => {
      const { code, output } = astro('build');
      expect(code).not.toBe(0);
      expect(output).toContain('src/content/policy/shipping.md');
      expect(output).toMatch(/anchor.*must be lowercase letters, digits and hyphens/);
      expect(output).toMatch(/titel/);
    });
  });
});

describe('a file the collections would not read fails the build', () => {
  it('names a .markdown file and says what to do', () => {
    const stray = join(copy, 'src/content/faq/return-window.markdown');
    writeFileSync(stray, '---\nquestion: How long do I have to return it?\ntopic: returns\norder: 99\n---\n30 days.\n');
    try {
      const { code, output } = astro('build');
      expect(code).not.toBe(0);
      expect(output).toContain(
        'src/content/faq/return-window.markdown: only .md files directly in src/content/faq are published',
      );
    } finally {
      rmSync(stray);
    }
  });
});

describe('orderSections', () => {
  const entry = (id: string, order: number, anchor?: string) => ({
    id,
    filePath: `src/content/policy/${id}.md`,
    data: anchor === undefined ? { order } : { order, anchor },
  });

  it('sorts by order', () => {
    const sorted = orderSections('policy', [entry('b', 20, 'b'), entry('a', 10, 'a'), entry('c', 30, 'c')]);
    expect(sorted.map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  it('rejects two files with the same anchor, naming both', () => {
    expect(() => orderSections('policy', [entry('one', 10, 'returns'), entry('two', 20, 'returns')])).toThrow(
      'src/content/policy/two.md: anchor "returns" is already used by src/content/policy/one.md',
    );
  });

  it('rejects two files with the same order, naming both', () => {
    expect(() => orderSections('faq', [entry('one', 10), entry('two', 10)])).toThrow(
      'src/content/policy/two.md: order 10 is already used by src/content/policy/one.md',
    );
  });
});
