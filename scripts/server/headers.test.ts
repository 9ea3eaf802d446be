import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILES, IMMUTABLE, SECURITY_HEADERS } from './headers.ts';

describe('generated header files', () => {
  it.each(Object.entries(GENERATED_FILES))(
    '%s matches scripts/server/headers.ts (npm run generate:headers)',
    (path, render) => {
      expect(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')).toBe(render());
    },
  );

  it('gives static hosts every security header for every path, and a year of caching for hashed files only', () => {
    const text = GENERATED_FILES['public/_headers']();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(text).toContain(`\n  ${name}: ${value}\n`);
    expect(text).toMatch(new RegExp(`\\n/_astro/\\*\\n  Cache-Control: ${IMMUTABLE}\\n$`));
  });

  it('gives /thank-you its No-Vary-Search on static hosts, beside the headers of every path', () => {
    const text = GENERATED_FILES['public/_headers']();
    expect(text).toContain(`\n\n/thank-you\n  No-Vary-Search: params=("orderId")\n`);
  });

  it('gives Vercel the build, clean URLs, every security header for every path, and the same caching', () => {
    const config = JSON.parse(GENERATED_FILES['vercel.json']()) as {
      buildCommand: string;
      outputDirectory: string;
      cleanUrls: boolean;
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    expect(config).toMatchObject({ buildCommand: 'npm run build', outputDirectory: 'dist', cleanUrls: true });
    const of = (source: string) =>
      Object.fromEntries(config.headers.find((h) => h.source === source)!.headers.map((h) => [h.key, h.value]));
    expect(of('/(.*)')).toEqual(SECURITY_HEADERS);
    expect(of('/thank-you')).toEqual({ 'No-Vary-Search': 'params=("orderId")' });
    expect(of('/_astro/(.*)')).toEqual({ 'Cache-Control': IMMUTABLE });
  });

  it('quotes each value for nginx so that it survives as one argument', () => {
    const text = GENERATED_FILES['docs/nginx/haven-headers.conf']();
    expect(text).toContain(`add_header Permissions-Policy '${SECURITY_HEADERS['Permissions-Policy']}' always;`);
    expect(text).toContain(`add_header Content-Security-Policy "frame-ancestors 'none'" always;`);
    expect(text.match(/^add_header /gm)).toHaveLength(Object.keys(SECURITY_HEADERS).length);
  });
});
