// Turns the documented nginx configuration (docs/nginx/) into one that runs on loopback against a local dist/
// folder: only the listen addresses, the root and the certificate change, so what is checked is what the docs say.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const docs = fileURLToPath(new URL('../../docs/nginx/', import.meta.url));
export const SITE_CONF = `${docs}haven.conf`;
export const HEADERS_CONF = `${docs}haven-headers.conf`;

export interface LoopbackOptions {
  httpPort: number;
  httpsPort: number;
  distDir: string;
  certFile: string;
  keyFile: string;
  /** nginx before 1.25.1 has no `http2` directive: the docs say to put http2 on the listen line instead. */
  http2Directive: boolean;
}

/** Replaces `from` exactly `count` times, so a change in the docs that breaks the derivation is noticed. */
function replaceExactly(text: string, from: string | RegExp, to: string, count: number): string {
  const pattern = typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : from;
  const found = text.match(pattern)?.length ?? 0;
  if (found !== count) throw new Error(`docs/nginx/haven.conf: expected ${count} × ${String(from)}, found ${found}`);
  return text.replace(pattern, to);
}

export function loopbackSiteConf(text: string, o: LoopbackOptions): string {
  let out = text;
  out = replaceExactly(out, /^\s*listen \[::\]:(80|443 ssl);\n/gm, '', 2);
  out = replaceExactly(out, 'listen 80;', `listen 127.0.0.1:${o.httpPort};`, 1);
  out = replaceExactly(out, 'listen 443 ssl;', `listen 127.0.0.1:${o.httpsPort} ssl${o.http2Directive ? '' : ' http2'};`, 1);
  if (!o.http2Directive) out = replaceExactly(out, /^\s*http2 on;\n/gm, '', 1);
  out = replaceExactly(out, 'root /var/www/haven/dist;', `root ${o.distDir};`, 1);
  out = replaceExactly(out, /ssl_certificate\s+\S+;/g, `ssl_certificate ${o.certFile};`, 1);
  out = replaceExactly(out, /ssl_certificate_key\s+\S+;/g, `ssl_certificate_key ${o.keyFile};`, 1);
  return out;
}

/** A whole nginx.conf around the site, with every file nginx writes inside `prefix`. */
export function loopbackMainConf(prefix: string, runAsRoot: boolean): string {
  return [
    runAsRoot ? 'user root;' : '',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'worker_processes 1;',
    'events { worker_connections 64; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${prefix}/tmp-${t};`),
    '    include site.conf;',
    '}',
    '',
  ].join('\n');
}

/** "nginx version: nginx/1.22.1" -> whether `http2 on;` is understood (1.25.1 and later). */
export function hasHttp2Directive(versionOutput: string): boolean {
  const match = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(versionOutput);
  if (!match) return true;
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  return major > 1 || (major === 1 && (minor > 25 || (minor === 25 && patch >= 1)));
}

export const readDoc = (path: string) => readFileSync(path, 'utf8');
