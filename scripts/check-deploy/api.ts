// The two checks that ask the API: is the deployed build.json still the live product (check-product's comparison,
// against the API the browser calls), and does the API's CORS answer let the storefront's browser calls through.
import type { Page } from '@playwright/test';
import type { BuildManifest } from '../../src/build/index.ts';
import { describeDifferences } from '../check-product/diff.ts';
import { BackendError, liveManifest } from '../check-product/live.ts';
import { describeNetworkError } from '../check-product/manifest.ts';
import type { ApiTarget } from './api-target.ts';
import { CORS_FIX, preflightProblems, preflightRequestHeaders, STOREFRONT_REQUEST_HEADERS } from './cors.ts';
import { classifyViolation, describeViolation, violationFix, type ViolationContext } from './csp.ts';
import { take } from './browser.ts';
import { failed, passed, type CheckResult } from './report.ts';

export async function buildJsonCheck(manifest: BuildManifest, api: ApiTarget, timeoutMs: number): Promise<CheckResult> {
  let live: BuildManifest;
  try {
    // The product only: src/content is the repository's business (check-product compares it).
    ({ manifest: live } = await liveManifest({
      apiBaseUrl: api.base,
      store: manifest.store,
      link: manifest.product.link,
      retries: 1,
      timeoutMs,
      content: manifest.content,
      rating: manifest.rating,
    }));
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    return failed(
      'build.json',
      `cannot compare with the live product: ${error.message}`,
      'check that the API is up and reachable from the internet.',
    );
  }
  const { changes } = describeDifferences(manifest, live);
  if (changes.length === 0) {
    return passed(
      'build.json',
      `matches the live product ${manifest.product.id} at ${api.base} (${manifest.product.fingerprint})`,
    );
  }
  return failed(
    'build.json',
    `the deployed build is stale, the pages show figures the backend no longer has: ${changes.join('; ')}`,
    'rebuild and deploy (npm run build, then upload dist/; the scheduled rebuild does this when check-product exits 1).',
  );
}

interface ProbeOutcome {
  ok: boolean;
  detail: string;
}

/** The storefront's headers on a harmless call (the product lookup), from the site's own page: the browser's verdict. */
async function probeFromPage(page: Page, url: string, timeoutMs: number): Promise<ProbeOutcome> {
  return page.evaluate(
    async ({ url, names, timeoutMs }) => {
      const headers: Record<string, string> = {};
      for (const name of names)
        headers[name] =
          name === 'Content-Type' ? 'application/json' : name === 'Authorization' ? 'Bearer' : 'check-deploy-probe';
      try {
        const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
        return { ok: true, detail: `HTTP ${response.status}` };
      } catch (error) {
        return { ok: false, detail: error instanceof Error ? error.message : String(error) };
      }
    },
    { url, names: [...STOREFRONT_REQUEST_HEADERS], timeoutMs },
  );
}

/** `page` shows the site's product page; whatever it logs during the probe is taken from its log. */
export async function corsCheck(
  page: Page,
  site: string,
  api: ApiTarget,
  manifest: BuildManifest | undefined,
  ctx: ViolationContext,
  timeoutMs: number,
): Promise<CheckResult> {
  const name = 'API CORS';
  if (api.sameOrigin) {
    return passed(name, `the browser calls ${api.base}, on the site's own origin: no CORS answer is needed`);
  }
  const problems: string[] = [];
  const origin = new URL(site).origin;
  const storeId = manifest?.store.id ?? 'store';
  const createUrl = `${api.base}/orders/store/${encodeURIComponent(storeId)}`;
  try {
    const response = await fetch(createUrl, {
      method: 'OPTIONS',
      headers: preflightRequestHeaders(origin),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => (headers[key] = value));
    problems.push(...preflightProblems({ status: response.status, headers }, origin));
  } catch (error) {
    return failed(
      name,
      `the API ${api.base} could not be reached (${describeNetworkError(error)})`,
      'check the API is up and its URL (build.json, or --api).',
    );
  }

  take(page);
  const lookup = manifest
    ? `${api.base}/stores/${encodeURIComponent(manifest.store.domain)}/products/${encodeURIComponent(manifest.product.link)}`
    : `${api.base}/system/version`;
  const probe = await probeFromPage(page, lookup, timeoutMs);
  const log = take(page);
  const blocked = log.violations.map((v) => ({ ...v, path: '/' }));
  if (blocked.length) {
    const first = blocked[0]!;
    return failed(
      name,
      `the page's CSP blocks calls to the API: ${describeViolation(first)}`,
      violationFix(classifyViolation(first, ctx), ctx, first),
    );
  }
  const said = log.consoleErrors.find((line) => /CORS|Access-Control/i.test(line));
  if (problems.length) {
    return failed(
      name,
      `the API ${api.origin} refuses the storefront's calls from ${site}: ${problems.join('; ')}${said ? `. The browser says: ${said}` : ''}`,
      CORS_FIX,
    );
  }
  if (!probe.ok) {
    return failed(
      name,
      `the browser could not call ${lookup} from ${site} (${probe.detail})${said ? `: ${said}` : ''}`,
      CORS_FIX,
    );
  }
  return passed(
    name,
    `${api.origin} answers the preflight from ${site} for ${STOREFRONT_REQUEST_HEADERS.join(', ')}, and the browser's call went through (${probe.detail})`,
  );
}
