import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type Http2SecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardableHeaders, startTlsFront } from './tls-front.ts';

const BODY = gzipSync(Buffer.from('<!doctype html><title>bench</title>'.repeat(50)));

/** One HTTP/2 request over TLS, accepting the front's self-signed certificate. */
function get(
  origin: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer; alpn: string | false }> {
  return new Promise((resolveGet, reject) => {
    const session = connect(origin, { rejectUnauthorized: false });
    session.on('error', reject);
    const stream = session.request({ ':path': path, 'accept-encoding': 'gzip' });
    const chunks: Buffer[] = [];
    let head: Record<string, unknown> = {};
    stream.on('response', (h) => (head = h));
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const alpn = session.alpnProtocol ?? false;
      session.close();
      resolveGet({ status: Number(head[':status']), headers: head, body: Buffer.concat(chunks), alpn });
    });
    stream.on('error', reject);
  });
}

describe('the bench TLS front', () => {
  let upstream: Server;
  let front: Http2SecureServer;
  let origin: string;
  let deadOrigin: string;
  let deadFront: Http2SecureServer;
  const dir = mkdtempSync(join(tmpdir(), 'tls-front-test-'));
  const seen: { path?: string; host?: string; encoding?: string; proto?: string } = {};

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen.path = req.url;
      seen.host = req.headers.host;
      seen.encoding = req.headers['accept-encoding'];
      seen.proto = req.headers['x-forwarded-proto'] as string;
      res.writeHead(201, {
        'Content-Type': 'text/html',
        'Content-Encoding': 'gzip',
        'X-Bench': 'yes',
        Connection: 'keep-alive',
        'Keep-Alive': 'timeout=5',
      });
      res.end(BODY);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const port = (upstream.address() as { port: number }).port;
    ({ server: front, origin } = await startTlsFront(0, port, dir));
    // A front whose demo server is gone.
    const gone = createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const gonePort = (gone.address() as { port: number }).port;
    await new Promise<void>((r) => gone.close(() => r()));
    ({ server: deadFront, origin: deadOrigin } = await startTlsFront(0, gonePort, dir));
  });

  afterAll(async () => {
    await new Promise<void>((r) => upstream.close(() => r()));
    for (const server of [front, deadFront]) server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves HTTP/2 over TLS on loopback and passes status, headers and the compressed body through unchanged', async () => {
    expect(origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await get(origin, '/support?x=1');
    expect(answer.alpn).toBe('h2');
    expect(answer.status).toBe(201);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['x-bench']).toBe('yes');
    expect(answer.headers['connection']).toBeUndefined();
    expect(answer.headers['keep-alive']).toBeUndefined();
    expect(answer.body.equals(BODY)).toBe(true);
    expect(seen).toEqual({
      path: '/support?x=1',
      host: origin.slice('https://'.length),
      encoding: 'gzip',
      proto: 'https',
    });
  });

  it('answers 502 with a reason when the demo server does not answer', async () => {
    const answer = await get(deadOrigin, '/');
    expect(answer.status).toBe(502);
    expect(answer.body.toString()).toMatch(/demo server did not answer/);
  });

  it('drops the HTTP/1.1 connection headers HTTP/2 forbids, and pseudo-headers', () => {
    expect(
      forwardableHeaders({
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        upgrade: 'h2c',
        ':path': '/',
        'set-cookie': ['a=1', 'b=2'],
        etag: '"x"',
      }),
    ).toEqual({
      'set-cookie': ['a=1', 'b=2'],
      etag: '"x"',
    });
  });
});
