// Command line of `npm run check-deploy`.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { basePathOf } from '../../src/build/index.ts';

export class UsageError extends Error {}

const DEFAULT_REPORT = 'check-deploy-report.json';

export const USAGE = `Usage: npm run check-deploy -- <site URL> [--report=<file>] [--api=<URL>] [--timeout=<seconds>] [--loopback-only]

Opens the deployed shop in headless Chromium and checks what decides whether it can take money: every route's
status, the security headers and the page Content-Security-Policy, no CSP violation or console error on load, the
product's JSON-LD, build.json against the live product, the API's CORS answer for the storefront's calls, and the
wallet button (it loads, draws, and a first interaction brings no CSP violation).
The site URL is the shop's home page, as SITE_URL was set for the build (a path included, e.g.
https://owner.github.io/shop). One line per check; exits 0 when all pass, 1 when any fails, 2 on a usage error.

  --report=<file>    where to write the JSON report (default ./${DEFAULT_REPORT})
  --api=<URL>        the API base URL the browser calls, including /api/v1 (default: the one build.json records)
  --timeout=<s>      how long one page or step may take (default 30)
  --loopback-only    keep the browser on this machine: every host but 127.0.0.1 fails to resolve (tests, previews)
  -h, --help         this text`;

export interface DeployCheckOptions {
  /** The site's address without a trailing slash: its origin, and its base path when it has one. */
  site: string;
  reportPath: string;
  api: string | undefined;
  timeoutMs: number;
  loopbackOnly: boolean;
}

function httpUrl(value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${what} must be an absolute http(s) URL such as https://shop.example.com, got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${what} must be an http(s) URL, got "${value}".`);
  }
  return url;
}

export function parseDeployArgs(argv: string[], cwd: string): DeployCheckOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        report: { type: 'string' },
        api: { type: 'string' },
        timeout: { type: 'string' },
        'loopback-only': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 1) {
    throw new UsageError(
      `${positionals.length === 0 ? 'The site URL is missing.' : `One site URL, not ${positionals.length}.`}\n\n${USAGE}`,
    );
  }
  const given = httpUrl(positionals[0]!, 'The site URL');
  const site = `${given.origin}${basePathOf(given.href)}`;
  const api = values.api === undefined ? undefined : httpUrl(values.api, '--api').href.replace(/\/+$/, '');
  let timeoutMs = 30_000;
  if (values.timeout !== undefined) {
    const seconds = Number(values.timeout);
    if (!/^\d+$/.test(values.timeout) || seconds < 1 || seconds > 600) {
      throw new UsageError(`--timeout must be a whole number of seconds from 1 to 600, got "${values.timeout}".`);
    }
    timeoutMs = seconds * 1000;
  }
  return {
    site,
    reportPath: resolve(cwd, values.report || DEFAULT_REPORT),
    api,
    timeoutMs,
    loopbackOnly: values['loopback-only'],
  };
}
