// HTTPS with HTTP/2 in front of the bench's demo server, so pages load over the protocol static hosts serve them
// with (docs/deploy.md). Lighthouse's simulation models HTTP/1.1 as up to six connections per origin, each new one
// paying a handshake, and HTTP/2 as one shared connection: over HTTP/1.1 the stylesheet and the hero picture after
// the HTML would be charged a connection set-up no visitor of the deployed site pays. The certificate is made with
// `openssl` for one run (self-signed for 127.0.0.1; the bench's Chromium accepts it). Requests go on unchanged to
// the demo server with `X-Forwarded-Proto: https`; answers come back as sent (compression included), less the
// HTTP/1.1 connection headers HTTP/2 forbids. A process of its own, so the bench's work never delays it:
//   node scripts/bench/tls-front.ts <listen port> <upstream port> <certificate directory>
// prints `TLS front ready at https://127.0.0.1:<port>` once it listens.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';

/** HTTP/1.1 connection-level headers: HTTP/2 refuses them in a response (RFC 9113 §8.2.2). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

export function forwardableHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(':') || HOP_BY_HOP.has(name.toLowerCase())) continue;
    out[name] = value;
  }
  return out;
}

/** Writes a self-signed certificate and key for 127.0.0.1 into `dir`; returns their paths. */
export function makeLoopbackCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'loopback-cert.pem');
  const key = join(dir, 'loopback-key.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'openssl is not installed (apt-get install -y openssl)'
        : String((error as { stderr?: Buffer }).stderr ?? error);
    throw new Error(`Cannot make the bench's loopback TLS certificate: ${reason}`, { cause: error });
  }
  return { cert, key };
}

/** Starts the front on 127.0.0.1:listenPort (0 picks one); resolves with the server and its origin. */
export function startTlsFront(
  listenPort: number,
  upstreamPort: number,
  certDir: string,
): Promise<{ server: Http2SecureServer; origin: string }> {
  const { cert, key } = makeLoopbackCertificate(certDir);
  const server = createSecureServer(
    { allowHTTP1: true, cert: readFileSync(cert), key: readFileSync(key) },
    (req, res) => {
      const upstream = request(
        {
          host: '127.0.0.1',
          port: upstreamPort,
          method: req.method,
          path: req.url,
          headers: {
            ...forwardableHeaders(req.headers),
            host: req.headers[':authority'] ?? req.headers.host ?? '',
            'x-forwarded-proto': 'https',
          },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, forwardableHeaders(answer.headers));
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`The bench's demo server did not answer: ${error.message}`);
      });
      req.pipe(upstream);
    },
  );
  return new Promise((resolveStart, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : listenPort;
      resolveStart({ server, origin: `https://127.0.0.1:${port}` });
    });
  });
}

if (import.meta.main) {
  const [listen, upstream, certDir] = process.argv.slice(2);
  if (!listen || !upstream || !certDir) {
    console.error('Usage: node scripts/bench/tls-front.ts <listen port> <upstream port> <certificate directory>');
    process.exit(2);
  }
  startTlsFront(Number(listen), Number(upstream), certDir).then(
    ({ server, origin }) => {
      console.log(`TLS front ready at ${origin}`);
      const stop = () => {
        // Browsers keep HTTP/2 sessions open: give them a second, then go regardless.
        setTimeout(() => process.exit(0), 1000).unref();
        server.close(() => process.exit(0));
      };
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    },
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
