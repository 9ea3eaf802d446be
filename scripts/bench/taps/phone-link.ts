// The phone's network for the tap-to-paint bench, as a proxy in front of the demo server: every request waits one
// round trip, and every response shares one downlink of the given speed. It also hands each page the bench's
// driver (driver.js, a same-origin script the page policy allows) and takes the driver's reports. No DevTools
// protocol is involved: Chromium does not prerender while DevTools is attached to the page.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

export interface LinkOptions {
  upstream: string;
  rttMs: number;
  downlinkBytesPerSecond: number;
}

export interface Report {
  kind: 'tap' | 'prerendered' | 'shown' | 'failed';
  path: string;
  [key: string]: unknown;
}

export interface PhoneLink {
  origin: string;
  reports: Report[];
  /** Wall-clock milliseconds each capture took as the phone saw it (round trip and downlink included). */
  captures: number[];
  /** Resolves with the first report that matches, or rejects after `timeoutMs`. */
  waitFor: (match: (report: Report) => boolean, timeoutMs: number) => Promise<Report>;
  reset: () => void;
  close: () => Promise<void>;
}

const DRIVER_PATH = '/__bench/driver.js';
const DRIVER = readFileSync(new URL('./driver.js', import.meta.url), 'utf8');
const CAPTURE = /^\/api\/v1\/orders\/[^/]+\/process-payment$/;
const CHUNK = 16 * 1024;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function startPhoneLink(port: number, options: LinkOptions): Promise<PhoneLink> {
  const upstream = new URL(options.upstream);
  const reports: Report[] = [];
  const captures: number[] = [];
  const waiters = new Set<() => void>();
  // One downlink shared by every response: the time the link is busy until.
  let busyUntil = 0;
  const downlink = async (bytes: number) => {
    const start = Math.max(performance.now(), busyUntil);
    busyUntil = start + (bytes / options.downlinkBytesPerSecond) * 1000;
    await sleep(busyUntil - performance.now());
  };
  const send = async (res: ServerResponse, body: Buffer) => {
    for (let at = 0; at < body.length; at += CHUNK) {
      const piece = body.subarray(at, at + CHUNK);
      await downlink(piece.length);
      res.write(piece);
    }
    res.end();
  };

  const bench = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    if (pathname === DRIVER_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end(DRIVER);
    }
    if (pathname === '/__bench/state') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      return void res.end(JSON.stringify(reports));
    }
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      try {
        reports.push(JSON.parse(text) as Report);
        for (const wake of waiters) wake();
      } catch {
        /* a report cut short by a navigation is dropped */
      }
      res.writeHead(204).end();
    });
  };

  const proxy = async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const { pathname } = new URL(req.url ?? '/', 'http://phone');
    if (pathname.startsWith('/__bench/')) return bench(req, res, pathname);
    await sleep(options.rttMs);
    const page = req.headers['sec-fetch-dest'] === 'document';
    const headers = { ...req.headers, host: upstream.host };
    // Pages come uncompressed so the driver can be added; they are compressed again below.
    if (page) headers['accept-encoding'] = 'identity';
    const upstreamReq = request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          const out = { ...answer.headers };
          if (page && String(answer.headers['content-type']).startsWith('text/html')) {
            const html = body
              .toString('utf8')
              .replace('<head>', `<head><script type="module" src="${DRIVER_PATH}"></script>`);
            body = gzipSync(html);
            out['content-encoding'] = 'gzip';
            delete out['etag'];
          }
          out['content-length'] = String(body.length);
          delete out['transfer-encoding'];
          res.writeHead(answer.statusCode ?? 502, out);
          void send(res, body).then(() => {
            if (CAPTURE.test(pathname)) captures.push(performance.now() - started);
          });
        });
      },
    );
    upstreamReq.on('error', () => res.writeHead(502).end());
    req.pipe(upstreamReq);
  };

  const server: Server = createServer((req, res) => void proxy(req, res));
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.1:${port}`,
    reports,
    captures,
    waitFor: (match, timeoutMs) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = reports.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no report after ${timeoutMs} ms; reports so far: ${JSON.stringify(reports)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    reset: () => {
      reports.length = 0;
      captures.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
