// scripts/check-generated.ts must pass on the committed pair and fail, with the agreed message, once the spec moves.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// The project's Node 24 (the script is TypeScript run by type stripping), whatever Node runs vitest.
const node = join(root, 'node_modules/.bin/node');
const check = (...args: string[]) =>
  spawnSync(node, ['scripts/check-generated.ts', ...args], { cwd: root, encoding: 'utf8' });

describe('scripts/check-generated.ts', () => {
  it('accepts the committed generated types', () => {
    const run = check();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('fails with a clear message when openapi.yaml changed after generation', () => {
    const dir = mkdtempSync(join(tmpdir(), 'check-generated-'));
    const spec = join(dir, 'openapi.yaml');
    const source = readFileSync(join(root, 'client/openapi.yaml'), 'utf8');
    writeFileSync(spec, source.replace('summary: Get the current user', 'summary: Get the signed-in user'));
    const run = check(spec);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('client/generated/schema.d.ts is stale: run npm run generate');
    expect(run.stderr).toContain('Get the signed-in user');
  });
});
