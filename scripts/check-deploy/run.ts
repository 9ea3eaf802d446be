// `npm run check-deploy`: whether the live shop can take money, checked through a real browser. It reads the
// deployed build.json first (the browser's API and page policy, and the product the pages were built from), loads
// every route, then plays the shopper's first interaction with the wallet on the product page.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Browser } from '@playwright/test';
import { basePathOf, WALLET_PAGES, type BuildManifest } from '../../src/build/index.ts';
import { CHROME_PATH } from '../chromium.ts';
import { loadManifest } from '../check-product/manifest.ts';
import { buildJsonCheck, corsCheck } from './api.ts';
import { resolveApiTarget, type ApiTarget } from './api-target.ts';
import { parseDeployArgs, USAGE, UsageError, type DeployCheckOptions } from './args.ts';
import { launch, newContext, visit, waitForIslands, watchConsole } from './browser.ts';
import {
  cleanLoadCheck,
  expectedConsoleError,
  jsonLdCheck,
  loadFailureFix,
  pagePolicyCheck,
  prerenderCheck,
  ROUTES,
  routesCheck,
  securityHeadersCheck,
} from './page-checks.ts';
import { failed, formatLine, summaryLine, type CheckResult, type Report } from './report.ts';
import { walletCheck } from './wallet.ts';
import type { WalletCsp } from './csp.ts';

const PASSED = 0;
const FAILED = 1;
const USAGE_ERROR = 2;

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const BUILD_JSON_FIX =
  'deploy all of dist/, build.json included (it is how the checks learn what the pages were built from).';

async function readManifest(site: string, timeoutMs: number): Promise<BuildManifest | Error> {
  return loadManifest(`${site}/build.json`, timeoutMs).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
}

/** 'strict', or the recommended policies it was built with when each names a wallet's. */
function walletCspOf(manifest: BuildManifest | undefined): WalletCsp {
  const modes = (manifest?.browser?.walletCsp ?? '').split(',');
  const known = new Set(WALLET_PAGES.map((wallet) => wallet.recommended.value));
  return modes.every((mode) => known.has(mode)) ? modes.join(',') : 'strict';
}

async function buildJson(
  read: BuildManifest | Error,
  api: ApiTarget | { problem: string },
  timeoutMs: number,
): Promise<CheckResult> {
  if (read instanceof Error)
    return failed('build.json', read.message, loadFailureFix([read.message]) ?? BUILD_JSON_FIX);
  if ('problem' in api) return failed('build.json', `cannot compare with the live product: ${api.problem}`);
  return buildJsonCheck(read, api, timeoutMs);
}

async function browserChecks(
  browser: Browser,
  options: DeployCheckOptions,
  read: BuildManifest | Error,
  api: ApiTarget | { problem: string },
): Promise<CheckResult[]> {
  const { site, timeoutMs } = options;
  const manifest = read instanceof Error ? undefined : read;
  const walletCsp = walletCspOf(manifest);
  const apiOrigin = 'problem' in api ? undefined : api.origin;
  const context = await newContext(browser, site);
  const visits = await Promise.all(
    ROUTES.map((route) =>
      visit(context, site, route, timeoutMs, { expected: (text, url) => expectedConsoleError(text, url, site, route) }),
    ),
  );

  const page = await context.newPage();
  watchConsole(page);
  const home = await page.goto(`${site}/`, { waitUntil: 'load', timeout: timeoutMs }).catch(() => null);
  await waitForIslands(page, timeoutMs);
  let cors: CheckResult;
  let wallet: CheckResult;
  let sdkUrl: string | undefined;
  if (!home) {
    cors = failed('API CORS', 'the product page / could not be loaded');
    wallet = failed('wallet', 'the product page / could not be loaded');
  } else {
    cors =
      'problem' in api
        ? failed('API CORS', api.problem)
        : await corsCheck(page, site, api, manifest, { walletCsp, apiOrigin }, timeoutMs);
    const outcome = await walletCheck(page, { walletCsp, apiOrigin }, timeoutMs);
    wallet = outcome.result;
    sdkUrl = outcome.sdkUrl;
  }
  await context.close();

  return [
    routesCheck(visits),
    securityHeadersCheck(visits),
    pagePolicyCheck(visits, walletCsp),
    prerenderCheck(visits, walletCsp, basePathOf(site)),
    cleanLoadCheck(visits, { walletCsp, apiOrigin, sdkUrl }),
    await jsonLdCheck(visits.find((v) => v.path === '/')),
    await buildJson(read, api, timeoutMs),
    cors,
    wallet,
  ];
}

export async function checkDeploy(argv: string[], cwd: string, io: Io): Promise<number> {
  let options: DeployCheckOptions | 'help';
  try {
    options = parseDeployArgs(argv, cwd);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`check-deploy: ${error.message}`);
      return USAGE_ERROR;
    }
    throw error;
  }
  if (options === 'help') {
    io.out(USAGE);
    return PASSED;
  }
  io.out(`check-deploy: checking ${options.site} in headless Chromium ...`);
  const read = await readManifest(options.site, options.timeoutMs);
  const api = resolveApiTarget(options.site, options.api, read instanceof Error ? undefined : read);
  const checks = await launch(options.loopbackOnly).then(
    async (browser) => {
      try {
        return await browserChecks(browser, options, read, api);
      } finally {
        await browser.close();
      }
    },
    (error: unknown) => {
      const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
      return [
        failed(
          'browser',
          `Chromium could not be started from ${CHROME_PATH} (${why})`,
          'apt-get install -y chromium, or set CHROME_PATH.',
        ),
      ];
    },
  );
  const report: Report = {
    site: options.site,
    api: 'problem' in api ? undefined : api.base,
    ok: checks.every((c) => c.ok),
    checks,
  };
  for (const check of checks) io.out(formatLine(check));
  await mkdir(dirname(options.reportPath), { recursive: true });
  await writeFile(options.reportPath, `${JSON.stringify(report, null, 2)}\n`);
  io.out(summaryLine(report, options.reportPath));
  return report.ok ? PASSED : FAILED;
}
