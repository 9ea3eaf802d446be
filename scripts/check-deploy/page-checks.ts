// The checks made from the pages as the browser loaded them (routes, headers, page policy, a clean load, JSON-LD):
// plain functions of what was seen, so each message is tested without a browser.
import { PAGES, speculationRules, thankYouPath, THANK_YOU_NO_VARY_SEARCH } from '../../src/build/index.ts';
import {
  classifyViolation,
  describeViolation,
  PAGE_POLICY_FIX,
  missingRuleHashes,
  pagePolicyProblems,
  recommendedBy,
  violationFix,
  type Violation,
  type ViolationContext,
  type WalletCsp,
} from './csp.ts';
import { securityHeaderProblems, SECURITY_HEADER_NAMES } from './headers.ts';
import { jsonLdDocuments, productJsonLd } from './json-ld.ts';
import { validateStructuredData } from './structured-data.ts';
import { failed, listOf, passed, type CheckResult } from './report.ts';

const NOT_FOUND_HEADING = 'Oops! Page not found';

export interface Route {
  path: string;
  status: 200 | 404;
}

/** Every page of the shop (the confirmation of an order this browser does not keep), and one that must not exist. */
export const ROUTES: readonly Route[] = [
  ...PAGES.map(({ path }): Route => ({
    path: path === '/thank-you' ? thankYouPath('CHECK-DEPLOY') : path,
    status: 200,
  })),
  { path: '/check-deploy-no-such-page', status: 404 },
];

/**
 * Console lines a page causes on purpose, which browsers log as errors: the 404 page's own status, and /thank-you's
 * lookup of an order this browser does not keep, which a backend that wants a token answers with 401 or 403 (404
 * for an unknown order); the page then shows what it knows.
 */
export function expectedConsoleError(text: string, url: string, site: string, route: Route): boolean {
  const status = /^Failed to load resource: the server responded with a status of (\d{3})\b/.exec(text)?.[1];
  if (!status) return false;
  if (route.status === 404 && status === '404' && url === `${site}${route.path}`) return true;
  try {
    return /^40[134]$/.test(status) && /\/orders\/CHECK-DEPLOY$/.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

export interface PageVisit {
  path: string;
  expectedStatus: 200 | 404;
  /** Undefined when the page could not be loaded at all (`error` says why). */
  status?: number | undefined;
  error?: string | undefined;
  /** The document's response headers, lower-case names. */
  headers: Record<string, string>;
  h1?: string | undefined;
  cspMetas: string[];
  jsonLd: string[];
  /** Every island that starts on load has started (its code ran). */
  hydrated: boolean;
  violations: Violation[];
  consoleErrors: string[];
}

/**
 * What to do about what could not be fetched at all, from the network error (Chromium's net::ERR_..., or Node's
 * code): a certificate that is refused is a TLS problem, a name or connection that fails is the host or the
 * address; undefined for anything else, where the caller's own advice (the upload) stands.
 */
export function loadFailureFix(errors: readonly string[]): string | undefined {
  const text = errors.join(' ');
  if (
    /ERR_CERT_|ERR_SSL_|ERR_BAD_SSL|ERR_TLS|SSL_PROTOCOL|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|CERT_HAS_EXPIRED|EPROTO/.test(
      text,
    )
  ) {
    return (
      "the site's TLS certificate was refused: serve HTTPS with a certificate for this host name from a " +
      'trusted authority (and its intermediate chain), not expired; the pages themselves were never reached.'
    );
  }
  if (/ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED|ENOTFOUND|EAI_AGAIN/.test(text)) {
    return "the site's host name does not resolve: check the URL and the DNS record of the domain.";
  }
  if (
    /ERR_CONNECTION_REFUSED|ERR_CONNECTION_TIMED_OUT|ERR_ADDRESS_UNREACHABLE|ERR_TIMED_OUT|ECONNREFUSED|ETIMEDOUT|CONNECT_TIMEOUT|no answer in time|Timeout/i.test(
      text,
    )
  ) {
    return 'nothing answered at this address: check the URL, and that the host or CDN serves the site.';
  }
  return undefined;
}

/** A check that could see no page says so, instead of passing on nothing. */
function nothingLoaded(name: string, what: string): CheckResult {
  return failed(
    name,
    `no page could be loaded, so no ${what} was seen`,
    'make the pages load first (see the routes check); this check needs them.',
  );
}

/** "on all 8 pages", or "on the 6 pages that loaded (2 did not: see routes)". */
function onLoaded(loaded: number, total: number): string {
  return loaded === total
    ? `on all ${loaded} pages`
    : `on the ${loaded} pages that loaded (${total - loaded} did not: see routes)`;
}

export function routesCheck(visits: readonly PageVisit[]): CheckResult {
  const problems: string[] = [];
  // Pages that failed the same way are named together, where the first of them stands: "no page" when none loaded.
  const reason = (v: PageVisit) => (v.error ?? 'no answer').replace(/^page\.goto: /, '').replace(/ at \S+$/, '');
  const unloaded = visits.filter((v) => v.status === undefined);
  for (const v of visits) {
    if (v.status === undefined) {
      const why = reason(v);
      const same = unloaded.filter((u) => reason(u) === why);
      if (same[0] !== v) continue;
      problems.push(
        same.length === visits.length
          ? `no page could be loaded (${why})`
          : `${same.map((u) => u.path).join(' ')} could not be loaded (${why})`,
      );
    } else if (v.status !== v.expectedStatus) problems.push(`${v.path} answered ${v.status}, not ${v.expectedStatus}`);
    else if (v.expectedStatus === 404 && v.h1?.trim() !== NOT_FOUND_HEADING) {
      problems.push(`${v.path} answered 404 without the site's 404 page (heading ${JSON.stringify(v.h1 ?? null)})`);
    }
  }
  if (problems.length) {
    const fix = unloaded.length > 0 ? loadFailureFix(unloaded.map((v) => v.error ?? '')) : undefined;
    return failed(
      'routes',
      problems.join('; '),
      fix ??
        'upload all of dist/ and give the host the rules of docs/deploy.md, section 1: /support from support.html, and ' +
          'unknown paths answered by 404.html with status 404.',
    );
  }
  const ok = visits.filter((v) => v.expectedStatus === 200).map((v) => v.path);
  const missing = visits.find((v) => v.expectedStatus === 404)?.path;
  return passed('routes', `${ok.join(' ')} answer 200; ${missing} answers 404 with the site's 404 page`);
}

export function securityHeadersCheck(visits: readonly PageVisit[]): CheckResult {
  const byProblem = new Map<string, string[]>();
  const loaded = visits.filter((v) => v.status !== undefined);
  if (loaded.length === 0) return nothingLoaded('security headers', 'header');
  for (const v of loaded) {
    for (const problem of securityHeaderProblems(v.headers))
      byProblem.set(problem, [...(byProblem.get(problem) ?? []), v.path]);
  }
  if (byProblem.size === 0) {
    return passed('security headers', `${SECURITY_HEADER_NAMES.join(', ')} ${onLoaded(loaded.length, visits.length)}`);
  }
  const detail = [...byProblem].map(
    ([problem, paths]) => `${problem} (${paths.length === loaded.length ? 'every page' : listOf(paths)})`,
  );
  return failed(
    'security headers',
    detail.join('; '),
    'the host must send these headers with every answer, as in docs/deploy.md, section 1: public/_headers (Netlify, ' +
      'Cloudflare Pages, copied into dist/), the nginx snippet docs/nginx/haven-headers.conf, or the CloudFront ' +
      'response headers policy; values as in scripts/server/headers.ts.',
  );
}

export function pagePolicyCheck(visits: readonly PageVisit[], mode: WalletCsp): CheckResult {
  const loaded = visits.filter((v) => v.status !== undefined);
  if (loaded.length === 0) return nothingLoaded('page CSP', 'page policy');
  const problems = loaded.flatMap((v) => pagePolicyProblems(v.cspMetas, mode).map((p) => `${v.path}: ${p}`));
  if (problems.length) return failed('page CSP', listOf(problems, 6, '; '), PAGE_POLICY_FIX);
  const chosen = recommendedBy(mode);
  const note = chosen.length
    ? `${chosen.map((w) => `${w.recommended.setting}=${w.recommended.value}`).join(', ')} as built ('unsafe-inline' allowed)`
    : "no 'unsafe-inline'";
  return passed(
    'page CSP',
    `${onLoaded(loaded.length, visits.length)}: default-src 'self', object-src 'none', script-src without 'unsafe-eval', ${note}`,
  );
}

/**
 * The prerendering of the purchase path: every page's policy allows the rule sets the site inserts (by their
 * hashes; 'unsafe-inline' does when built with a wallet's recommended policy), and /thank-you says its order id does not change
 * it (No-Vary-Search), so the prerender made while the buyer is in the wallet is the page shown after paying.
 */
export function prerenderCheck(visits: readonly PageVisit[], mode: WalletCsp, base = ''): CheckResult {
  const loaded = visits.filter((v) => v.status !== undefined && v.expectedStatus === 200);
  if (loaded.length === 0) return nothingLoaded('prerender rules', 'page');
  const problems: string[] = [];
  if (mode === 'strict') {
    for (const v of loaded) {
      const missing = missingRuleHashes(v.cspMetas[0] ?? '', base);
      if (missing.length) problems.push(`${v.path}: the policy does not allow the rule set(s) ${missing.join(' ')}`);
    }
  }
  const thankYou = loaded.find((v) => v.path.startsWith('/thank-you'));
  const noVary = thankYou?.headers['no-vary-search'];
  if (thankYou && noVary !== THANK_YOU_NO_VARY_SEARCH)
    problems.push(
      `/thank-you answers ${noVary === undefined ? 'no No-Vary-Search' : `No-Vary-Search: ${noVary}`}, not ${THANK_YOU_NO_VARY_SEARCH}`,
    );
  if (problems.length) {
    return failed(
      'prerender rules',
      listOf(problems, 6, '; '),
      "deploy the pages as built (their policy holds the rule sets' hashes) and give /thank-you its header as in " +
        'docs/deploy.md#prerendering-the-purchase-path (public/_headers, docs/nginx/haven.conf). Without them the ' +
        'shop still works, only each page of the purchase path loads after the tap.',
    );
  }
  return passed(
    'prerender rules',
    `${Object.keys(speculationRules(base)).length} rule sets allowed on ${loaded.length} pages; /thank-you answers No-Vary-Search: ${THANK_YOU_NO_VARY_SEARCH}`,
  );
}

export function cleanLoadCheck(visits: readonly PageVisit[], ctx: ViolationContext): CheckResult {
  const loaded = visits.filter((v) => v.status !== undefined);
  if (loaded.length === 0) return nothingLoaded('clean load', 'page load');
  const problems: string[] = [];
  let fix: string | undefined;
  for (const v of visits) {
    for (const violation of v.violations) {
      problems.push(`${v.path}: CSP ${describeViolation(violation)}`);
      fix ??= violationFix(classifyViolation(violation, ctx), ctx, violation);
    }
    for (const error of v.consoleErrors) problems.push(`${v.path}: console error: ${error}`);
    if (v.status !== undefined && !v.hydrated) problems.push(`${v.path}: the page's interactive parts never started`);
  }
  if (problems.length === 0) {
    return passed(
      'clean load',
      `no CSP violation, console error or stalled island ${onLoaded(loaded.length, visits.length).replace(/^on all/, 'on')}`,
    );
  }
  return failed(
    'clean load',
    listOf(problems, 6, '; '),
    fix ??
      'open the page in a browser with the developer console to see the error; the pages load cleanly from `npm start`.',
  );
}

export async function jsonLdCheck(home: PageVisit | undefined): Promise<CheckResult> {
  if (!home || home.status === undefined) return failed('product JSON-LD', 'the product page / could not be loaded');
  const fix =
    'deploy the build\'s index.html unchanged (src/features/product/structured-data.ts writes the JSON-LD); a host that minifies or rewrites HTML must keep <script type="application/ld+json"> intact.';
  const result = productJsonLd(home.jsonLd);
  if (result.problems.length) return failed('product JSON-LD', `on /: ${result.problems.join('; ')}`, fix);
  // Search engines' own rules: an error keeps the product out of rich results; warnings name optional data.
  const issues = await validateStructuredData(jsonLdDocuments(home.jsonLd));
  const errors = issues.filter((i) => i.severity === 'ERROR');
  if (errors.length) {
    const detail = listOf(
      errors.map((e) => `${e.where}: ${e.message}`),
      4,
      '; ',
    );
    return failed('product JSON-LD', `on /: search engines would refuse it: ${detail}`, fix);
  }
  const warnings = issues.length - errors.length;
  return passed(
    'product JSON-LD',
    `on /: ${result.summary}; search engines' rules: no error${warnings ? `, ${warnings} warnings about optional data` : ''}`,
  );
}
