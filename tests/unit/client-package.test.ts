// The backend client as another project gets it: built, packed with npm pack, installed from the tarball into a
// scratch project outside this repository, type-checked there with plain tsc, and run against the demo backend
// through its ./mock entry. npm installs offline, from the cache the repository's own install filled.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'client-consumer-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 120_000, ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${String(result.stdout)}${String(result.stderr)}`);
  return String(result.stdout);
}

const manifest = () =>
  JSON.parse(readFileSync(join(scratch, 'node_modules/@haven/commerce-client/package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
  };

beforeAll(() => {
  run(process.execPath, [join(root, 'client/build.ts')]);
  run(npm, ['pack', './client/dist', '--pack-destination', scratch, '--silent'], { cwd: root });
  const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  cpSync(join(root, 'tests/fixtures/client-consumer'), scratch, { recursive: true });
  // The consumer's dependencies are this repository's installed copies (file: links), so npm never needs the network.
  const local = (name: string) => `file:${join(root, 'node_modules', name)}`;
  const consumer = {
    name: 'client-consumer',
    private: true,
    type: 'module',
    dependencies: { '@haven/commerce-client': `file:./${tarball}`, msw: local('msw') },
    overrides: Object.fromEntries(['openapi-fetch', 'ajv', 'ajv-formats', 'yaml'].map((name) => [name, local(name)])),
  };
  writeFileSync(join(scratch, 'package.json'), JSON.stringify(consumer, null, 2));
  run(npm, ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
    cwd: scratch,
  });
}, 240_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('@haven/commerce-client, installed from its tarball', () => {
  it('ships JavaScript and declarations only, with the mock apart from the main entry', () => {
    const files = readdirSync(join(scratch, 'node_modules/@haven/commerce-client'), { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining(['index.js', 'index.d.ts', 'mock/index.js', 'README.md', 'openapi.yaml']),
    );
    expect(manifest().exports['.']).toEqual({ types: './index.d.ts', default: './index.js' });
    const main = readFileSync(join(scratch, 'node_modules/@haven/commerce-client/index.js'), 'utf8');
    expect(main).not.toMatch(/mock/);
  });

  it('type-checks a consumer with plain tsc', () => {
    run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', scratch]);
  });

  it('refuses a consumer that gets a path parameter wrong', () => {
    const wrong = readFileSync(join(scratch, 'consumer.ts'), 'utf8').replace(
      "link: 'haven-cam-360'",
      "slug: 'haven-cam-360'",
    );
    cpSync(join(scratch, 'consumer.ts'), join(scratch, 'consumer.orig.ts'));
    try {
      writeFileSync(join(scratch, 'consumer.ts'), wrong);
      const check = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', scratch], {
        encoding: 'utf8',
      });
      expect(check.status).not.toBe(0);
      expect(check.stdout).toMatch(/consumer\.ts\(\d+,\d+\): error TS\d+:.*slug/);
    } finally {
      cpSync(join(scratch, 'consumer.orig.ts'), join(scratch, 'consumer.ts'));
    }
  });

  it('runs the consumer against the demo backend of the ./mock entry', () => {
    const line = run(process.execPath, ['consumer.ts'], { cwd: scratch }).trim().split('\n').at(-1)!;
    expect(JSON.parse(line)).toEqual({
      product: 'Haven Cam 360 — 2K Smart Home Security Camera',
      sameOrder: true,
      withoutToken: 'ApiError 401 UNAUTHORIZED',
      unknownOrder: 'ApiError 404 ORDER_NOT_FOUND',
      collection: 'ApiError 404 NOT_FOUND',
      signedOut: 0,
    });
  });
});
