// The security headers a deployed page must carry: the ones `npm start` sends (SECURITY_HEADERS), as strict or
// stricter. What a <meta> CSP cannot do (refuse framing, force HTTPS) only these headers do.
import { SECURITY_HEADERS } from '../server/headers.ts';

/** Response headers with lower-case names, as Playwright and fetch give them. */
export type HeaderMap = Readonly<Record<string, string>>;

const normalise = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

function maxAge(value: string): number | undefined {
  const match = /(?:^|;)\s*max-age\s*=\s*"?(\d+)"?/i.exec(value);
  return match ? Number(match[1]) : undefined;
}

/** Why `actual` is weaker than the expected `name: expected`, or undefined when it is as strict. */
function weaker(name: string, expected: string, actual: string): string | undefined {
  switch (name.toLowerCase()) {
    case 'strict-transport-security': {
      // A longer max-age or an added preload is stricter, not a problem.
      const want = maxAge(expected) ?? 0;
      const got = maxAge(actual);
      if (got === undefined || got < want) return `max-age below ${want} (${actual})`;
      if (/includesubdomains/i.test(expected) && !/includesubdomains/i.test(actual))
        return `no includeSubDomains (${actual})`;
      return undefined;
    }
    case 'content-security-policy': {
      // The host may send a fuller policy; framing must still be refused.
      const framing = actual
        .split(/[;,]/)
        .map(normalise)
        .find((d) => d.startsWith('frame-ancestors'));
      return framing === normalise(expected) ? undefined : `no ${expected} (${actual})`;
    }
    default:
      return normalise(actual) === normalise(expected) ? undefined : `"${actual}" instead of "${expected}"`;
  }
}

/** Problems with one answer's headers, each naming the header: "missing X-Frame-Options", "Referrer-Policy ...". */
export function securityHeaderProblems(headers: HeaderMap): string[] {
  const problems: string[] = [];
  for (const [name, expected] of Object.entries(SECURITY_HEADERS)) {
    const actual = headers[name.toLowerCase()];
    if (actual === undefined || actual.trim() === '') {
      problems.push(`missing ${name}`);
      continue;
    }
    const why = weaker(name, expected, actual);
    if (why) problems.push(`${name}: ${why}`);
  }
  return problems;
}

export const SECURITY_HEADER_NAMES = Object.keys(SECURITY_HEADERS);
