// The page policy (the <meta> Content-Security-Policy Astro writes) read as a deployed browser gets it: is it as
// strict as the build makes it, and what does a violation seen in the browser mean for the shop.
import { PAYPAL_HOSTS, SPECULATION_RULE_HASHES, VENMO_HOSTS, type PaypalCsp } from '../../src/build/index.ts';

type Directives = Map<string, string[]>;

function parsePolicy(policy: string): Directives {
  const out: Directives = new Map();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    // The first occurrence of a directive wins, as in browsers.
    if (name && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), values);
  }
  return out;
}

export const PAYPAL_GUIDE = 'https://developer.paypal.com/sdk/js/best-practices';
const PAYPAL_FIX =
  "rebuild with PAYPAL_CSP=paypal-recommended and deploy: it adds the 'unsafe-inline' and the Venmo hosts that " +
  `PayPal's JS SDK guide recommends to script-src and style-src (${PAYPAL_GUIDE}).`;
const BUILD_FIX =
  'deploy the pages exactly as the build wrote them: Astro writes the policy into every page (astro.config.mjs, ' +
  'src/lib/csp-policy.ts); a host or proxy must not rewrite or drop it.';

/** Sources that allow any script from anywhere (or from the page itself, as text). */
const OPEN_SCRIPT_SOURCES = new Set(['*', 'http:', 'https:', 'data:', 'blob:', "'unsafe-eval'"]);

/**
 * Problems with one page's policy, or [] when it is as strict as the build makes it. 'unsafe-inline' is accepted
 * only when build.json says the site was built with PAYPAL_CSP=paypal-recommended.
 */
export function pagePolicyProblems(metas: readonly string[], mode: PaypalCsp): string[] {
  if (metas.length === 0) return ['no Content-Security-Policy <meta>'];
  if (metas.length > 1) return [`${metas.length} Content-Security-Policy <meta> elements`];
  const policy = parsePolicy(metas[0]!);
  const problems: string[] = [];
  const expect = (name: string, wanted: string[]) => {
    const got = policy.get(name);
    if (!got) problems.push(`no ${name}`);
    else if (got.join(' ') !== wanted.join(' '))
      problems.push(`${name} is "${got.join(' ')}", not "${wanted.join(' ')}"`);
  };
  expect('default-src', ["'self'"]);
  expect('object-src', ["'none'"]);
  expect('base-uri', ["'self'"]);
  const script = policy.get('script-src');
  if (!script) problems.push('no script-src');
  for (const [name, values] of [
    ['script-src', script ?? []],
    ['script-src-elem', policy.get('script-src-elem') ?? []],
  ] as const) {
    const open = values.filter((v) => OPEN_SCRIPT_SOURCES.has(v.toLowerCase()));
    if (open.length) problems.push(`${name} allows ${open.join(' ')}`);
    if (values.includes("'unsafe-inline'") && mode !== 'paypal-recommended')
      problems.push(`${name} allows 'unsafe-inline'`);
  }
  const style = [...(policy.get('style-src') ?? []), ...(policy.get('style-src-elem') ?? [])];
  if (style.includes("'unsafe-inline'") && mode !== 'paypal-recommended')
    problems.push("style-src allows 'unsafe-inline'");
  return problems;
}

export const PAGE_POLICY_FIX = BUILD_FIX;

/** The hashes of the prerender rule sets that the policy's scripts directive does not allow. */
export function missingRuleHashes(meta: string): string[] {
  const policy = parsePolicy(meta);
  const scripts = policy.get('script-src-elem') ?? policy.get('script-src') ?? [];
  return SPECULATION_RULE_HASHES.filter((hash) => !scripts.includes(`'${hash}'`));
}

/** A CSP violation as the page reports it (securitypolicyviolation event). */
export interface Violation {
  /** Site path of the page it happened on. */
  path: string;
  directive: string;
  /** URL, origin, or a keyword: inline, eval, data... */
  blockedURI: string;
  sourceFile?: string | undefined;
  sample?: string | undefined;
}

export interface ViolationContext {
  /** The wallet SDK's URL as the page requested it, when the wallet step saw one. */
  sdkUrl?: string | undefined;
  /** Origin of the API the browser calls. */
  apiOrigin?: string | undefined;
  paypalCsp: PaypalCsp;
}

export type ViolationKind = 'sdk-blocked' | 'sdk-needs-more' | 'api-blocked' | 'other';

const WALLET_HOST = /(^|\.)(paypal|paypalobjects|venmo)\.com$/i;

function hostOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).hostname;
  } catch {
    return undefined;
  }
}

const originOf = (value: string | undefined) => {
  try {
    return value ? new URL(value).origin : undefined;
  } catch {
    return undefined;
  }
};

/** What a blocked URL looks like in a report: browsers shorten some to their origin. */
function sameResource(blocked: string, url: string | undefined): boolean {
  if (!url) return false;
  const bare = (u: string) => u.split(/[?#]/)[0];
  return blocked === url || bare(blocked) === bare(url) || blocked === originOf(url);
}

export function classifyViolation(v: Violation, ctx: ViolationContext): ViolationKind {
  const blockedHost = hostOf(v.blockedURI);
  if (v.directive.startsWith('script-src') && sameResource(v.blockedURI, ctx.sdkUrl)) return 'sdk-blocked';
  if (v.directive.startsWith('connect-src') && ctx.apiOrigin && originOf(v.blockedURI) === ctx.apiOrigin)
    return 'api-blocked';
  const fromSdk = !!ctx.sdkUrl && sameResource(v.sourceFile ?? '', ctx.sdkUrl);
  const fromWallet = fromSdk || WALLET_HOST.test(hostOf(v.sourceFile) ?? '');
  if (fromWallet || WALLET_HOST.test(blockedHost ?? '')) return 'sdk-needs-more';
  return 'other';
}

/** "script-src-elem refused inline code (sample) from https://…/sdk.js" */
export function describeViolation(v: Violation): string {
  const what = /^https?:/i.test(v.blockedURI) ? v.blockedURI : `${v.blockedURI || 'inline'} code`;
  const sample = v.sample ? ` (${JSON.stringify(v.sample.slice(0, 40))})` : '';
  const source = v.sourceFile ? ` from ${v.sourceFile}` : '';
  return `${v.directive} refused ${what}${sample}${source}`;
}

/** What to change for a violation of this kind. */
export function violationFix(kind: ViolationKind, ctx: ViolationContext, v: Violation): string {
  switch (kind) {
    case 'sdk-blocked': {
      const origin = originOf(ctx.sdkUrl) ?? 'its origin';
      return (
        `the page's script-src must allow the wallet SDK's origin ${origin} (the build adds PayPal's hosts and ` +
        `PUBLIC_PAYPAL_SDK_URL's origin): ${BUILD_FIX}`
      );
    }
    case 'sdk-needs-more': {
      if (ctx.paypalCsp === 'strict') return `the wallet SDK needs more than the strict policy allows: ${PAYPAL_FIX}`;
      return (
        `even PayPal's recommended policy refuses this: allow ${v.blockedURI || 'it'} in ${v.directive} ` +
        `(src/lib/csp-policy.ts; PayPal's hosts are ${[...PAYPAL_HOSTS, ...VENMO_HOSTS].join(' ')}).`
      );
    }
    case 'api-blocked':
      return (
        `the page's connect-src must allow the API's origin ${ctx.apiOrigin}: build with PUBLIC_API_BASE_URL set to ` +
        'the API the browser calls (astro.config.mjs adds its origin), and deploy that build.'
      );
    default:
      return `${BUILD_FIX} If the page itself loads ${v.blockedURI || 'it'}, allow it in src/lib/csp-policy.ts.`;
  }
}
