// Builds the package for use outside this repository: JavaScript and declaration files in dist/, with the files the
// demo backend reads at run time (the contract, the seed catalogues) and a package.json whose exports point at them.
// Inside the repository the storefront imports the TypeScript sources directly (package.json's exports).
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const dist = `${dir}dist/`;
rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [fileURLToPath(import.meta.resolve('typescript/bin/tsc')), '-p', `${dir}tsconfig.build.json`],
  {
    stdio: 'inherit',
  },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
for (const file of [
  'README.md',
  'openapi.yaml',
  'generated/schema.d.ts',
  'mock/seed/catalog.json',
  'mock/fixtures/catalog.json',
]) {
  cpSync(`${dir}${file}`, `${dist}${file}`);
}

const source = JSON.parse(readFileSync(`${dir}package.json`, 'utf8')) as {
  exports: Record<string, string>;
  scripts?: unknown;
};
const built = (file: string) =>
  file.endsWith('.ts') ? { types: file.replace(/\.ts$/, '.d.ts'), default: file.replace(/\.ts$/, '.js') } : file;
const exports = Object.fromEntries(
  Object.entries(source.exports).map(([entry, file]) => [entry, built(file)] as const),
);
const { scripts: _, ...manifest } = source;
writeFileSync(`${dist}package.json`, `${JSON.stringify({ ...manifest, exports }, null, 2)}\n`);
console.log(`Built ${dist}`);
