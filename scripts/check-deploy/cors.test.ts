import { describe, expect, it } from 'vitest';
import { preflightProblems, preflightRequestHeaders } from './cors.ts';

const site = 'https://shop.example.com';
const answer = (headers: Record<string, string>, status = 204) => ({ status, headers });
const good = {
  'access-control-allow-origin': site,
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key',
};

describe('preflightProblems', () => {
  it('lets the storefront calls through when origin and all three headers are allowed, in any case', () => {
    expect(preflightProblems(answer(good), site)).toEqual([]);
    expect(
      preflightProblems(
        answer({ ...good, 'access-control-allow-headers': 'idempotency-key,content-type,authorization' }),
        site,
      ),
    ).toEqual([]);
    expect(preflightProblems(answer({ ...good, 'access-control-allow-origin': '*' }), site)).toEqual([]);
  });

  it('names the header a preflight leaves out, e.g. Idempotency-Key', () => {
    expect(
      preflightProblems(answer({ ...good, 'access-control-allow-headers': 'Content-Type, Authorization' }), site),
    ).toEqual([
      'it does not allow the request header Idempotency-Key (Access-Control-Allow-Headers is "Content-Type, Authorization")',
    ]);
    expect(preflightProblems(answer({ ...good, 'access-control-allow-headers': '' }), site)).toEqual([
      'it does not allow the request headers Authorization, Content-Type, Idempotency-Key (Access-Control-Allow-Headers is absent)',
    ]);
  });

  it('does not count the wildcard for Authorization, as browsers do not', () => {
    expect(preflightProblems(answer({ ...good, 'access-control-allow-headers': '*' }), site)).toEqual([
      'it does not allow the request header Authorization (Access-Control-Allow-Headers is "*")',
    ]);
  });

  it('refuses another origin, a missing one and a failed preflight', () => {
    expect(
      preflightProblems(answer({ ...good, 'access-control-allow-origin': 'https://admin.example.com' }), site),
    ).toEqual([
      'Access-Control-Allow-Origin is "https://admin.example.com", not the site\'s origin https://shop.example.com',
    ]);
    const { ['access-control-allow-origin']: _, ...noOrigin } = good;
    expect(preflightProblems(answer(noOrigin), site)).toEqual([
      "no Access-Control-Allow-Origin (the site's origin https://shop.example.com must be allowed)",
    ]);
    expect(preflightProblems(answer({}, 405), site)).toEqual([
      'the preflight (OPTIONS) is answered with HTTP 405, not a 2xx',
    ]);
  });

  it('needs no listed method for POST, but does for PUT', () => {
    expect(preflightProblems(answer({ ...good, 'access-control-allow-methods': '' }), site)).toEqual([]);
    expect(preflightProblems(answer(good), site, 'PUT')).toEqual([
      'Access-Control-Allow-Methods (GET, POST, OPTIONS) does not allow PUT',
    ]);
  });

  it('asks as a browser does before the order create', () => {
    expect(preflightRequestHeaders(site)).toEqual({
      Origin: site,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key',
    });
  });
});
