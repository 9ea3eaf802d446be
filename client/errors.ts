// The client's two error shapes: ApiError for an answer with an object body (code, message, statusCode, details,
// traceId), HttpError otherwise. Every non-ok answer rejects with one of them, so callers use try/catch and
// `instanceof` instead of inspecting `{ error }` on each call.

export interface ApiErrorFields {
  code: string;
  message: string;
  statusCode: number;
  details?: unknown;
  traceId?: string | undefined;
}

/** A non-ok answer whose body is a JSON object: the backend's API error. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly statusCode: number;
  readonly details: unknown;
  readonly traceId: string | undefined;

  constructor(fields: ApiErrorFields) {
    super(fields.message);
    this.code = fields.code;
    this.statusCode = fields.statusCode;
    this.details = fields.details;
    this.traceId = fields.traceId;
  }
}

/** Any other non-ok answer: empty, text, HTML from a proxy, or JSON that is not an object. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly body: string;

  constructor(url: string, status: number, statusText: string, body: string) {
    super(`HTTP ${status}${statusText ? ` ${statusText}` : ''} from ${url}`);
    this.url = url;
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

export const DEFAULT_ERROR_CODE = 'UNKNOWN_ERROR';
export const DEFAULT_ERROR_MESSAGE = 'An unknown error occurred';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Empty strings and zero count as absent, as `||` defaults would have it.
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const status = (value: unknown): number | undefined => (typeof value === 'number' && value ? value : undefined);

/** Reads the body once and maps it to one of the two errors. `url` is the request URL (a Response may lack one). */
export async function errorFromResponse(url: string, response: Response): Promise<ApiError | HttpError> {
  const body = await response.text().catch(() => '');
  const parsed = parseJson(body);
  if (!isObject(parsed)) return new HttpError(url, response.status, response.statusText, body);
  return new ApiError({
    code: text(parsed.code) ?? DEFAULT_ERROR_CODE,
    message: text(parsed.message) ?? DEFAULT_ERROR_MESSAGE,
    statusCode: status(parsed.statusCode) ?? (response.status || 500),
    details: parsed.details,
    // PayPal's own error, passed on by a backend, names its trace `debug_id`.
    traceId: text(parsed.traceId) ?? text(parsed.debug_id),
  });
}
