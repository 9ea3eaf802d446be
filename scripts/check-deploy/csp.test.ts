import { describe, expect, it } from 'vitest';
import { classifyViolation, describeViolation, pagePolicyProblems, violationFix, type Violation } from './csp.ts';

const STRICT =
  "default-src 'self';base-uri 'self';object-src 'none';form-action 'self';connect-src 'self' https://*.paypal.com;" +
  " script-src 'self' https://www.paypal.com 'sha256-abc='; style-src 'self' https://*.paypal.com 'sha256-def=';";
const RECOMMENDED =
  "default-src 'self';base-uri 'self';object-src 'none'; script-src 'self' https://*.paypal.com https://*.venmo.com 'unsafe-inline';" +
  " style-src 'self' https://*.paypal.com 'unsafe-inline';";

describe('pagePolicyProblems', () => {
  it('accepts the strict policy the build writes', () => {
    expect(pagePolicyProblems([STRICT], 'strict')).toEqual([]);
  });

  it("accepts 'unsafe-inline' only from a build made with PAYPAL_CSP=paypal-recommended", () => {
    expect(pagePolicyProblems([RECOMMENDED], 'paypal-recommended')).toEqual([]);
    expect(pagePolicyProblems([RECOMMENDED], 'strict')).toEqual([
      "script-src allows 'unsafe-inline'",
      "style-src allows 'unsafe-inline'",
    ]);
  });

  it('names each loosening', () => {
    const loose =
      "default-src *; object-src 'self'; script-src 'self' 'unsafe-eval' https:; script-src-elem 'self' data:";
    expect(pagePolicyProblems([loose], 'paypal-recommended')).toEqual([
      `default-src is "*", not "'self'"`,
      `object-src is "'self'", not "'none'"`,
      'no base-uri',
      "script-src allows 'unsafe-eval' https:",
      'script-src-elem allows data:',
    ]);
    expect(pagePolicyProblems(["default-src 'self'; object-src 'none'; base-uri 'self'"], 'strict')).toEqual([
      'no script-src',
    ]);
  });

  it('wants exactly one policy <meta>', () => {
    expect(pagePolicyProblems([], 'strict')).toEqual(['no Content-Security-Policy <meta>']);
    expect(pagePolicyProblems([STRICT, STRICT], 'strict')).toEqual(['2 Content-Security-Policy <meta> elements']);
  });
});

describe('classifyViolation', () => {
  const v = (over: Partial<Violation>): Violation => ({
    path: '/',
    directive: 'script-src-elem',
    blockedURI: 'inline',
    ...over,
  });
  const demoSdk = 'http://127.0.0.1:4700/demo-wallet/sdk.js?client-id=demo&currency=USD';
  const paypalSdk = 'https://www.paypal.com/sdk/js?client-id=abc&currency=USD';

  it('recognises the wallet SDK itself being blocked, by URL or origin', () => {
    const ctx = { walletCsp: 'strict' as const, sdkUrl: demoSdk };
    expect(classifyViolation(v({ blockedURI: demoSdk }), ctx)).toBe('sdk-blocked');
    expect(classifyViolation(v({ blockedURI: 'http://127.0.0.1:4700/demo-wallet/sdk.js' }), ctx)).toBe('sdk-blocked');
    expect(classifyViolation(v({ blockedURI: 'https://www.paypal.com' }), { ...ctx, sdkUrl: paypalSdk })).toBe(
      'sdk-blocked',
    );
  });

  it("recognises what PayPal's SDK injects or loads: inline code from the SDK, PayPal's and Venmo's hosts", () => {
    const ctx = { walletCsp: 'strict' as const, sdkUrl: paypalSdk };
    expect(classifyViolation(v({ directive: 'style-src-elem', sourceFile: paypalSdk }), ctx)).toBe('sdk-needs-more');
    expect(classifyViolation(v({ directive: 'frame-src', blockedURI: 'https://checkout.venmo.com/x' }), ctx)).toBe(
      'sdk-needs-more',
    );
    expect(
      classifyViolation(v({ directive: 'script-src-elem', sourceFile: 'https://www.paypalobjects.com/api/x.js' }), ctx),
    ).toBe('sdk-needs-more');
  });

  it('recognises calls to the API refused by connect-src, and leaves the rest as other', () => {
    const ctx = { walletCsp: 'strict' as const, apiOrigin: 'https://api.example.com' };
    expect(
      classifyViolation(v({ directive: 'connect-src', blockedURI: 'https://api.example.com/api/v1/x' }), ctx),
    ).toBe('api-blocked');
    expect(classifyViolation(v({ directive: 'img-src', blockedURI: 'https://tracker.example.net/p.gif' }), ctx)).toBe(
      'other',
    );
  });
});

describe('violation messages', () => {
  const paypalSdk = 'https://www.paypal.com/sdk/js?client-id=abc';
  const injected: Violation = {
    path: '/',
    directive: 'style-src-elem',
    blockedURI: 'inline',
    sourceFile: paypalSdk,
    sample: '.paypal-buttons{display:block}',
  };

  it('describe what was refused, from where', () => {
    expect(describeViolation(injected)).toBe(
      `style-src-elem refused inline code (".paypal-buttons{display:block}") from ${paypalSdk}`,
    );
    expect(describeViolation({ path: '/', directive: 'script-src-elem', blockedURI: 'http://x.test/sdk.js' })).toBe(
      'script-src-elem refused http://x.test/sdk.js',
    );
  });

  it('tell a strict build to switch PAYPAL_CSP, naming the setting and the guide', () => {
    const fix = violationFix('sdk-needs-more', { walletCsp: 'strict', sdkUrl: paypalSdk }, injected);
    expect(fix).toContain('rebuild with PAYPAL_CSP=paypal-recommended and deploy');
    expect(fix).toContain('https://developer.paypal.com/sdk/js/best-practices');
  });

  it('say when even the recommended policy is not enough, and where to change it', () => {
    const fix = violationFix('sdk-needs-more', { walletCsp: 'paypal-recommended', sdkUrl: paypalSdk }, injected);
    expect(fix).toMatch(
      /^even PayPal's recommended policy refuses this: allow inline in style-src-elem \(src\/build\/page-policy\.ts/,
    );
  });

  it('point a blocked SDK and a refused API at their settings', () => {
    const sdk = 'http://127.0.0.1:4700/demo-wallet/sdk.js?client-id=x';
    expect(violationFix('sdk-blocked', { walletCsp: 'strict', sdkUrl: sdk }, injected)).toMatch(
      /^the page's script-src must allow the wallet SDK's origin http:\/\/127\.0\.0\.1:4700 /,
    );
    expect(
      violationFix('api-blocked', { walletCsp: 'strict', apiOrigin: 'https://api.example.com' }, injected),
    ).toMatch(/connect-src must allow the API's origin https:\/\/api\.example\.com: build with PUBLIC_API_BASE_URL/);
  });
});
