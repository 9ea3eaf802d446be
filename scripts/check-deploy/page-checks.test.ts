import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../server/headers.ts';
import { speculationRuleHashes } from '../../src/build/index.ts';
import {
  cleanLoadCheck,
  expectedConsoleError,
  jsonLdCheck,
  pagePolicyCheck,
  prerenderCheck,
  ROUTES,
  routesCheck,
  securityHeadersCheck,
  type PageVisit,
} from './page-checks.ts';

const SPECULATION_RULE_HASHES = speculationRuleHashes('');
const RULES = SPECULATION_RULE_HASHES.map((h) => `'${h}'`).join(' ');
const POLICY = `default-src 'self'; base-uri 'self'; object-src 'none'; script-src 'self' 'sha256-x=' ${RULES}; style-src 'self'`;
const HEADERS = Object.fromEntries(Object.entries(SECURITY_HEADERS).map(([k, v]) => [k.toLowerCase(), v]));
const SITE = 'https://shop.example.com';

function healthy(): PageVisit[] {
  return ROUTES.map((route) => ({
    path: route.path,
    expectedStatus: route.status,
    status: route.status,
    headers: { ...HEADERS, ...(route.path.startsWith('/thank-you') ? { 'no-vary-search': 'params=("orderId")' } : {}) },
    h1: route.status === 404 ? 'Oops! Page not found' : 'A page',
    cspMetas: [POLICY],
    jsonLd:
      route.path === '/'
        ? [
            JSON.stringify({
              '@context': 'https://schema.org',
              '@type': 'Product',
              name: 'Cam',
              image: 'https://shop.example.com/cam.jpg',
              aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.8, reviewCount: 10 },
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
  it('all pass, and say what they saw', async () => {
    const visits = healthy();
    expect(routesCheck(visits)).toEqual({
      name: 'routes',
      ok: true,
      detail:
        "/ /support /order-tracking /policy /checkout /thank-you?orderId=CHECK-DEPLOY /links answer 200; /check-deploy-no-such-page answers 404 with the site's 404 page",
    });
    expect(securityHeadersCheck(visits).ok).toBe(true);
    expect(pagePolicyCheck(visits, 'strict').ok).toBe(true);
    expect(prerenderCheck(visits, 'strict')).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/^2 rule sets allowed on 7 pages/),
    });
    expect(cleanLoadCheck(visits, { walletCsp: 'strict' })).toMatchObject({
      ok: true,
      detail: 'no CSP violation, console error or stalled island on 8 pages',
    });
    expect(await jsonLdCheck(at(visits, '/'))).toMatchObject({
      ok: true,
      detail: expect.stringMatching(
        /^on \/: Product "Cam", 1 offer from 9\.99 USD; search engines' rules: no error, \d+ warnings about optional data$/,
      ),
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
    const result = cleanLoadCheck(visits, { walletCsp: 'strict', apiOrigin: 'https://api.example.com' });
    expect(result.detail).toBe(
      '/: CSP connect-src refused https://api.example.com/api/v1/x; /checkout: console error: uncaught TypeError: x is undefined; ' +
        "/links: the page's interactive parts never started",
    );
    expect(result.fix).toMatch(/connect-src must allow the API's origin https:\/\/api\.example\.com/);
  });

  it("JSON-LD: what is wrong with the product page, search engines' rules included", async () => {
    expect(await jsonLdCheck({ ...at(healthy(), '/'), jsonLd: ['{oops'] })).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^on \/: JSON-LD block 1 does not parse/),
    });
    expect(await jsonLdCheck(undefined)).toMatchObject({ ok: false, detail: 'the product page / could not be loaded' });
    const unrated = JSON.stringify({
      '@type': 'Produkt',
      name: 'Cam',
      offers: { '@type': 'Offer', price: '1', priceCurrency: 'USD' },
    });
    expect(await jsonLdCheck({ ...at(healthy(), '/'), jsonLd: [unrated] })).toMatchObject({
      ok: false,
      detail: 'on /: no Product or ProductGroup in the JSON-LD (types: Produkt)',
    });
    const refused = JSON.stringify({
      '@type': ['Product', 'Gadget'],
      name: 'Cam',
      image: 'https://shop.example.com/cam.jpg',
      offers: { '@type': 'Offer', price: '1', priceCurrency: 'USD' },
    });
    const result = await jsonLdCheck({ ...at(healthy(), '/'), jsonLd: [refused] });
    expect(result.ok).toBe(false);
    expect(result.detail).toMatch(
      /^on \/: search engines would refuse it: .*Type "Gadget" is not a valid schema\.org type/,
    );
  });
});

describe('a site whose pages cannot be loaded at all', () => {
  const unreachable = (error: string) =>
    healthy().map((v) => ({
      ...v,
      status: undefined,
      error,
      headers: {},
      h1: undefined,
      cspMetas: [],
      jsonLd: [],
      hydrated: false,
    }));

  it('fails every page-based check, each saying it saw nothing', async () => {
    const visits = unreachable('net::ERR_CERT_AUTHORITY_INVALID at https://shop.example.com/');
    const results = [
      routesCheck(visits),
      securityHeadersCheck(visits),
      pagePolicyCheck(visits, 'strict'),
      cleanLoadCheck(visits, { walletCsp: 'strict' }),
      await jsonLdCheck(at(visits, '/')),
    ];
    expect(results.map((r) => r.ok)).toEqual([false, false, false, false, false]);
    expect(results[1]?.detail).toBe('no page could be loaded, so no header was seen');
    expect(results[2]?.detail).toBe('no page could be loaded, so no page policy was seen');
    expect(results[3]?.detail).toBe('no page could be loaded, so no page load was seen');
  });

  it.each([
    ['net::ERR_CERT_AUTHORITY_INVALID', /the site's TLS certificate was refused/],
    ['net::ERR_SSL_PROTOCOL_ERROR', /the site's TLS certificate was refused/],
    ['net::ERR_NAME_NOT_RESOLVED', /host name does not resolve/],
    ['net::ERR_CONNECTION_REFUSED', /nothing answered at this address/],
    ['net::ERR_EMPTY_RESPONSE', /upload all of dist\//],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', /the site's TLS certificate was refused/],
    ['ENOTFOUND', /host name does not resolve/],
  ])('names the real cause of %s', (error, fix) => {
    const result = routesCheck(unreachable(error));
    expect(result.fix).toMatch(fix);
    if (!String(fix).includes('dist')) expect(result.fix).not.toContain('dist/');
  });

  it('says how many pages a check covered when only some loaded', () => {
    const visits = healthy();
    Object.assign(at(visits, '/links'), { status: undefined, error: 'net::ERR_CONNECTION_RESET' });
    expect(securityHeadersCheck(visits).detail).toMatch(/on the 7 pages that loaded \(1 did not: see routes\)$/);
    expect(cleanLoadCheck(visits, { walletCsp: 'strict' }).detail).toBe(
      'no CSP violation, console error or stalled island on the 7 pages that loaded (1 did not: see routes)',
    );
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

describe('the prerender rules of a deploy', () => {
  it("fails on a page whose policy lacks a rule set's hash, and on a /thank-you without No-Vary-Search", () => {
    const visits = healthy().map((v) =>
      v.path === '/'
        ? { ...v, cspMetas: [POLICY.replace(`'${SPECULATION_RULE_HASHES[1]!}'`, '')] }
        : v.path.startsWith('/thank-you')
          ? { ...v, headers: { ...HEADERS } }
          : v,
    );
    const result = prerenderCheck(visits, 'strict');
    expect(result.ok).toBe(false);
    expect(result.detail).toContain(`/: the policy does not allow the rule set(s) ${SPECULATION_RULE_HASHES[1]!}`);
    expect(result.detail).toContain('/thank-you answers no No-Vary-Search, not params=("orderId")');
  });

  it('does not ask for hashes when the build allows inline scripts (paypal-recommended)', () => {
    const visits = healthy().map((v) => ({ ...v, cspMetas: [POLICY.replace(RULES, "'unsafe-inline'")] }));
    expect(prerenderCheck(visits, 'paypal-recommended').ok).toBe(true);
  });
});
