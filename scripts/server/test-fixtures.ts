// A tiny built site for the server tests, shaped like Astro's output with build.format 'file'.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Large enough to be worth compressing (the server skips files under 1 KiB). */
// Code-like text (not one repeated letter), so the compression level shows in the size on the wire.
export const FIXTURE_JS =
  Array.from(
    { length: 300 },
    (_, i) =>
      `export const value${i} = ${(i * 7919) % 1013} + ${JSON.stringify('abcdefghijklmnop'.slice(i % 16) + i.toString(36))};`,
  ).join('\n') + '\n';

export function makeFixtureDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'demo-dist-'));
  mkdirSync(join(dir, '_astro'));
  mkdirSync(join(dir, 'links'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Home</title><h1>Fixture home</h1>');
  writeFileSync(join(dir, 'support.html'), '<!doctype html><title>Support</title><h1>Fixture support</h1>');
  writeFileSync(join(dir, 'links', 'index.html'), '<!doctype html><title>Links</title><h1>Fixture links</h1>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Oops! Page not found</title><h1>Fixture 404</h1>');
  writeFileSync(join(dir, '_headers'), '/*\n  X-Frame-Options: DENY\n');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, '_astro', 'app.Ab12Cd34.js'), FIXTURE_JS);
  return dir;
}
