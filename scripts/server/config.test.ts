import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEnv, ConfigError, DEFAULT_PORT, parseArgs, parsePort, siteBase } from './config.ts';

describe('parseArgs', () => {
  it('reads the modes, --dist and --content-root', () => {
    expect(parseArgs([])).toEqual({ mode: 'serve', distDir: undefined, contentRoot: undefined });
    expect(parseArgs(['--build-only'])).toMatchObject({ mode: 'build-only' });
    expect(parseArgs(['--no-build', '--dist=out'])).toEqual({
      mode: 'no-build',
      distDir: resolve('out'),
      contentRoot: undefined,
    });
    expect(parseArgs(['--content-root', 'copy'])).toMatchObject({ contentRoot: resolve('copy') });
  });

  it.each([[['--build-only', '--no-build']], [['--watch']], [['--dist=']], [['--content-root=']]])(
    'refuses %j',
    (argv) => {
      expect(() => parseArgs(argv)).toThrow(ConfigError);
    },
  );
});

describe('parsePort', () => {
  it('defaults to 4321 and accepts 0 to 65535', () => {
    expect(parsePort(undefined)).toBe(DEFAULT_PORT);
    expect(DEFAULT_PORT).toBe(4321);
    expect(parsePort('0')).toBe(0);
    expect(parsePort(' 5000 ')).toBe(5000);
  });

  it.each(['abc', '-1', '65536', '80.5'])('refuses %j with a message naming PORT', (value) => {
    expect(() => parsePort(value)).toThrow(/^PORT must be a whole number/);
  });
});

describe('buildEnv', () => {
  it('fills the demo configuration of the seed catalogue', () => {
    expect(buildEnv({}, 'http://127.0.0.1:40000', 'http://127.0.0.1:4321')).toEqual({
      ASTRO_TELEMETRY_DISABLED: '1',
      API_BASE_URL: 'http://127.0.0.1:40000/api/v1',
      PUBLIC_API_BASE_URL: '/api/v1',
      PUBLIC_STORE_ID: 'haven-home',
      PUBLIC_STORE_DOMAIN: 'haven-home.test',
      PUBLIC_PRODUCT_LINK: 'haven-cam-360',
      PUBLIC_PAYPAL_CLIENT_ID: 'demo-client-id',
      PUBLIC_PAYPAL_ENV: 'sandbox',
      PUBLIC_PAYPAL_SDK_URL: '/demo-wallet/sdk.js',
      SITE_URL: 'http://127.0.0.1:4321',
      NODE_ENV: 'production',
    });
  });

  it('takes the store and the product from the catalogue being served (DEMO_CATALOG)', () => {
    const catalog = { store: { id: 'acme', domain: 'acme.test' }, products: [{ link: 'acme-cam' }, { link: 'other' }] };
    expect(buildEnv({}, 'http://a', 'http://b', catalog)).toMatchObject({
      PUBLIC_STORE_ID: 'acme',
      PUBLIC_STORE_DOMAIN: 'acme.test',
      PUBLIC_PRODUCT_LINK: 'acme-cam',
    });
    expect(buildEnv({ PUBLIC_PRODUCT_LINK: 'other' }, 'http://a', 'http://b', catalog).PUBLIC_PRODUCT_LINK).toBe(
      'other',
    );
  });

  it('always builds for production, whatever NODE_ENV the caller has (vitest sets "test")', () => {
    expect(buildEnv({ NODE_ENV: 'test' }, 'http://a', 'http://b').NODE_ENV).toBe('production');
  });

  it('keeps values set in the environment and passes other variables through', () => {
    const env = buildEnv(
      { PUBLIC_STORE_ID: 'other', SITE_URL: 'https://shop.example', PATH: '/bin' },
      'http://a',
      'http://b',
    );
    expect(env).toMatchObject({
      PUBLIC_STORE_ID: 'other',
      SITE_URL: 'https://shop.example',
      PATH: '/bin',
      PUBLIC_PRODUCT_LINK: 'haven-cam-360',
    });
  });
});

describe('siteBase', () => {
  it("is SITE_URL's path, and nothing at a root, unset or unreadable", () => {
    expect(siteBase('https://owner.github.io/shop/')).toBe('/shop');
    expect(siteBase('https://shop.example.com')).toBe('');
    expect(siteBase(undefined)).toBe('');
    expect(siteBase('not a url')).toBe('');
  });
});
