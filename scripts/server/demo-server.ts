// One node:http server for everything `npm start` serves from one origin: the demo API (msw handlers), the
// demo images, the fake wallet SDK and the built site.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getResponse, type RequestHandler } from 'msw';
import { responseHeaders, type ResponseKind } from './headers.ts';
import { BodyTooLargeError, requestOrigin, toFetchRequest, writeFetchResponse } from './msw-adapter.ts';
import { resolveSiteFile, safeJoin } from './site-paths.ts';
import { FileSender } from './static-files.ts';
import { contentTypeFor } from './mime.ts';

export interface DemoServerOptions {
  handlers: RequestHandler[];
  imagesDir: string;
  sdkFile: string;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

type SiteState = { kind: 'none' } | { kind: 'building' } | { kind: 'ready'; dir: string };

export class PortInUseError extends Error {
  readonly host: string;
  readonly port: number;
  constructor(host: string, port: number) {
    super(`Port ${port} on ${host} is already in use.`);
    this.host = host;
    this.port = port;
  }
}

export class DemoServer {
  readonly #options: DemoServerOptions;
  readonly #files = new FileSender();
  readonly #server: Server;
  #site: SiteState = { kind: 'none' };
  #origin = '';

  constructor(options: DemoServerOptions) {
    this.#options = options;
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch((error: unknown) => {
        console.error('demo server: request failed:', error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Internal server error');
      });
    });
  }

  get origin(): string {
    return this.#origin;
  }

  /** Listens on host:port (port 0 picks a free one); rejects with PortInUseError when the port is taken. */
  listen(port: number, host = '127.0.0.1'): Promise<string> {
    return new Promise((resolvePromise, reject) => {
      const onError = (error: NodeJS.ErrnoException) => {
        reject(error.code === 'EADDRINUSE' ? new PortInUseError(host, port) : error);
      };
      this.#server.once('error', onError);
      this.#server.listen(port, host, () => {
        this.#server.off('error', onError);
        const address = this.#server.address() as AddressInfo;
        this.#origin = `http://${host}:${address.port}`;
        resolvePromise(this.#origin);
      });
    });
  }

  /** While building, site paths answer 503 so a browser opened early is told to wait, not shown a 404. */
  markBuilding(): void {
    this.#site = { kind: 'building' };
  }

  serveSite(distDir: string): void {
    this.#site = { kind: 'ready', dir: distDir };
    void this.#files.warm(distDir);
  }

  close(): Promise<void> {
    return new Promise((resolvePromise) => {
      if (!this.#server.listening) return resolvePromise();
      this.#server.close(() => resolvePromise());
      // Keep-alive connections from browsers would otherwise hold the process open.
      this.#server.closeAllConnections();
    });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { pathname } = url;
    if (pathname === '/api/v1' || pathname.startsWith('/api/v1/') || pathname.startsWith('/__demo/')) {
      return this.#api(req, res, pathname.startsWith('/api/v1') ? 'api' : 'demo');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return this.#text(res, 405, 'Method not allowed', pathname, 'asset', { Allow: 'GET, HEAD' });
    }
    if (pathname.startsWith('/demo-images/')) {
      const file = safeJoin(this.#options.imagesDir, pathname.slice('/demo-images'.length));
      if (file && (await this.#send(req, res, file, pathname, 'demo', REVALIDATE))) return;
      return this.#text(res, 404, 'Not found', pathname, 'demo');
    }
    if (pathname === '/demo-wallet/sdk.js') {
      if (await this.#send(req, res, this.#options.sdkFile, pathname, 'demo', REVALIDATE)) return;
      return this.#text(res, 404, 'Not found', pathname, 'demo');
    }
    return this.#page(req, res, pathname);
  }

  async #api(req: IncomingMessage, res: ServerResponse, kind: ResponseKind): Promise<void> {
    let request: Request;
    try {
      // The Host the client asked for, so absolute URLs in answers (images) point where it can reach them.
      request = await toFetchRequest(req, requestOrigin(req.headers.host, this.#origin, req.headers['x-forwarded-proto']));
    } catch (error) {
      if (error instanceof BodyTooLargeError) return this.#text(res, 413, error.message, req.url ?? '', kind);
      throw error;
    }
    const response = await getResponse(this.#options.handlers, request);
    if (!response) return this.#text(res, 404, 'Not found', request.url, kind);
    const pathname = new URL(request.url).pathname;
    const extra = responseHeaders({ pathname, contentType: response.headers.get('content-type') ?? undefined, kind });
    await writeFetchResponse(res, response, { 'Cache-Control': 'no-store', ...extra }, req.method === 'HEAD');
  }

  async #page(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const site = this.#site;
    if (site.kind === 'building') {
      return this.#text(res, 503, 'The storefront is being built. Reload in a few seconds.', pathname, 'page', {
        'Retry-After': '5',
      });
    }
    if (site.kind === 'none') return this.#text(res, 404, 'Not found', pathname, 'page');
    const file = await resolveSiteFile(site.dir, pathname);
    // Hashed build output never changes under the same name; everything else must be revalidated.
    const cache = pathname.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE;
    if (file && (await this.#send(req, res, file, pathname, file.endsWith('.html') ? 'page' : 'asset', cache))) return;
    const notFound = join(site.dir, '404.html');
    const headers = responseHeaders({ pathname, contentType: contentTypeFor(notFound), kind: 'page' });
    if (await this.#files.send(req, res, notFound, { status: 404, cacheControl: REVALIDATE, headers })) return;
    return this.#text(res, 404, 'Not found', pathname, 'page');
  }

  #send(
    req: IncomingMessage,
    res: ServerResponse,
    file: string,
    pathname: string,
    kind: ResponseKind,
    cacheControl: string,
  ): Promise<boolean> {
    const headers = responseHeaders({ pathname, contentType: contentTypeFor(file), kind });
    return this.#files.send(req, res, file, { cacheControl, headers });
  }

  #text(
    res: ServerResponse,
    status: number,
    text: string,
    pathname: string,
    kind: ResponseKind,
    extra: Record<string, string> = {},
  ): void {
    const contentType = 'text/plain; charset=utf-8';
    res.writeHead(status, {
      ...responseHeaders({ pathname, contentType, kind }),
      ...extra,
      'Content-Type': contentType,
      'Cache-Control': REVALIDATE,
    });
    res.end(text);
  }
}
