// Fails when client/generated/schema.d.ts no longer matches client/openapi.yaml.
// It runs the very CLI that `npm run generate` runs (same flags, same redocly.yaml lookup, output to stdout instead
// of a file), so "fresh" means byte-identical to what a regeneration would write: no second formatter to drift.
// Usage: node scripts/check-generated.ts [spec] [generated]   (defaults: the committed pair)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = fileURLToPath(new URL('../node_modules/openapi-typescript/bin/cli.js', import.meta.url));
const [spec = 'client/openapi.yaml', generated = 'client/generated/schema.d.ts'] = parseArgs({
  allowPositionals: true,
}).positionals;

const run = spawnSync(process.execPath, [cli, spec], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (run.status !== 0) {
  console.error(`openapi-typescript failed on ${spec}:\n${run.stderr}`);
  process.exit(1);
}

let committed: string;
try {
  committed = readFileSync(new URL(generated, `file://${root}`), 'utf8');
} catch {
  console.error(`${generated} is missing: run npm run generate`);
  process.exit(1);
}

if (committed !== run.stdout) {
  const fresh = run.stdout.split('\n');
  const old = committed.split('\n');
  const line = fresh.findIndex((text, i) => text !== old[i]);
  const at = line === -1 ? old.length : line;
  console.error(`${generated} is stale: run npm run generate`);
  console.error(
    `  first difference at line ${at + 1}:\n  - ${old[at] ?? '<end of file>'}\n  + ${fresh[at] ?? '<end of file>'}`,
  );
  process.exit(1);
}
console.log(`${generated} is fresh.`);
