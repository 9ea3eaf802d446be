import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../server/headers.ts';
import { securityHeaderProblems } from './headers.ts';

const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
const served = lower({ ...SECURITY_HEADERS });

describe('securityHeaderProblems', () => {
  it('finds nothing wrong with what npm start sends', () => {
    expect(securityHeaderProblems(served)).toEqual([]);
  });

  it('names every missing header', () => {
    expect(securityHeaderProblems({ 'content-type': 'text/html' })).toEqual(
      Object.keys(SECURITY_HEADERS).map((name) => `missing ${name}`),
    );
  });

  it('accepts stricter values: a longer HSTS with preload, a fuller header CSP that still refuses framing', () => {
    const stricter = {
      ...served,
      'strict-transport-security': 'max-age=63072001; includeSubDomains; preload',
      'content-security-policy': "upgrade-insecure-requests; frame-ancestors 'none'",
      'x-frame-options': 'deny',
    };
    expect(securityHeaderProblems(stricter)).toEqual([]);
  });

  it('refuses weaker values and says which and why', () => {
    const weaker = {
      ...served,
      'strict-transport-security': 'max-age=300',
      'content-security-policy': "frame-ancestors 'self'",
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'unsafe-url',
    };
    expect(securityHeaderProblems(weaker)).toEqual([
      'Strict-Transport-Security: max-age below 63072000 (max-age=300)',
      'Referrer-Policy: "unsafe-url" instead of "strict-origin-when-cross-origin"',
      "Content-Security-Policy: no frame-ancestors 'none' (frame-ancestors 'self')",
      'X-Frame-Options: "SAMEORIGIN" instead of "DENY"',
    ]);
    expect(securityHeaderProblems({ ...served, 'strict-transport-security': 'max-age=63072000' })).toEqual([
      'Strict-Transport-Security: no includeSubDomains (max-age=63072000)',
    ]);
  });
});
