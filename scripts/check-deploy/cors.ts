// Whether an API's answer to a CORS preflight lets the storefront's browser calls through, by the rules browsers
// apply (Fetch standard, "CORS-preflight fetch"), with the reason when it does not.

/** What the storefront's calls send: the client puts Authorization on every call, the order create an Idempotency-Key. */
export const STOREFRONT_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key'] as const;
/** The method of the calls that need the most: order create, payment intent, process payment, analytics. */
const STOREFRONT_METHOD = 'POST';

/** GET, HEAD and POST never need to be listed in Access-Control-Allow-Methods. */
const SAFELISTED_METHODS = new Set(['GET', 'HEAD', 'POST']);

export interface PreflightAnswer {
  status: number;
  /** Lower-case header names. */
  headers: Readonly<Record<string, string>>;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * Problems with a preflight answer for a call from `origin` with `method` and `requestHeaders` (no credentials: the
 * storefront sends its token in a header, not a cookie). [] means a browser lets the call through.
 */
export function preflightProblems(
  answer: PreflightAnswer,
  origin: string,
  method: string = STOREFRONT_METHOD,
  requestHeaders: readonly string[] = STOREFRONT_REQUEST_HEADERS,
): string[] {
  if (answer.status < 200 || answer.status > 299) {
    return [`the preflight (OPTIONS) is answered with HTTP ${answer.status}, not a 2xx`];
  }
  const problems: string[] = [];
  const allowOrigin = answer.headers['access-control-allow-origin']?.trim();
  if (!allowOrigin) problems.push(`no Access-Control-Allow-Origin (the site's origin ${origin} must be allowed)`);
  else if (allowOrigin !== '*' && allowOrigin !== origin) {
    problems.push(`Access-Control-Allow-Origin is "${allowOrigin}", not the site's origin ${origin}`);
  }
  const methods = list(answer.headers['access-control-allow-methods']);
  if (
    !SAFELISTED_METHODS.has(method.toUpperCase()) &&
    !methods.includes('*') &&
    !methods.includes(method.toUpperCase())
  ) {
    problems.push(`Access-Control-Allow-Methods (${methods.join(', ') || 'none'}) does not allow ${method}`);
  }
  const allowed = list(answer.headers['access-control-allow-headers']).map((h) => h.toLowerCase());
  // The wildcard covers every header but Authorization, which must always be named.
  const missing = requestHeaders.filter((h) => {
    const name = h.toLowerCase();
    return !allowed.includes(name) && !(allowed.includes('*') && name !== 'authorization');
  });
  if (missing.length) {
    const shown = answer.headers['access-control-allow-headers']
      ? `"${answer.headers['access-control-allow-headers']}"`
      : 'absent';
    problems.push(
      `it does not allow the request header${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (Access-Control-Allow-Headers is ${shown})`,
    );
  }
  return problems;
}

/** The headers of the preflight a browser sends before the storefront's order create. */
export function preflightRequestHeaders(origin: string): Record<string, string> {
  return {
    Origin: origin,
    'Access-Control-Request-Method': STOREFRONT_METHOD,
    'Access-Control-Request-Headers': STOREFRONT_REQUEST_HEADERS.map((h) => h.toLowerCase())
      .sort()
      .join(','),
  };
}

export const CORS_FIX =
  'the API (or the proxy or gateway in front of it) must answer OPTIONS with Access-Control-Allow-Origin set to the ' +
  "site's origin (or *), and Access-Control-Allow-Headers listing Authorization, Content-Type and Idempotency-Key " +
  '(README.md#a-real-backend).';
