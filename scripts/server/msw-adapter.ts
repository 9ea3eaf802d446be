// Serves msw request handlers over node:http: the same handlers that vitest uses through setupServer answer
// the browser and the Astro build here (msw 3 dropped handleRequest; getResponse is the supported entry point).
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLargeError extends Error {}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError(`Request body exceeds ${MAX_BODY_BYTES} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the client used (from Host), so that absolute URLs in answers (product images) point where the
 * browser can reach them: http://localhost:4321 and http://127.0.0.1:4321 both work. Behind an HTTPS front (the
 * bench's, scripts/bench/tls-front.ts, or any TLS terminator) that says `X-Forwarded-Proto: https`, the origin
 * is https, so an HTTPS page is not sent http picture URLs (mixed content).
 */
export function requestOrigin(host: string | undefined, fallback: string, forwardedProto?: string | string[]): string {
  const scheme = forwardedProto === 'https' ? 'https' : 'http';
  return host && HOST.test(host) ? `${scheme}://${host}` : fallback;
}

/** Converts a Node request to a Fetch Request on `origin` (the origin the server is reached at). */
export async function toFetchRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? await readBody(req) : undefined;
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
  });
}

/** Writes a Fetch Response to a Node response, adding `extraHeaders` unless the response sets them itself. */
export async function writeFetchResponse(
  res: ServerResponse,
  response: Response,
  extraHeaders: Record<string, string>,
  isHead: boolean,
): Promise<void> {
  const out: Record<string, string | string[]> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') out[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  const body = Buffer.from(await response.arrayBuffer());
  out['content-length'] = String(body.length);
  res.writeHead(response.status, response.statusText || undefined, out);
  res.end(isHead ? undefined : body);
}
