import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, checkText } from './check-links.ts';

const ROOT = resolve(import.meta.dirname, '..');
const inSrc = join(ROOT, 'src', 'example.ts');
const messages = (text: string) => checkText(inSrc, text).map((p) => p.message);

describe('references to the docs from code', () => {
  it('accepts a file and an anchor that exist', () => {
    expect(messages('// see docs/performance.md#load-on-use and README.md#configuration')).toEqual([]);
    expect(messages("throw new Error('See docs/deploy.md.');")).toEqual([]);
  });

  it('refuses an anchor that no heading has, and a file that does not exist', () => {
    expect(messages('// docs/performance.md#load-on-demand')).toEqual([
      'docs/performance.md#load-on-demand: docs/performance.md has no heading with the anchor #load-on-demand',
    ]);
    expect(messages('// docs/perf.md')).toEqual(['docs/perf.md: no such file']);
  });

  it('refuses a heading cited by its title, which nothing can check', () => {
    expect(messages('// (docs/requirements.md, "Cart")')).toHaveLength(1);
    expect(messages('// see the README\'s "Configuration"')).toHaveLength(1);
  });

  it("gives headings GitHub's anchors", () => {
    expect([...anchorsOf('# A\n\n## 4. Amazon S3 + CloudFront\n\n## Payment (the wallet button)\n\n## A\n')]).toEqual([
      'a',
      '4-amazon-s3--cloudfront',
      'payment-the-wallet-button',
      'a-1',
    ]);
  });
});

describe('links in the Markdown docs (remark-validate-links, as npm test runs it)', () => {
  it('fails on a broken anchor or a missing file, passes on good links', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-links-'));
    try {
      writeFileSync(join(dir, 'b.md'), '# B\n\n## Real heading\n');
      const remark = (text: string) => {
        writeFileSync(join(dir, 'a.md'), `# A\n\n${text}\n`);
        return spawnSync(
          process.execPath,
          [
            join(ROOT, 'node_modules', 'remark-cli', 'cli.js'),
            '--rc-path',
            join(ROOT, '.remarkrc.mjs'),
            '--no-stdout',
            '--quiet',
            '--frail',
            '--no-color',
            'a.md',
            'b.md',
          ],
          { cwd: dir, encoding: 'utf8' },
        );
      };
      expect(remark('[ok](b.md#real-heading)').status).toBe(0);
      const broken = remark('[gone](b.md#no-such-heading)');
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain('Cannot find heading for `#no-such-heading`');
      expect(remark('[missing](c.md)').status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
