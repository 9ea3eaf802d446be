// Bearer tokens as the demo backend checks them: only a token it issued itself is valid, until a reset forgets it.
import { apiError } from './api-error.ts';

const REALM = 'haven-demo';

/** The token of an `Authorization: Bearer <token>` header; undefined when the header is missing or has no token. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer +(\S+)$/i.exec(request.headers.get('authorization')?.trim() ?? '');
  return match?.[1];
}

/** The 401 answer for `operation` (e.g. "GET /orders/{id}") unless the request carries an issued token. */
export function refuseWithoutToken(
  request: Request,
  issued: ReadonlySet<string>,
  operation: string,
): Response | undefined {
  const token = bearerToken(request);
  if (token !== undefined && issued.has(token)) return undefined;
  return unauthorized(
    'UNAUTHORIZED',
    `${operation} requires a valid bearer token (Authorization: Bearer <accessToken>)`,
    token !== undefined,
  );
}

/**
 * A 401 ApiError with the WWW-Authenticate header RFC 6750 asks for: the scheme and realm, and, when a token was
 * sent but is not valid, error="invalid_token".
 */
export function unauthorized(code: string, message: string, tokenSent: boolean): Response {
  const answer = apiError(401, code, message);
  answer.headers.set(
    'WWW-Authenticate',
    tokenSent ? `Bearer realm="${REALM}", error="invalid_token"` : `Bearer realm="${REALM}"`,
  );
  return answer;
}
