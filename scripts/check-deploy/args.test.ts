import { describe, expect, it } from 'vitest';
import { parseDeployArgs, UsageError } from './args.ts';

describe('parseDeployArgs', () => {
  it('takes the site URL, a path in it the base the shop lives under, and defaults the rest', () => {
    expect(parseDeployArgs(['https://owner.github.io/shop/'], '/work')).toEqual({
      site: 'https://owner.github.io/shop',
      reportPath: '/work/check-deploy-report.json',
      api: undefined,
      timeoutMs: 30_000,
      loopbackOnly: false,
    });
    expect(parseDeployArgs(['https://shop.example.com/'], '/work')).toMatchObject({ site: 'https://shop.example.com' });
  });

  it('reads every option', () => {
    const args = [
      '--report=out/r.json',
      '--api',
      'https://api.example.com/api/v1/',
      '--timeout=5',
      '--loopback-only',
      'http://127.0.0.1:4700',
    ];
    expect(parseDeployArgs(args, '/work')).toEqual({
      site: 'http://127.0.0.1:4700',
      reportPath: '/work/out/r.json',
      api: 'https://api.example.com/api/v1',
      timeoutMs: 5000,
      loopbackOnly: true,
    });
    expect(parseDeployArgs(['--help'], '/work')).toBe('help');
    expect(parseDeployArgs(['-h', 'https://x.example'], '/work')).toBe('help');
  });

  it('refuses what it cannot use, saying what', () => {
    const refuse = (args: string[]) => () => parseDeployArgs(args, '/work');
    expect(refuse([])).toThrow(UsageError);
    expect(refuse([])).toThrow(/The site URL is missing/);
    expect(refuse(['https://a.example', 'https://b.example'])).toThrow(/One site URL, not 2/);
    expect(refuse(['shop.example.com'])).toThrow(/must be an absolute http\(s\) URL/);
    expect(refuse(['ftp://shop.example.com'])).toThrow(/must be an http\(s\) URL/);
    expect(refuse(['https://a.example', '--timeout=0'])).toThrow(/--timeout must be a whole number/);
    expect(refuse(['https://a.example', '--colour'])).toThrow(/Unknown option '--colour'/);
  });
});
