import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A written build: app, product, a chunk loaded on use and a stylesheet. */
function written() {
  const dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  dirs.push(dir);
  mkdirSync(join(dir, '_astro'));
  const files = {
    '_astro/app.abc.js': 'const __vite__mapDeps=1;export{a};',
    '_astro/product.def.js': 'export function b(){}',
    '_astro/CartDrawer.ghi.js': 'export default function c(){}',
    '_astro/Base.jkl.css': 'body{}',
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  const bundle = {
    '_astro/app.abc.js': { type: 'chunk' as const, name: 'app', fileName: '_astro/app.abc.js' },
    '_astro/product.def.js': { type: 'chunk' as const, name: 'product', fileName: '_astro/product.def.js' },
    '_astro/CartDrawer.ghi.js': { type: 'chunk' as const, name: 'CartDrawer', fileName: '_astro/CartDrawer.ghi.js' },
    '_astro/Base.jkl.css': { type: 'asset' as const, fileName: '_astro/Base.jkl.css' },
  };
  const read = (file: keyof typeof files) => readFileSync(join(dir, file), 'utf8');
  return { dir, files, bundle, read };
}

describe('compileHints', () => {
  it("opens the named chunks of the browser's build with the hint, before what Vite put on top", () => {
    const { dir, files, bundle, read } = written();
    compileHints(/^(app|product)$/).writeBundle.call({ environment: { name: 'client' } }, { dir }, bundle);
    expect(read('_astro/app.abc.js')).toBe(`${COMPILE_HINT}\n${files['_astro/app.abc.js']}`);
    expect(read('_astro/product.def.js')).toBe(`${COMPILE_HINT}\n${files['_astro/product.def.js']}`);
    expect(read('_astro/CartDrawer.ghi.js')).toBe(files['_astro/CartDrawer.ghi.js']);
    expect(read('_astro/Base.jkl.css')).toBe(files['_astro/Base.jkl.css']);
  });

  it('leaves the server and prerender builds alone', () => {
    const { dir, files, bundle, read } = written();
    for (const name of ['ssr', 'prerender'])
      compileHints(/^app$/).writeBundle.call({ environment: { name } }, { dir }, bundle);
    expect(read('_astro/app.abc.js')).toBe(files['_astro/app.abc.js']);
  });

  it('writes the hint once when a chunk already has it', () => {
    const { dir, bundle, read } = written();
    const plugin = compileHints(/^app$/);
    plugin.writeBundle.call({ environment: { name: 'client' } }, { dir }, bundle);
    plugin.writeBundle.call({ environment: { name: 'client' } }, { dir }, bundle);
    expect(read('_astro/app.abc.js').split(COMPILE_HINT)).toHaveLength(2);
  });
});
