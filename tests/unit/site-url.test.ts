// SITE_URL is what every canonical URL, the sitemap, robots.txt and the Open Graph tags are built on: a build
// without it, or with something that is not an absolute URL, must stop with a message naming it instead of
// publishing links to this machine (README.md#configuration). The check runs before anything is fetched or written.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'site-url-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function build(siteUrl: string | undefined): { code: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' };
  delete env['SITE_URL'];
  if (siteUrl !== undefined) env['SITE_URL'] = siteUrl;
  const run = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', out], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env,
  });
  return { code: run.status, output: stripVTControlCharacters(`${run.stdout}\n${run.stderr}`) };
}

describe('astro build and SITE_URL', () => {
  it.each([
    [undefined, 'SITE_URL is missing: set it to the public origin of the site'],
    [
      'shop.example.com',
      'SITE_URL must be an absolute http(s) URL such as https://shop.example.com, got "shop.example.com"',
    ],
    ['ftp://shop.example.com', 'SITE_URL must be an absolute http(s) URL'],
  ])(
    'refuses SITE_URL=%s with a message naming it, writing nothing',
    (value, message) => {
      const run = build(value);
      expect(run.code).not.toBe(0);
      expect(run.output).toContain(message);
      expect(readdirSync(out)).toEqual([]);
    },
    70_000,
  );
});
