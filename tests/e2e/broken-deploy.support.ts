// Deploys of the e2e run's dist/ as a careless host or setup might serve them, on loopback ports of their own, for
// the check-deploy tests: without the security headers, with a rewritten page policy, a different wallet SDK, a
// stale build.json, calling a cross-origin API, or behind a certificate browsers refuse. Demo paths (/api/v1, the wallet SDK, demo images) are
// forwarded to the `npm start` server the run already has, which keeps the state and the catalogue.
import { readFileSync, statSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fingerprintProduct, serializeManifest, type BuildManifest } from '../../src/build/fingerprint.ts';
import { parseManifest } from '../../scripts/check-product/manifest.ts';
import { lookup } from 'mrmime';
import { pageHeaders, SECURITY_HEADERS } from '../../scripts/server/headers.ts';
import { makeLoopbackCertificate } from '../../scripts/bench/tls-front.ts';

export interface Running {
  url: string;
  close(): Promise<void>;
}

export interface DeployOptions {
  /** Send no security headers, as a host without the _headers rules would. */
  noSecurityHeaders?: boolean;
  /** Rewrites the content of every page's <meta> Content-Security-Policy. */
  policy?: (policy: string) => string;
  /** Rewrites the wallet SDK's script. */
  sdk?: (source: string) => string;
  /** Changes the published build.json; its fingerprint is made to match, as a real older build's would. */
  manifest?: (manifest: BuildManifest) => BuildManifest;
  /**
   * The API the pages call from the browser: what a build with PUBLIC_API_BASE_URL set to it differs in (the
   * config chunk, connect-src and img-src, build.json).
   */
  apiBaseUrl?: string;
}

const FORWARDED = /^\/(api\/v1(\/|$)|__demo\/|demo-wallet\/|demo-images\/)/;
// The browser's API address as the bundler writes it (the demo's build has it once, in the app chunk).
const CONFIG_API = '`/api/v1`';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

async function body(req: IncomingMessage): Promise<Buffer | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The upstream's answer to the same request; fetch has decoded the body, so its encoding headers go. */
async function forward(
  req: IncomingMessage,
  upstream: string,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string' && !['host', 'connection', 'origin', 'accept-encoding'].includes(name))
      headers[name] = value;
  }
  const data = await body(req);
  const response = await fetch(`${upstream}${req.url}`, {
    method: req.method ?? 'GET',
    headers,
    ...(data ? { body: new Uint8Array(data) } : {}),
  });
  const out: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
  });
  return { status: response.status, headers: out, body: Buffer.from(await response.arrayBuffer()) };
}

function withOrigin(policy: string, directive: string, origin: string): string {
  return policy.replace(new RegExp(`(${directive} [^;]*)`), `$1 ${origin}`);
}

/** Serves `dist` the way the options say, forwarding demo paths to `upstream`. */
export async function serveDeploy(
  dist: string,
  upstream: string,
  options: DeployOptions = {},
): Promise<Running & { rewrites: Set<string> }> {
  const rewrites = new Set<string>();
  const apiOrigin = options.apiBaseUrl ? new URL(options.apiBaseUrl).origin : undefined;
  const policy = (text: string) => {
    let out = apiOrigin ? withOrigin(withOrigin(text, 'connect-src', apiOrigin), 'img-src', apiOrigin) : text;
    out = options.policy ? options.policy(out) : out;
    if (out !== text) rewrites.add('policy');
    return out;
  };
  const transform = (pathname: string, text: string): string => {
    if (pathname.endsWith('.html')) {
      return text.replace(
        /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i,
        (_, a: string, p: string, b: string) => a + policy(p) + b,
      );
    }
    if (pathname === '/build.json') {
      let manifest = parseManifest(text, 'build.json');
      if (options.manifest) {
        const changed = options.manifest(manifest);
        const { fingerprint: _, ...figures } = changed.product;
        manifest = { ...changed, product: fingerprintProduct(figures) };
        rewrites.add('manifest');
      }
      if (options.apiBaseUrl)
        manifest = {
          ...manifest,
          browser: { walletCsp: 'strict', ...manifest.browser, apiBaseUrl: options.apiBaseUrl },
        };
      return serializeManifest(manifest);
    }
    if (options.apiBaseUrl && pathname.startsWith('/_astro/') && text.includes(CONFIG_API)) {
      rewrites.add('config');
      return text.replaceAll(CONFIG_API, `\`${options.apiBaseUrl}\``);
    }
    return text;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error));
    });
  });
  const security = options.noSecurityHeaders ? {} : SECURITY_HEADERS;
  /** The built file for a path, as a static host maps pretty URLs (/support is support.html). */
  const siteFile = (pathname: string): string | undefined => {
    const bare = pathname.replace(/\/$/, '') || '/index';
    return [bare, `${bare}.html`]
      .map((name) => join(dist, name))
      .find((file) => file.startsWith(dist) && statSync(file, { throwIfNoEntry: false })?.isFile());
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (FORWARDED.test(pathname)) {
      const answer = await forward(req, upstream);
      let out = answer.body;
      if (options.sdk && pathname === '/demo-wallet/sdk.js') {
        out = Buffer.from(options.sdk(out.toString('utf8')));
        rewrites.add('sdk');
      }
      res.writeHead(answer.status, answer.headers);
      res.end(out);
      return;
    }
    const file = siteFile(pathname) ?? join(dist, '404.html');
    const status = file.endsWith('/404.html') && pathname !== '/404' ? 404 : 200;
    const type = lookup(file) ?? 'application/octet-stream';
    const text = /^(text\/|application\/json)/.test(type)
      ? transform(file.slice(dist.length), await readFile(file, 'utf8'))
      : undefined;
    res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-cache', ...security, ...pageHeaders(pathname) });
    res.end(text ?? (await readFile(file)));
  }

  const url = await listen(server);
  return { url, close: closer(server), rewrites };
}

export interface CorsProxy extends Running {
  /** Its CORS answer, changeable between runs: the origin it allows and what Access-Control-Allow-Headers lists. */
  allowOrigin: string;
  allowHeaders: string;
  /** Method and path of every request a browser (not Node) sent it. */
  fromBrowser: string[];
}

/** An API on its own origin: the demo API behind a CORS answer (allowOrigin is set once the site listens). */
export async function serveCorsProxy(upstream: string, allowHeaders: string): Promise<CorsProxy> {
  const proxy: CorsProxy = { allowHeaders, allowOrigin: '', fromBrowser: [], url: '', close: async () => {} };
  const server = createServer((req, res) => {
    void (async () => {
      if (/HeadlessChrome/.test(req.headers['user-agent'] ?? '')) proxy.fromBrowser.push(`${req.method} ${req.url}`);
      const cors = { 'Access-Control-Allow-Origin': proxy.allowOrigin, Vary: 'Origin' };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          ...cors,
          'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
          'Access-Control-Allow-Headers': proxy.allowHeaders,
          'Access-Control-Max-Age': '0',
        });
        res.end();
        return;
      }
      const answer = await forward(req, upstream);
      res.writeHead(answer.status, { ...answer.headers, ...cors });
      res.end(answer.body);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(error));
    });
  });
  proxy.url = await listen(server);
  proxy.close = closer(server);
  return proxy;
}

/**
 * A host whose certificate a browser refuses (self-signed, made with openssl for the run): no page can be loaded, and
 * behind it is dist/ served as it should be, so nothing but the TLS stands in the way.
 */
export async function serveRefusedTls(dist: string, upstream: string, certDir: string): Promise<Running> {
  const inner = await serveDeploy(dist, upstream);
  const { cert, key } = makeLoopbackCertificate(certDir);
  const server = createHttpsServer({ cert: readFileSync(cert), key: readFileSync(key) }, (req, res) => {
    void forward(req, inner.url).then(
      (answer) => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      },
      (error: unknown) => {
        res.writeHead(502);
        res.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = closer(server);
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await close();
      await inner.close();
    },
  };
}
