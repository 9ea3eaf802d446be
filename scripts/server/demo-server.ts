// One node:http server for everything `npm start` serves from one origin: the demo API (msw handlers), the
// demo images, the fake wallet SDK and the built site.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { getResponse, type RequestHandler } from 'msw';
import sirv from 'sirv';
import { withinBase } from '../../src/build/index.ts';
import { IMMUTABLE, pageHeaders, REVALIDATE, SECURITY_HEADERS } from './headers.ts';
import { BodyTooLargeError, requestOrigin, toFetchRequest, writeFetchResponse } from './msw-adapter.ts';
import { precompress } from './precompress.ts';

export interface DemoServerOptions {
  handlers: RequestHandler[];
  imagesDir: string;
  sdkFile: string;
  /** The content editor's local proxy (editor-proxy.ts), answering /admin/api/v1. */
  editorProxy?: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  /** The site's base path, as built ('' at the root): the site and its editor answer under it, the rest at the root. */
  base?: string | undefined;
}

export { IMMUTABLE, REVALIDATE };

type Files = ReturnType<typeof sirv>;
type SiteState = { kind: 'none' } | { kind: 'building' } | { kind: 'ready'; dir: string; files: Files };

/** Where the content editor's local proxy answers in the site (src/features/editor/editor.ts calls it). */
const EDITOR_PROXY_PATH = '/admin/api/v1';

/** Instructions to a host in the build (public/_headers), not content: a host that does not read them hides them. */
const HOST_FILES = new Set(['/_headers', '/_redirects']);

/**
 * Serves `dir` with ETags, and the .br or .gz file beside the original when the browser accepts it. Files are
 * looked up on disk per request (`dev`), so a file written while the server runs is served too.
 */
const staticFiles = (dir: string): Files =>
  sirv(dir, { dev: true, etag: true, brotli: true, gzip: true, extensions: ['html'] });

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
  readonly #images: Files;
  readonly #wallet: Files;
  readonly #server: Server;
  #site: SiteState = { kind: 'none' };
  #origin = '';

  constructor(options: DemoServerOptions) {
    this.#options = options;
    this.#images = staticFiles(options.imagesDir);
    this.#wallet = staticFiles(dirname(options.sdkFile));
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

  /** Serves the built site, once its text files are compressed. */
  async serveSite(distDir: string): Promise<void> {
    await precompress(distDir);
    this.#site = { kind: 'ready', dir: distDir, files: staticFiles(distDir) };
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
    // Joined, not resolved: a path such as '//' is a path here, not a host.
    const { pathname, search } = new URL(`http://localhost${req.url ?? '/'}`);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    res.setHeader('Cache-Control', REVALIDATE);
    if (pathname === '/api/v1' || pathname.startsWith('/api/v1/') || pathname.startsWith('/__demo/')) {
      return this.#api(req, res);
    }
    const base = this.#options.base ?? '';
    const sitePath = withinBase(base, pathname);
    if (sitePath === EDITOR_PROXY_PATH) {
      if (!this.#options.editorProxy) return text(res, 404, 'Not found');
      res.setHeader('Cache-Control', 'no-store');
      return this.#options.editorProxy(req, res);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return text(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    if (pathname.startsWith('/demo-images/')) {
      req.url = req.url!.slice('/demo-images'.length);
      return this.#images(req, res, () => text(res, 404, 'Not found'));
    }
    if (pathname === '/demo-wallet/sdk.js') {
      req.url = `/${basename(this.#options.sdkFile)}`;
      return this.#wallet(req, res, () => text(res, 404, 'Not found'));
    }
    const site = this.#site;
    if (site.kind === 'building') {
      return text(res, 503, 'The storefront is being built. Reload in a few seconds.', { 'Retry-After': '5' });
    }
    if (site.kind === 'none') return text(res, 404, 'Not found');
    const notFound = () => void this.#notFound(res, site.dir);
    // The host's root, when the shop is under a path, leads to the shop.
    if (sitePath === undefined && pathname === '/') return void res.writeHead(302, { Location: `${base}/` }).end();
    if (sitePath === undefined || HOST_FILES.has(sitePath.replace(/\/+$/, ''))) return notFound();
    if (sitePath.startsWith('/_astro/')) res.setHeader('Cache-Control', IMMUTABLE);
    for (const [name, value] of Object.entries(pageHeaders(sitePath))) {
      res.setHeader(name, value);
    }
    req.url = `${sitePath}${search}`;
    site.files(req, res, () => {
      res.setHeader('Cache-Control', REVALIDATE);
      notFound();
    });
  }

  async #notFound(res: ServerResponse, dir: string): Promise<void> {
    const page = await readFile(join(dir, '404.html')).catch(() => undefined);
    if (!page) return text(res, 404, 'Not found');
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
  }

  async #api(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let request: Request;
    try {
      // The Host the client asked for, so absolute URLs in answers (images) point where it can reach them.
      request = await toFetchRequest(
        req,
        requestOrigin(req.headers.host, this.#origin, req.headers['x-forwarded-proto']),
      );
    } catch (error) {
      if (error instanceof BodyTooLargeError) return text(res, 413, error.message);
      throw error;
    }
    const response = await getResponse(this.#options.handlers, request);
    if (!response) return text(res, 404, 'Not found');
    // A network error (HttpResponse.error(), the demo's lost answer): the connection drops before the answer's
    // body. Dropped after the headers, not before them: a browser resends a request whose connection closed
    // before any answer, which would hide the loss from the page.
    if (response.type === 'error') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1024', 'Cache-Control': 'no-store' });
      res.flushHeaders();
      setImmediate(() => req.socket.destroy());
      return;
    }
    await writeFetchResponse(res, response, { 'Cache-Control': 'no-store' }, req.method === 'HEAD');
  }
}

function text(res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...extra, 'Content-Type': 'text/plain; charset=utf-8' }).end(body);
}
