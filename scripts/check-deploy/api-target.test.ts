import { describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../src/build/index.ts';
import { resolveApiTarget } from './api-target.ts';

const manifest = (apiBaseUrl?: string) =>
  ({ browser: apiBaseUrl ? { apiBaseUrl, walletCsp: 'strict' } : undefined }) as unknown as BuildManifest;
const site = 'https://shop.example.com';

describe('resolveApiTarget', () => {
  it("resolves build.json's relative API against the site: same origin", () => {
    expect(resolveApiTarget(site, undefined, manifest('/api/v1'))).toEqual({
      base: 'https://shop.example.com/api/v1',
      origin: site,
      sameOrigin: true,
      source: 'build.json',
    });
  });

  it('takes an absolute API from build.json, or --api over it', () => {
    expect(resolveApiTarget(site, undefined, manifest('https://api.example.com/api/v1/'))).toMatchObject({
      base: 'https://api.example.com/api/v1',
      sameOrigin: false,
    });
    expect(resolveApiTarget(site, 'https://other.example.com/api/v1', manifest('/api/v1'))).toMatchObject({
      origin: 'https://other.example.com',
      source: '--api',
    });
  });

  it('says how to tell it when nothing records the API', () => {
    expect(resolveApiTarget(site, undefined, manifest())).toEqual({
      problem:
        'build.json does not record the API the browser calls (a build made before check-deploy): rebuild and deploy, or pass --api=<URL>',
    });
    expect(resolveApiTarget(site, undefined, undefined)).toEqual({
      problem: 'without build.json the check cannot tell which API the browser calls: pass --api=<URL>',
    });
  });
});
