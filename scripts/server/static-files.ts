// Serves files from disk with ETag revalidation and gzip/brotli for text, caching the compressed bytes in
// memory: the built site is small and does not change while the server runs. Compression is done once per file
// at the highest settings, as a static host or CDN precompresses (brotli 11 takes the page, stylesheet and
// first-load script 1-9 KB below quality 5, on the path to the first paint), off the main thread, and
// ahead of time for a whole build (warm), so no shopper waits for it.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { contentTypeFor, isCompressible } from './mime.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

interface CachedFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  etag: string;
  encoded: Map<Encoding, Promise<Buffer>>;
}

export interface SendFileOptions {
  status?: number;
  cacheControl: string;
  /** Extra headers (security headers from headers.ts). */
  headers?: Record<string, string>;
}

/** Below this size compression costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;

export class FileSender {
  #cache = new Map<string, CachedFile>();

  /** Answers with the file; resolves false (and sends nothing) when it is not a regular file. */
  async send(req: IncomingMessage, res: ServerResponse, absPath: string, options: SendFileOptions): Promise<boolean> {
    const file = await this.#load(absPath);
    if (!file) return false;
    const status = options.status ?? 200;
    const contentType = contentTypeFor(absPath);
    const compressible = isCompressible(contentType) && file.size >= MIN_COMPRESS_BYTES;
    let encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : undefined;
    const notModified = status === 200 && etagMatches(req.headers['if-none-match'], file.etag);
    // A 304 carries no body: nothing to compress for it.
    let body = file.body;
    if (encoding && !notModified) {
      try {
        body = await this.#encode(file, encoding);
      } catch {
        encoding = undefined; // the plain bytes still answer the request
      }
    }
    const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;

    const headers: Record<string, string> = {
      ...options.headers,
      'Content-Type': contentType,
      'Cache-Control': options.cacheControl,
      ETag: etag,
    };
    if (compressible) headers['Vary'] = 'Accept-Encoding';

    if (notModified) {
      res.writeHead(304, headers).end();
      return true;
    }
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  async #load(absPath: string): Promise<CachedFile | undefined> {
    const info = await stat(absPath).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const cached = this.#cache.get(absPath);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(absPath);
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    const file: CachedFile = { mtimeMs: info.mtimeMs, size: info.size, body, etag: `"${hash}"`, encoded: new Map() };
    this.#cache.set(absPath, file);
    return file;
  }

  #encode(file: CachedFile, encoding: Encoding): Promise<Buffer> {
    let out = file.encoded.get(encoding);
    if (!out) {
      out =
        encoding === 'br'
          ? brotliAsync(file.body, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: file.size },
            })
          : gzipAsync(file.body, { level: 9 });
      // A failure is not remembered: the next request tries again.
      out.catch(() => file.encoded.delete(encoding));
      file.encoded.set(encoding, out);
    }
    return out;
  }

  /** Compresses every text file under `dir` in the background, so first requests find it done. Never rejects. */
  async warm(dir: string): Promise<void> {
    try {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        if (!isCompressible(contentTypeFor(path))) continue;
        const file = await this.#load(path);
        if (!file || file.size < MIN_COMPRESS_BYTES) continue;
        await Promise.all([this.#encode(file, 'br'), this.#encode(file, 'gzip')]);
      }
    } catch (error) {
      console.warn(`Could not precompress ${dir}; files are compressed on first request instead.`, error);
    }
  }
}

function pickEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** Compares against the identity ETag; the encoded variants share its hash, so any of them revalidates. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const hash = etag.slice(1, -1);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return tag === hash || tag === `${hash}-br` || tag === `${hash}-gzip`;
  });
}
