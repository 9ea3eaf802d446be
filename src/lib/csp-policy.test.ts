import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, originOf, parsePaypalCsp } from './csp-policy.ts';

const PAYPAL = 'https://www.paypal.com https://*.paypal.com https://*.paypalobjects.com';

describe('parsePaypalCsp', () => {
  it('is strict unless told otherwise', () => {
    expect(parsePaypalCsp(undefined)).toBe('strict');
    expect(parsePaypalCsp('')).toBe('strict');
    expect(parsePaypalCsp(' strict ')).toBe('strict');
    expect(parsePaypalCsp('paypal-recommended')).toBe('paypal-recommended');
  });

  it('stops on an unknown value, naming the variable, the value and the choices', () => {
    expect(() => parsePaypalCsp('loose')).toThrow(
      'PAYPAL_CSP must be "strict" (the default) or "paypal-recommended", got "loose".',
    );
  });
});

describe('contentSecurityPolicy', () => {
  it('strict: the policy the pages have always had', () => {
    expect(
      contentSecurityPolicy({ paypalCsp: 'strict', apiBaseUrl: '/api/v1', sdkUrl: '/demo-wallet/sdk.js' }),
    ).toEqual({
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "base-uri 'self'",
        "object-src 'none'",
        "form-action 'self'",
        "font-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        `connect-src 'self' ${PAYPAL}`,
        `img-src 'self' data: ${PAYPAL}`,
        `frame-src ${PAYPAL}`,
      ],
      scriptDirective: {
        resources: ["'self'", 'https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
        strictDynamic: false,
      },
      styleDirective: {
        resources: ["'self'", 'https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
      },
    });
  });

  it('strict: an API, image hosts and a wallet SDK on other origins are allowed by origin only', () => {
    const csp = contentSecurityPolicy({
      paypalCsp: 'strict',
      apiBaseUrl: 'https://api.example.com/api/v1',
      imageHosts: 'cdn.example.com, img.example.net',
      sdkUrl: 'http://127.0.0.1:9/sdk.js',
    });
    expect(csp.directives).toContain(`connect-src 'self' https://api.example.com ${PAYPAL}`);
    expect(csp.directives).toContain(
      `img-src 'self' data: https://api.example.com https://cdn.example.com https://img.example.net ${PAYPAL}`,
    );
    expect(csp.scriptDirective?.resources?.slice(0, 2)).toEqual(["'self'", 'http://127.0.0.1:9']);
  });

  it("paypal-recommended: PayPal's table, 'unsafe-inline' for scripts and styles and the Venmo hosts, nothing else looser", () => {
    const strict = contentSecurityPolicy({ paypalCsp: 'strict' });
    const recommended = contentSecurityPolicy({ paypalCsp: 'paypal-recommended' });
    const wallet = `${PAYPAL} https://*.venmo.com`;
    expect(recommended.directives).toEqual([
      ...(strict.directives ?? []).slice(0, 7),
      `connect-src 'self' ${wallet}`,
      `img-src 'self' data: ${wallet}`,
      `frame-src ${wallet}`,
      `child-src ${wallet}`,
    ]);
    expect(recommended.scriptDirective).toEqual({
      resources: ["'self'", ...wallet.split(' '), "'unsafe-inline'"],
      strictDynamic: false,
    });
    expect(recommended.styleDirective).toEqual({ resources: ["'self'", ...wallet.split(' '), "'unsafe-inline'"] });
  });
});

describe('originOf', () => {
  it('gives the origin of absolute http(s) URLs only', () => {
    expect(originOf('https://api.example.com:8443/api/v1')).toEqual(['https://api.example.com:8443']);
    expect(originOf('/api/v1')).toEqual([]);
    expect(originOf(undefined)).toEqual([]);
    expect(originOf('http://')).toEqual([]);
  });
});
