// `npm run check-product`: exits 0 when the live product (and src/content) match the last build's manifest,
// 1 with a list of changes when a rebuild is needed, 2 when it cannot tell. It never rebuilds by itself.
// Usage and environment: scripts/check-product/args.ts, or `npm run check-product -- --help`.
import { fileURLToPath } from 'node:url';
import { checkProduct } from './check-product/run.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

process.exitCode = await checkProduct(
  process.argv.slice(2),
  process.env,
  { defaultManifest: `${root}dist/build.json`, contentDir: `${root}src/content` },
  { out: (line) => console.log(line), err: (line) => console.error(line) },
);
