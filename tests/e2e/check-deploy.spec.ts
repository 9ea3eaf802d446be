// `npm run check-deploy` as a process, against `npm start` (everything passes) and against deploys of the same
// dist/ broken the ways a live shop breaks (tests/e2e/broken-deploy.support.ts): each is caught by its own check, with a
// message that says what to fix, and every other check still passes. The command starts its own Chromium, held
// to loopback (--loopback-only), so it runs once, in the desktop project.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type TestInfo } from '@playwright/test';
import { basePathURL } from '../../playwright.config.ts';
import type { Report } from '../../scripts/check-deploy/report.ts';
import { serveCorsProxy, serveDeploy, serveRefusedTls, type Running } from './broken-deploy.support.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(ROOT, 'dist');
const CHECKS = [
  'routes',
  'security headers',
  'page CSP',
  'prerender rules',
  'clean load',
  'product JSON-LD',
  'build.json',
  'API CORS',
  'wallet',
];

interface Run {
  code: number | null;
  lines: string[];
  report: Report;
  /** The printed line of one check. */
  line: (name: string) => string;
  failedChecks: string[];
}

function checkDeploy(site: string, info: TestInfo): Promise<Run> {
  const reportPath = info.outputPath(`report-${Date.now()}.json`);
  const args = [
    join(ROOT, 'scripts/check-deploy.ts'),
    site,
    '--loopback-only',
    `--report=${reportPath}`,
    '--timeout=20',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const lines = out.trim().split('\n');
      void info.attach('check-deploy output', { body: out, contentType: 'text/plain' });
      let report: Report;
      try {
        report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
      } catch {
        return reject(new Error(`check-deploy exited ${code} without a report:\n${out}`));
      }
      const line = (name: string) =>
        lines.find((l) => l.startsWith(`ok ${name}: `) || l.startsWith(`FAIL ${name}: `)) ?? `(no line for ${name})`;
      resolve({ code, lines, report, line, failedChecks: report.checks.filter((c) => !c.ok).map((c) => c.name) });
    });
  });
}

const servers: Running[] = [];
test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function deploy(...args: Parameters<typeof serveDeploy>) {
  const site = await serveDeploy(...args);
  servers.push(site);
  return site;
}

test.describe('npm run check-deploy', () => {
  test.skip(
    ({ isMobile }) => isMobile,
    'the command starts its own browser: the phone project would repeat the desktop run',
  );
  test.describe.configure({ timeout: 60_000 });

  test('passes every check against npm start, one ok line each, and writes the report', async ({ baseURL }, info) => {
    const run = await checkDeploy(baseURL!, info);
    expect(run.lines.filter((l) => /^(ok|FAIL) /.test(l))).toEqual(CHECKS.map((name) => run.line(name)));
    expect(run.failedChecks).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.line('API CORS')).toBe(
      `ok API CORS: the browser calls ${baseURL}/api/v1, on the site's own origin: no CORS answer is needed`,
    );
    expect(run.line('wallet')).toMatch(
      /^ok wallet: the wallet SDK \(http:\/\/127\.0\.0\.1:\d+\/demo-wallet\/sdk\.js\) drew the PayPal button; a click opened the demo wallet, cancelled/,
    );
    expect(run.report).toMatchObject({ site: baseURL, api: `${baseURL}/api/v1`, ok: true });
    expect(run.lines.at(-1)).toMatch(
      /^check-deploy: all 9 checks passed for http:\/\/127\.0\.0\.1:\d+: the live shop can take money\. Report: /,
    );
  });

  test('passes every check against a shop under a path, visiting its pages there', async ({
    browserName: _browserName,
  }, info) => {
    const run = await checkDeploy(basePathURL, info);
    expect(run.failedChecks).toEqual([]);
    expect(run.line('routes')).toMatch(
      /^ok routes: \/ \/support .* answer 200; \/check-deploy-no-such-page answers 404/,
    );
    expect(run.report).toMatchObject({ site: basePathURL, api: `${new URL(basePathURL).origin}/api/v1`, ok: true });
  });

  test('catches a host that drops the security headers', async ({ baseURL }, info) => {
    const site = await deploy(DIST, baseURL!, { noSecurityHeaders: true });
    const run = await checkDeploy(site.url, info);
    expect(run.failedChecks).toEqual(['security headers']);
    expect(run.code).toBe(1);
    expect(run.line('security headers')).toMatch(
      /^FAIL security headers: missing Strict-Transport-Security \(every page\); missing X-Content-Type-Options \(every page\); .*missing X-Frame-Options \(every page\) Fix: the host must send these headers .*public\/_headers/,
    );
    expect(run.lines.at(-1)).toMatch(
      /^check-deploy: 1 of 9 checks failed for http:\/\/127\.0\.0\.1:\d+ \(security headers\)\./,
    );
  });

  /** The site deployed against the demo API behind a proxy on another origin, which allows `headers`. */
  async function behindCorsProxy(baseURL: string, headers: string) {
    const api = await serveCorsProxy(baseURL, headers);
    servers.push(api);
    const site = await deploy(DIST, baseURL, { apiBaseUrl: `${api.url}/api/v1` });
    api.allowOrigin = site.url;
    return { api, site };
  }

  test('passes the CORS check of an API on another origin that allows the calls', async ({ baseURL }, info) => {
    const { api, site } = await behindCorsProxy(baseURL!, 'Content-Type, Authorization, Idempotency-Key');
    const run = await checkDeploy(site.url, info);
    expect(site.rewrites).toEqual(new Set(['config', 'policy']));
    expect(run.failedChecks).toEqual([]);
    expect(run.line('API CORS')).toBe(
      `ok API CORS: ${api.url} answers the preflight from ${site.url} for Authorization, Content-Type, Idempotency-Key, and the browser's call went through (HTTP 200)`,
    );
    // The site's own calls went there: the wallet's order create, preflighted by the browser.
    expect(api.fromBrowser).toContain('OPTIONS /api/v1/orders/store/haven-home');
    expect(api.fromBrowser).toContain('POST /api/v1/orders/store/haven-home');
  });

  test('names Idempotency-Key when an API on another origin refuses that header', async ({ baseURL }, info) => {
    const { api, site } = await behindCorsProxy(baseURL!, 'Content-Type, Authorization');
    const run = await checkDeploy(site.url, info);
    expect(run.code).toBe(1);
    expect(run.line('API CORS')).toMatch(
      new RegExp(
        `^FAIL API CORS: the API ${api.url} refuses the storefront's calls from ${site.url}: it does not allow the request header ` +
          'Idempotency-Key \\(Access-Control-Allow-Headers is "Content-Type, Authorization"\\)\\. The browser says: .*idempotency-key.* Fix: .*Idempotency-Key',
      ),
    );
    // The wallet starts with the order create, which sends the key: it fails with it, and says so.
    expect(run.failedChecks).toEqual(['API CORS', 'wallet']);
    expect(run.line('wallet')).toMatch(
      /^FAIL wallet: clicking the PayPal button opened no wallet: Could not initiate PayPal Checkout\.\.\. .* blocked by CORS policy/,
    );
  });

  test('catches a page policy that blocks the wallet SDK', async ({ baseURL }, info) => {
    let origin = '';
    // Scripts are allowed from the build's /_astro/ folder only, so the SDK (/demo-wallet/sdk.js) is refused.
    const site = await deploy(DIST, baseURL!, {
      policy: (p) => p.replace("script-src 'self'", `script-src ${origin}/_astro/`),
    });
    origin = site.url;
    const run = await checkDeploy(site.url, info);
    expect(site.rewrites).toEqual(new Set(['policy']));
    expect(run.failedChecks).toEqual(['wallet']);
    expect(run.line('wallet')).toMatch(
      new RegExp(
        "^FAIL wallet: the page's CSP blocks the wallet SDK, so the PayPal button never appears: script-src-elem refused " +
          `${site.url}/demo-wallet/sdk\\.js from ${site.url}/_astro/WalletButtonPayPal\\.\\S+\\.js ` +
          `Fix: the page's script-src must allow the wallet SDK's origin ${site.url} `,
      ),
    );
  });

  test('says which build setting lets a wallet SDK inject what the strict policy refuses', async ({
    baseURL,
  }, info) => {
    // What PayPal's SDK does on a live page (its guide asks for 'unsafe-inline'): an inline <style> element.
    const inject =
      "(function(){var s=document.createElement('style');s.textContent='.injected{color:red}';document.head.append(s);})();\n";
    const site = await deploy(DIST, baseURL!, { sdk: (source) => inject + source });
    const run = await checkDeploy(site.url, info);
    expect(site.rewrites).toEqual(new Set(['sdk']));
    expect(run.failedChecks).toEqual(['wallet']);
    expect(run.line('wallet')).toMatch(
      new RegExp(
        '^FAIL wallet: loading the wallet SDK brought a CSP violation: style-src-elem refused inline code .* ' +
          'Fix: the wallet SDK needs more than the strict policy allows: rebuild with PAYPAL_CSP=paypal-recommended and deploy: .*' +
          'https://developer\\.paypal\\.com/sdk/js/best-practices',
      ),
    );
  });

  test('fails every check against a site whose pages cannot be loaded, naming the certificate as the cause', async ({
    baseURL,
  }, info) => {
    mkdirSync(info.outputDir, { recursive: true });
    const site = await serveRefusedTls(DIST, baseURL!, info.outputDir);
    servers.push(site);
    const run = await checkDeploy(site.url, info);
    expect(run.code).toBe(1);
    expect(run.failedChecks).toEqual(CHECKS);
    expect(run.line('routes')).toMatch(/^FAIL routes: no page could be loaded \(net::ERR_CERT_AUTHORITY_INVALID\) /);
    expect(run.line('routes')).toMatch(/Fix: the site's TLS certificate was refused/);
    expect(run.line('routes')).not.toContain('dist/');
    for (const name of ['security headers', 'page CSP', 'clean load']) {
      expect(run.line(name)).toMatch(new RegExp(`^FAIL ${name}: no page could be loaded, so no .* was seen`));
    }
    expect(run.line('build.json')).toMatch(/DEPTH_ZERO_SELF_SIGNED_CERT\. Fix: the site's TLS certificate was refused/);
    expect(run.lines.join('\n')).not.toMatch(/on all 0 pages|on 0 pages/);
  });

  test('catches a stale build.json: the pages show a price the backend no longer has', async ({ baseURL }, info) => {
    const site = await deploy(DIST, baseURL!, {
      manifest: (m) => ({
        ...m,
        product: { ...m.product, variants: m.product.variants.map((v, i) => (i === 0 ? { ...v, price: 89.99 } : v)) },
      }),
    });
    const run = await checkDeploy(site.url, info);
    expect(site.rewrites).toEqual(new Set(['manifest']));
    expect(run.failedChecks).toEqual(['build.json']);
    expect(run.line('build.json')).toBe(
      'FAIL build.json: the deployed build is stale, the pages show figures the backend no longer has: price of "Arctic White" ' +
        '(var_arctic_white) from $89.99 to $79.99 Fix: rebuild and deploy (npm run build, then upload dist/; the scheduled rebuild does this when check-product exits 1).',
    );
  });
});
