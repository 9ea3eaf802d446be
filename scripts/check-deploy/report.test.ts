import { describe, expect, it } from 'vitest';
import { failed, formatLine, listOf, passed, summaryLine } from './report.ts';

const site = 'https://shop.example.com';

describe('report lines', () => {
  it('one line per check: ok with what was seen, FAIL with what to fix', () => {
    expect(formatLine(passed('routes', 'all answer'))).toBe('ok routes: all answer');
    expect(formatLine(failed('wallet', 'no button\nat all', 'serve the SDK'))).toBe(
      'FAIL wallet: no button at all Fix: serve the SDK',
    );
  });

  it('sums up, naming the failed checks', () => {
    const checks = [passed('routes', 'x'), failed('security headers', 'y'), failed('wallet', 'z')];
    expect(summaryLine({ site, ok: false, checks }, '/tmp/r.json')).toBe(
      `check-deploy: 2 of 3 checks failed for ${site} (security headers, wallet). Report: /tmp/r.json`,
    );
    expect(summaryLine({ site, ok: true, checks: [checks[0]!] }, 'r.json')).toMatch(
      /^check-deploy: all 1 checks passed/,
    );
  });

  it('caps long lists', () => {
    expect(listOf(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('a, b, c, d, and 2 more');
    expect(listOf(['a', 'b', 'c'], 2, '; ')).toBe('a; b; and 1 more');
  });
});
