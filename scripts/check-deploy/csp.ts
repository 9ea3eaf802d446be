// The page policy (the <meta> Content-Security-Policy Astro writes) read as a deployed browser gets it: is it as
// strict as the build makes it, and what does a violation seen in the browser mean for the shop.
import { speculationRuleHashes, WALLET_PAGES, type WalletPage } from '../../src/build/index.ts';

/** 'strict', or the wallets' recommended policies the site was built with (build.json), comma-separated. */
export type WalletCsp = string;

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

const recommendedFix = ({ recommended: r }: WalletPage) =>
  `rebuild with ${r.setting}=${r.value} and deploy: it adds ${r.adds} (${r.guide}).`;
const POLICY_FILE = 'src/build/page-policy.ts';
const BUILD_FIX =
  'deploy the pages exactly as the build wrote them: Astro writes the policy into every page (astro.config.mjs, ' +
  `${POLICY_FILE}); a host or proxy must not rewrite or drop it.`;
const relaxed = (mode: WalletCsp) => mode !== 'strict';
/** The wallets whose recommended policy the site was built with. */
export const recommendedBy = (mode: WalletCsp) =>
  WALLET_PAGES.filter((w) => mode.split(',').includes(w.recommended.value));

/** Sources that allow any script from anywhere (or from the page itself, as text). */
const OPEN_SCRIPT_SOURCES = new Set(['*', 'http:', 'https:', 'data:', 'blob:', "'unsafe-eval'"]);

/**
 * Problems with one page's policy, or [] when it is as strict as the build makes it. 'unsafe-inline' is accepted
 * only when build.json says the site was built with a wallet's recommended policy.
 */
export function pagePolicyProblems(metas: readonly string[], mode: WalletCsp): string[] {
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
    if (values.includes("'unsafe-inline'") && !relaxed(mode)) problems.push(`${name} allows 'unsafe-inline'`);
  }
  const style = [...(policy.get('style-src') ?? []), ...(policy.get('style-src-elem') ?? [])];
  if (style.includes("'unsafe-inline'") && !relaxed(mode)) problems.push("style-src allows 'unsafe-inline'");
  return problems;
}

export const PAGE_POLICY_FIX = BUILD_FIX;

/** The hashes of the prerender rule sets that the policy's scripts directive does not allow. */
export function missingRuleHashes(meta: string, base: string): string[] {
  const policy = parsePolicy(meta);
  const scripts = policy.get('script-src-elem') ?? policy.get('script-src') ?? [];
  return speculationRuleHashes(base).filter((hash) => !scripts.includes(`'${hash}'`));
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
  walletCsp: WalletCsp;
}

export type ViolationKind = 'sdk-blocked' | 'sdk-needs-more' | 'api-blocked' | 'other';

const providerHost = (host: string | undefined) => !!host && WALLET_PAGES.some((w) => w.providerHosts.test(host));

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
  if (fromSdk || providerHost(hostOf(v.sourceFile)) || providerHost(blockedHost)) return 'sdk-needs-more';
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
        `the page's script-src must allow the wallet SDK's origin ${origin} (the build adds ` +
        `${WALLET_PAGES.map((w) => `${w.name}'s hosts and ${w.sdkUrlSetting}'s origin`).join(', ')}): ${BUILD_FIX}`
      );
    }
    case 'sdk-needs-more': {
      if (!relaxed(ctx.walletCsp))
        return `the wallet SDK needs more than the strict policy allows: ${WALLET_PAGES.map(recommendedFix).join('; or ')}`;
      const chosen = recommendedBy(ctx.walletCsp);
      const hosts = chosen.flatMap((w) => [...w.hosts, ...w.recommended.hosts]);
      return (
        `even ${chosen.map((w) => `${w.name}'s`).join(' and ')} recommended policy refuses this: allow ` +
        `${v.blockedURI || 'it'} in ${v.directive} (${POLICY_FILE}; the wallet's hosts are ${hosts.join(' ')}).`
      );
    }
    case 'api-blocked':
      return (
        `the page's connect-src must allow the API's origin ${ctx.apiOrigin}: build with PUBLIC_API_BASE_URL set to ` +
        'the API the browser calls (astro.config.mjs adds its origin), and deploy that build.'
      );
    default:
      return `${BUILD_FIX} If the page itself loads ${v.blockedURI || 'it'}, allow it in ${POLICY_FILE}.`;
  }
}
