import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WALLET_PAGES } from '../features/payment/button/wallets.ts';
import { contentSecurityPolicy, imageHostList, originOf, walletPolicyMode } from './page-policy.ts';
import { speculationRules } from '../lib/speculation-rules.ts';

const parseWalletCsp = (value: string | undefined) => walletPolicyMode(WALLET_PAGES, { PAYPAL_CSP: value });

describe('walletPolicyMode', () => {
  it('is strict unless told otherwise', () => {
    expect(parseWalletCsp(undefined)).toBe('strict');
    expect(parseWalletCsp('')).toBe('strict');
    expect(parseWalletCsp(' strict ')).toBe('strict');
    expect(parseWalletCsp('paypal-recommended')).toBe('paypal-recommended');
  });

  it('stops on an unknown value, naming the variable, the value and the choices', () => {
    expect(() => parseWalletCsp('loose')).toThrow(
      'PAYPAL_CSP must be "strict" (the default) or "paypal-recommended", got "loose".',
    );
  });
});

// What a browser would make of the policy: the sources of each directive (with default-src as the fallback of the
// fetch directives), and whether a URL or a keyword such as 'unsafe-inline' is among them. Tests below ask the
// policy what it allows and refuses, not how it is written.
const SITE = 'https://shop.example.com';

interface Input {
  walletCsp: string;
  apiBaseUrl?: string;
  imageHosts?: string;
  sdkUrl?: string;
}

function policyOf({ walletCsp, sdkUrl, ...input }: Input) {
  const env = { PAYPAL_CSP: walletCsp, PUBLIC_PAYPAL_SDK_URL: sdkUrl };
  const csp = contentSecurityPolicy({ ...input, wallets: WALLET_PAGES, env, base: '' });
  const directives = new Map<string, string[]>();
  for (const line of csp.directives ?? []) {
    const [name = '', ...sources] = line.split(' ');
    directives.set(name, sources);
  }
  // A resource in object form targets a narrower directive (script-src-elem, ...): this policy has none.
  const plain = (resources: readonly (string | { resource: string })[] = []) =>
    resources.map((r) => (typeof r === 'string' ? r : `unexpected ${r.resource}`));
  directives.set('script-src', plain(csp.scriptDirective?.resources));
  directives.set('style-src', plain(csp.styleDirective?.resources));
  const sourcesOf = (directive: string) => directives.get(directive) ?? directives.get('default-src') ?? [];
  const matches = (source: string, url: URL) => {
    if (source === "'self'") return url.origin === SITE;
    if (source === 'data:') return url.protocol === 'data:';
    const pattern = /^(https?):\/\/(\*\.)?([^/:]+)(:\d+)?$/.exec(source);
    if (!pattern || url.protocol !== `${pattern[1]}:` || (pattern[4] ?? '') !== (url.port ? `:${url.port}` : ''))
      return false;
    return pattern[2] ? url.hostname.endsWith(`.${pattern[3]}`) : url.hostname === pattern[3];
  };
  return {
    csp,
    allows: (directive: string, what: string) =>
      what.startsWith("'")
        ? sourcesOf(directive).includes(what)
        : sourcesOf(directive).some((source) => matches(source, new URL(what, SITE))),
  };
}

describe('contentSecurityPolicy', () => {
  it('allows the prerender rule sets of the path the shop is built for, and those only', () => {
    const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
    const allowed = (base: string) =>
      contentSecurityPolicy({ wallets: WALLET_PAGES, env: {}, base }).scriptDirective?.hashes ?? [];
    const underShop = speculationRules('/shop');
    expect(underShop.checkout).toContain('"urls":["/shop/checkout"]');
    expect(underShop['thank-you']).toContain('"urls":["/shop/thank-you"]');
    expect(allowed('/shop')).toEqual([hash(underShop.checkout), hash(underShop['thank-you'])]);
    expect(allowed('')).toEqual(Object.values(speculationRules('')).map(hash));
  });

  it('strict: the site itself and the PayPal SDK, nothing inline, no eval, no other origin', () => {
    const { csp, allows } = policyOf({ walletCsp: 'strict', apiBaseUrl: '/api/v1', sdkUrl: '/demo-wallet/sdk.js' });
    expect(allows('script-src', '/_astro/app.js')).toBe(true);
    expect(allows('script-src', '/demo-wallet/sdk.js')).toBe(true);
    expect(allows('script-src', 'https://www.paypal.com/sdk/js?client-id=x')).toBe(true);
    expect(allows('script-src', 'https://www.sandbox.paypal.com/sdk/js')).toBe(true);
    expect(allows('script-src', 'https://www.paypalobjects.com/api/checkout.js')).toBe(true);
    expect(allows('script-src', "'unsafe-inline'")).toBe(false);
    expect(allows('script-src', "'unsafe-eval'")).toBe(false);
    expect(allows('style-src', "'unsafe-inline'")).toBe(false);
    expect(csp.scriptDirective?.strictDynamic).toBe(false);
    expect(csp.algorithm).toBe('SHA-256');
    for (const directive of ['script-src', 'connect-src', 'img-src', 'frame-src', 'style-src', 'font-src'])
      expect(allows(directive, 'https://evil.example/x')).toBe(false);
    expect(allows('connect-src', '/api/v1/orders')).toBe(true);
    expect(allows('img-src', 'data:image/png;base64,AA==')).toBe(true);
    expect(allows('frame-src', 'https://www.paypal.com/smart/buttons')).toBe(true);
    expect(allows('frame-src', '/anything')).toBe(false);
    expect(allows('object-src', '/movie.swf')).toBe(false);
    expect(allows('base-uri', 'https://evil.example/')).toBe(false);
    expect(allows('form-action', 'https://evil.example/')).toBe(false);
    // Venmo is left out: this store disables that funding source.
    expect(allows('frame-src', 'https://checkout.venmo.com/')).toBe(false);
  });

  it('strict: an API, image hosts and a wallet SDK on other origins are allowed for what each is for only', () => {
    const { allows } = policyOf({
      walletCsp: 'strict',
      apiBaseUrl: 'https://api.example.com/api/v1',
      imageHosts: 'cdn.example.com, img.example.net',
      sdkUrl: 'http://127.0.0.1:9/sdk.js',
    });
    expect(allows('connect-src', 'https://api.example.com/api/v1/orders')).toBe(true);
    expect(allows('img-src', 'https://api.example.com/pictures/1.png')).toBe(true);
    expect(allows('script-src', 'https://api.example.com/x.js')).toBe(false);
    expect(allows('img-src', 'https://cdn.example.com/a.webp')).toBe(true);
    expect(allows('img-src', 'https://img.example.net/a.webp')).toBe(true);
    expect(allows('connect-src', 'https://cdn.example.com/')).toBe(false);
    expect(allows('script-src', 'http://127.0.0.1:9/sdk.js')).toBe(true);
    expect(allows('script-src', 'http://127.0.0.1:10/sdk.js')).toBe(false);
    expect(allows('connect-src', 'http://127.0.0.1:9/')).toBe(false);
  });

  it('takes image hosts written as URLs by their host, and stops at anything else, naming it', () => {
    expect(imageHostList(' https://CDN.example.com/pictures/ ,img.example.net:8443, http://a.example')).toEqual([
      'cdn.example.com',
      'img.example.net:8443',
      'a.example',
    ]);
    expect(imageHostList(undefined)).toEqual([]);
    expect(imageHostList(' , ')).toEqual([]);
    for (const bad of ['cdn.example.com/pictures', 'cdn example.com', '*.example.com', 'https://', 'ftp://x.example'])
      expect(() => imageHostList(`ok.example, ${bad}`)).toThrow(`IMAGE_HOSTS: "${bad}" is not a host name`);
    const { allows } = policyOf({ walletCsp: 'strict', imageHosts: 'https://cdn.example.com' });
    expect(allows('img-src', 'https://cdn.example.com/a.webp')).toBe(true);
  });

  it("paypal-recommended: PayPal's table, inline scripts and styles and the Venmo hosts, nothing else looser", () => {
    const strict = policyOf({ walletCsp: 'strict' });
    const { allows } = policyOf({ walletCsp: 'paypal-recommended' });
    expect(allows('script-src', "'unsafe-inline'")).toBe(true);
    expect(allows('style-src', "'unsafe-inline'")).toBe(true);
    expect(allows('script-src', "'unsafe-eval'")).toBe(false);
    for (const directive of ['frame-src', 'child-src', 'connect-src', 'img-src', 'script-src'])
      expect(allows(directive, 'https://checkout.venmo.com/x')).toBe(true);
    for (const directive of [
      'script-src',
      'connect-src',
      'img-src',
      'frame-src',
      'object-src',
      'base-uri',
      'form-action',
    ]) {
      expect(allows(directive, 'https://evil.example/x')).toBe(false);
      expect(strict.allows(directive, 'https://evil.example/x')).toBe(false);
    }
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
