// What a static host must answer for the built site (docs/deploy.md): the cache rules of `npm start` (hashed
// assets immutable for a year, everything else revalidated), the security headers of every answer, the site's
// own 404 page with status 404, compression, and one URL per page.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:https';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:tls';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SECURITY_HEADERS } from '../server/headers.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface Target {
  httpsOrigin: string;
  httpOrigin: string;
  distDir: string;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const send = url.startsWith('https:') ? request : httpRequest;
  return new Promise((resolve, reject) => {
    // A self-signed certificate on loopback: the checks are about what the server answers, not who it is.
    const req = send(url, { headers, rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function negotiatesHttp2(origin: string): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), ALPNProtocols: ['h2', 'http/1.1'], rejectUnauthorized: false }, () => {
      resolve(socket.alpnProtocol === 'h2');
      socket.end();
    });
    socket.on('error', reject);
  });
}

export interface CheckResult {
  name: string;
  problems: string[];
}

function expectHeaders(a: Answer, expected: Record<string, string | RegExp>): string[] {
  const problems: string[] = [];
  for (const [name, want] of Object.entries(expected)) {
    const got = a.headers[name.toLowerCase()];
    const value = Array.isArray(got) ? got.join(', ') : got;
    const ok = value !== undefined && (typeof want === 'string' ? value === want : want.test(value));
    if (!ok) problems.push(`${name}: expected ${String(want)}, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`);
  }
  return problems;
}

function expectStatus(a: Answer, status: number): string[] {
  return a.status === status ? [] : [`status: expected ${status}, got ${a.status}`];
}

/** The largest file with that extension: big enough to be compressed. */
function largestFile(dir: string, ext: string): string | undefined {
  const files = readdirSync(dir).filter((f) => f.endsWith(ext));
  return files.sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size || a.localeCompare(b))[0];
}

export async function probeSite(t: Target): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const check = async (name: string, run: () => Promise<string[]>) => {
    try {
      results.push({ name, problems: await run() });
    } catch (error) {
      results.push({ name, problems: [`request failed: ${String(error)}`] });
    }
  };
  const page = { 'Content-Type': /^text\/html; charset=utf-8$/i, 'Cache-Control': REVALIDATE, ETag: /./, ...SECURITY_HEADERS };
  const notFoundPage = readFileSync(join(t.distDir, '404.html'));
  const assets = join(t.distDir, '_astro');
  const js = largestFile(assets, '.js');
  const css = largestFile(assets, '.css');
  const webp = largestFile(assets, '.webp');

  for (const path of ['/', '/support', '/policy']) {
    await check(`GET ${path}: the page, revalidated, with the security headers`, async () => {
      const a = await get(`${t.httpsOrigin}${path}`);
      return [...expectStatus(a, 200), ...expectHeaders(a, page)];
    });
  }
  await check('GET /support/: permanent redirect to /support', async () => {
    const a = await get(`${t.httpsOrigin}/support/?variant=x`);
    return [...expectStatus(a, 301), ...expectHeaders(a, { Location: '/support?variant=x', ...SECURITY_HEADERS })];
  });
  for (const [file, type] of [[js, /^application\/javascript/], [css, /^text\/css/], [webp, /^image\/webp$/]] as const) {
    await check(`GET /_astro/${file}: immutable for a year`, async () => {
      if (!file) return ['no such file in dist/_astro'];
      const a = await get(`${t.httpsOrigin}/_astro/${file}`);
      return [...expectStatus(a, 200), ...expectHeaders(a, { 'Content-Type': type, 'Cache-Control': IMMUTABLE, ...SECURITY_HEADERS })];
    });
  }
  await check('GET /build.json: JSON, revalidated', async () => {
    const a = await get(`${t.httpsOrigin}/build.json`);
    return [...expectStatus(a, 200), ...expectHeaders(a, { 'Content-Type': /^application\/json/, 'Cache-Control': REVALIDATE })];
  });
  for (const path of ['/no-such-page', '/_astro/missing.js', '/_headers']) {
    await check(`GET ${path}: the site's 404 page with status 404`, async () => {
      const a = await get(`${t.httpsOrigin}${path}`);
      const same = a.body.equals(notFoundPage) ? [] : ['body is not dist/404.html'];
      return [...expectStatus(a, 404), ...same, ...expectHeaders(a, { ...page, ETag: /./ })];
    });
  }
  await check('GET / with its ETag: 304 Not Modified', async () => {
    const first = await get(`${t.httpsOrigin}/`);
    const again = await get(`${t.httpsOrigin}/`, { 'If-None-Match': String(first.headers['etag']) });
    return expectStatus(again, 304);
  });
  await check('GET a script with Accept-Encoding: gzip: compressed', async () => {
    const a = await get(`${t.httpsOrigin}/_astro/${js}`, { 'Accept-Encoding': 'gzip' });
    const original = readFileSync(join(assets, js ?? ''));
    const intact = gunzipSync(a.body).equals(original) ? [] : ['gunzipped body differs from the file'];
    return [...expectHeaders(a, { 'Content-Encoding': 'gzip', Vary: /Accept-Encoding/ }), ...intact];
  });
  await check('HTTPS negotiates HTTP/2', async () => ((await negotiatesHttp2(t.httpsOrigin)) ? [] : ['ALPN chose http/1.1']));
  await check('plain HTTP redirects to HTTPS', async () => {
    const a = await get(`${t.httpOrigin}/support?x=1`);
    return [...expectStatus(a, 301), ...expectHeaders(a, { Location: /^https:\/\/[^/]+\/support\?x=1$/ })];
  });
  return results;
}
