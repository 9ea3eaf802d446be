// .env.example names every variable the build, `npm start`, the tools and the rebuild workflow read, each with a
// line saying what it is, and nothing they do not read.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WALLET_PAGES } from '../../src/build/index.ts';

const ROOT = join(import.meta.dirname, '../..');

/**
 * Set by the tools for their own children, by npm, by the build (Vite's BASE_URL, SITE_URL's path) or by a host's build
 * (Netlify, Vercel): nobody sets them by hand.
 */
const INTERNAL = new Set([
  'BASE_URL',
  'CONTENT_ROOT',
  'GIT_REPO_DIRECTORY',
  'INIT_CWD',
  'REPOSITORY_URL',
  'VERCEL_GIT_PROVIDER',
  'VERCEL_GIT_REPO_OWNER',
  'VERCEL_GIT_REPO_SLUG',
]);

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter(
      (e) =>
        e.isFile() &&
        /\.(ts|tsx|mjs|astro)$/.test(e.name) &&
        !/\.(test|spec|support)\.ts$/.test(e.name) &&
        !e.parentPath.includes('node_modules') &&
        !e.parentPath.includes('/dist'),
    )
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

function variablesRead(): Set<string> {
  const names = new Set<string>();
  const files = ['astro.config.mjs', ...sources('src'), ...sources('scripts'), ...sources('client')];
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const [, dotted, indexed] of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g))
      names.add((dotted ?? indexed) as string);
  }
  // astro:env's schema, and the wallets' settings it is built from.
  const config = readFileSync(join(ROOT, 'astro.config.mjs'), 'utf8');
  for (const [, name] of config.matchAll(/^\s+([A-Z][A-Z0-9_]+): envField\./gm)) names.add(name as string);
  for (const wallet of WALLET_PAGES) {
    for (const setting of wallet.settings) names.add(setting.name);
    names.add(wallet.sdkUrlSetting);
    names.add(wallet.recommended.setting);
  }
  const workflow = readFileSync(join(ROOT, '.github/workflows/rebuild.yml'), 'utf8');
  for (const [, name] of workflow.matchAll(/\b(?:vars|secrets)\.([A-Z][A-Z0-9_]+)/g)) names.add(name as string);
  for (const name of INTERNAL) names.delete(name);
  return names;
}

const example = readFileSync(join(ROOT, '.env.example'), 'utf8').split('\n');
/** NAME=… or, for what is not read from the file, # NAME=…, each with the line above it. */
const listed = example.flatMap((line, index) => {
  const name = /^(?:# )?([A-Z][A-Z0-9_]+)=/.exec(line)?.[1];
  return name ? [{ name, above: example[index - 1] ?? '' }] : [];
});

describe('.env.example', () => {
  it('lists every variable the code and the workflow read, and no other', () => {
    const read = variablesRead();
    expect(read.size).toBeGreaterThan(15);
    expect(listed.map((v) => v.name).sort()).toEqual([...read].sort());
  });

  it('says what each one is, in a comment line above it', () => {
    for (const { name, above } of listed) expect(above, name).toMatch(/^# (?![A-Z][A-Z0-9_]+=)\S.{10,}/);
  });

  it('lists each once', () => {
    const names = listed.map((v) => v.name);
    expect(names).toEqual([...new Set(names)]);
  });
});
