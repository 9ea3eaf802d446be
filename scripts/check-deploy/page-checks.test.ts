import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../server/headers.ts';
import {
  cleanLoadCheck,
  expectedConsoleError,
  jsonLdCheck,
  pagePolicyCheck,
  ROUTES,
  routesCheck,
  securityHeadersCheck,
  type PageVisit,
} from './page-checks.ts';

const POLICY =
  "default-src 'self'; base-uri 'self'; object-src 'none'; script-src 'self' 'sha256-x='; style-src 'self'";
const HEADERS = Object.fromEntries(Object.entries(SECURITY_HEADERS).map(([k, v]) => [k.toLowerCase(), v]));
const SITE = 'https://shop.example.com';

function healthy(): PageVisit[] {
  return ROUTES.map((route) => ({
    path: route.path,
    expectedStatus: route.status,
    status: route.status,
    headers: { ...HEADERS },
    h1: route.status === 404 ? 'Oops! Page not found' : 'A page',
    cspMetas: [POLICY],
    jsonLd:
      route.path === '/'
        ? [
            JSON.stringify({
              '@type': 'Product',
              name: 'Cam',
              offers: [{ '@type': 'Offer', price: '9.99', priceCurrency: 'USD' }],
            }),
          ]
        : [],
    hydrated: true,
    violations: [],
    consoleErrors: [],
  }));
}

const at = (visits: PageVisit[], path: string) => visits.find((v) => v.path === path)!;

describe('the page checks of a healthy deploy', () => {
  it('all pass, and say what they saw', () => {
    const visits = healthy();
    expect(routesCheck(visits)).toEqual({
      name: 'routes',
      ok: true,
      detail:
        "/ /support /order-tracking /policy /checkout /thank-you?orderId=CHECK-DEPLOY /links answer 200; /check-deploy-no-such-page answers 404 with the site's 404 page",
    });
    expect(securityHeadersCheck(visits).ok).toBe(true);
    expect(pagePolicyCheck(visits, 'strict').ok).toBe(true);
    expect(cleanLoadCheck(visits, { paypalCsp: 'strict' })).toMatchObject({
      ok: true,
      detail: 'no CSP violation, console error or stalled island on 8 pages',
    });
    expect(jsonLdCheck(at(visits, '/'))).toMatchObject({
      ok: true,
      detail: 'on /: Product "Cam", 1 offer from 9.99 USD',
    });
  });
});

describe('the page checks of broken deploys', () => {
  it('routes: a wrong status, a 404 without the site page, an unreachable page', () => {
    const visits = healthy();
    at(visits, '/support').status = 500;
    Object.assign(at(visits, '/check-deploy-no-such-page'), { h1: 'Not Found' });
    Object.assign(at(visits, '/links'), { status: undefined, error: 'net::ERR_CONNECTION_RESET' });
    const result = routesCheck(visits);
    expect(result.ok).toBe(false);
    expect(result.detail).toBe(
      '/support answered 500, not 200; /links could not be loaded (net::ERR_CONNECTION_RESET); ' +
        '/check-deploy-no-such-page answered 404 without the site\'s 404 page (heading "Not Found")',
    );
    expect(result.fix).toContain('docs/deploy.md, section 1');
  });

  it('security headers: grouped by problem, "every page" when all lack it', () => {
    const visits = healthy().map((v) => ({ ...v, headers: { 'content-type': 'text/html' } }));
    const result = securityHeadersCheck(visits);
    expect(result.ok).toBe(false);
    expect(result.detail).toMatch(
      /^missing Strict-Transport-Security \(every page\); missing X-Content-Type-Options \(every page\);/,
    );
    expect(result.fix).toContain('public/_headers');
    const one = healthy();
    one[1]!.headers = { ...HEADERS, 'x-frame-options': 'SAMEORIGIN' };
    expect(securityHeadersCheck(one).detail).toBe('X-Frame-Options: "SAMEORIGIN" instead of "DENY" (/support)');
  });

  it('page CSP: names page and problem', () => {
    const visits = healthy();
    at(visits, '/policy').cspMetas = [];
    expect(pagePolicyCheck(visits, 'strict')).toMatchObject({
      ok: false,
      detail: '/policy: no Content-Security-Policy <meta>',
    });
  });

  it('clean load: violations, console errors and islands that never started, with the fix for the first violation', () => {
    const visits = healthy();
    at(visits, '/').violations = [
      { path: '/', directive: 'connect-src', blockedURI: 'https://api.example.com/api/v1/x' },
    ];
    at(visits, '/checkout').consoleErrors = ['uncaught TypeError: x is undefined'];
    at(visits, '/links').hydrated = false;
    const result = cleanLoadCheck(visits, { paypalCsp: 'strict', apiOrigin: 'https://api.example.com' });
    expect(result.detail).toBe(
      '/: CSP connect-src refused https://api.example.com/api/v1/x; /checkout: console error: uncaught TypeError: x is undefined; ' +
        "/links: the page's interactive parts never started",
    );
    expect(result.fix).toMatch(/connect-src must allow the API's origin https:\/\/api\.example\.com/);
  });

  it('JSON-LD: what is wrong with the product page', () => {
    expect(jsonLdCheck({ ...at(healthy(), '/'), jsonLd: ['{oops'] })).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^on \/: JSON-LD block 1 does not parse/),
    });
    expect(jsonLdCheck(undefined)).toMatchObject({ ok: false, detail: 'the product page / could not be loaded' });
  });
});

describe('expectedConsoleError', () => {
  const notFound = ROUTES.find((r) => r.status === 404)!;
  const thankYou = ROUTES.find((r) => r.path.startsWith('/thank-you'))!;
  const line = (status: string) => `Failed to load resource: the server responded with a status of ${status}`;

  it("forgives the 404 page's own status and the thank-you page's refused order lookup", () => {
    expect(expectedConsoleError(line('404 (Not Found)'), `${SITE}${notFound.path}`, SITE, notFound)).toBe(true);
    expect(
      expectedConsoleError(
        line('401 (Unauthorized)'),
        'https://api.example.com/api/v1/orders/CHECK-DEPLOY',
        SITE,
        thankYou,
      ),
    ).toBe(true);
  });

  it('counts every other failed load', () => {
    expect(expectedConsoleError(line('404 (Not Found)'), `${SITE}/_astro/app.js`, SITE, notFound)).toBe(false);
    expect(
      expectedConsoleError(
        line('500 (Internal Server Error)'),
        'https://api.example.com/api/v1/orders/CHECK-DEPLOY',
        SITE,
        thankYou,
      ),
    ).toBe(false);
    expect(expectedConsoleError('TypeError: boom', `${SITE}/`, SITE, thankYou)).toBe(false);
  });
});
