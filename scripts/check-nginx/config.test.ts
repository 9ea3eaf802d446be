// The nginx recipe without nginx: the documented files say what `npm start` says, docs/deploy.md shows them as
// they are, and the loopback derivation used by scripts/check-nginx.ts changes only what it must.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../server/headers.ts';
import { IMMUTABLE } from '../server/demo-server.ts';
import { hasHttp2Directive, HEADERS_CONF, loopbackSiteConf, readDoc, SITE_CONF } from './config.ts';

const site = readDoc(SITE_CONF);
const headers = readDoc(HEADERS_CONF);
const options = { httpPort: 4741, httpsPort: 4740, distDir: '/tmp/dist', certFile: '/tmp/c.pem', keyFile: '/tmp/k.pem' };

describe('docs/nginx', () => {
  it('sends the security headers of npm start, on every answer', () => {
    const sent = Object.fromEntries(
      [...headers.matchAll(/^add_header (\S+) (["'])(.*)\2 always;$/gm)].map((m) => [m[1], m[3]]),
    );
    expect(sent).toEqual(SECURITY_HEADERS);
  });

  it('caches hashed assets like npm start and revalidates everything else', () => {
    expect(site).toContain(`add_header Cache-Control "${IMMUTABLE}" always;`);
    expect(site.match(/add_header Cache-Control "no-cache" always;/g)).toHaveLength(2);
    // Every location with its own add_header must repeat the security headers (nginx does not merge them).
    const locations = site.split(/\n\s*location /).slice(1);
    for (const block of locations.filter((b) => b.includes('add_header'))) {
      expect(block).toContain('include snippets/haven-headers.conf;');
    }
  });

  it('is shown unchanged in docs/deploy.md', () => {
    const guide = readFileSync(fileURLToPath(new URL('../../docs/deploy.md', import.meta.url)), 'utf8');
    expect(guide).toContain(`\`\`\`nginx\n${headers}\`\`\``);
    expect(guide).toContain(`\`\`\`nginx\n${site}\`\`\``);
  });
});

describe('loopbackSiteConf', () => {
  it('changes only listen addresses, root and certificate (nginx 1.25.1 and later)', () => {
    const out = loopbackSiteConf(site, { ...options, http2Directive: true });
    expect(out).toContain('listen 127.0.0.1:4741;');
    expect(out).toContain('listen 127.0.0.1:4740 ssl;');
    expect(out).toContain('http2 on;');
    expect(out).toContain('root /tmp/dist;');
    expect(out).toContain('ssl_certificate /tmp/c.pem;');
    expect(out).toContain('ssl_certificate_key /tmp/k.pem;');
    const directives = out.replace(/^\s*#.*$/gm, '');
    expect(directives).not.toMatch(/\[::\]|\/var\/www|letsencrypt/);
    const strip = (text: string) => text.split('\n').filter((l) => !/listen|root|ssl_certificate/.test(l)).join('\n');
    expect(strip(out)).toBe(strip(site));
  });

  it('moves http2 onto the listen line for older nginx, as the docs say', () => {
    const out = loopbackSiteConf(site, { ...options, http2Directive: false });
    expect(out).toContain('listen 127.0.0.1:4740 ssl http2;');
    expect(out.replace(/^\s*#.*$/gm, '')).not.toContain('http2 on;');
  });

  it('notices when the docs no longer have what it replaces', () => {
    expect(() => loopbackSiteConf(site.replace('root /var/www/haven/dist;', 'root /srv/shop;'), { ...options, http2Directive: true })).toThrow(
      'expected 1 × root /var/www/haven/dist;, found 0',
    );
  });
});

describe('hasHttp2Directive', () => {
  it.each([
    ['nginx version: nginx/1.22.1', false],
    ['nginx version: nginx/1.25.0', false],
    ['nginx version: nginx/1.25.1', true],
    ['nginx version: nginx/1.26.3', true],
    ['nginx version: nginx/2.0.0', true],
  ])('%s -> %s', (text, expected) => {
    expect(hasHttp2Directive(text)).toBe(expected);
  });
});
