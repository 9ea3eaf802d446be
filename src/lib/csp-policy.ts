// The pages' Content-Security-Policy, as astro.config.mjs hands it to Astro (security.csp), which writes it as a
// <meta> into every page with the hashes of that page's scripts and styles. frame-ancestors cannot be set by a
// <meta>: the server sends it (scripts/server/headers.ts, public/_headers, docs/nginx/).
//
// PAYPAL_CSP picks one of two policies at build time:
//   strict              (default) hashes for the site's own inline code, no 'unsafe-inline' anywhere
//   paypal-recommended  what PayPal's JS SDK guide documents: 'unsafe-inline' for scripts and styles, and the
//                       Venmo hosts beside PayPal's, for an SDK that injects inline code the hashes cannot know
import { createHash } from 'node:crypto';
import type { AstroUserConfig } from 'astro';
import { SPECULATION_RULES } from './speculation-rules.ts';

export const PAYPAL_CSP_MODES = ['strict', 'paypal-recommended'] as const;
export type PaypalCsp = (typeof PAYPAL_CSP_MODES)[number];

/** PAYPAL_CSP as set in the environment; unset or empty is the strict default, anything unknown is refused. */
export function parsePaypalCsp(value: string | undefined): PaypalCsp {
  const text = value?.trim() ?? '';
  if (text === '') return 'strict';
  if ((PAYPAL_CSP_MODES as readonly string[]).includes(text)) return text as PaypalCsp;
  throw new Error(
    `PAYPAL_CSP must be "strict" (the default) or "paypal-recommended", got "${value}". ` +
      'See docs/deploy.md#the-wallet-and-the-content-security-policy.',
  );
}

// Hosts the PayPal JS SDK needs: www.paypal.com serves the SDK (www.sandbox.paypal.com in sandbox), the buttons
// are iframes on *.paypal.com, and it loads images and scripts from *.paypalobjects.com.
export const PAYPAL_HOSTS = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'] as const;
// PayPal's own table lists Venmo's hosts in every directive; the strict policy leaves them out because this
// store disables the Venmo funding source.
export const VENMO_HOSTS = ['https://*.venmo.com'] as const;

/** scheme://host[:port] of an absolute http(s) URL; nothing for a relative one (same origin, already 'self'). */
export function originOf(value: string | undefined): string[] {
  if (!value || !/^https?:\/\//i.test(value)) return [];
  try {
    return [new URL(value).origin];
  } catch {
    return [];
  }
}

export interface PolicyInput {
  /** PUBLIC_API_BASE_URL: the API the browser calls (absolute when it is not the site's own /api/v1). */
  apiBaseUrl?: string | undefined;
  /** IMAGE_HOSTS: extra image hosts, comma-separated. */
  imageHosts?: string | undefined;
  /** PUBLIC_PAYPAL_SDK_URL: a wallet SDK served from another origin (the demo's is on the site). */
  sdkUrl?: string | undefined;
  paypalCsp: PaypalCsp;
}

export type CspConfig = Exclude<NonNullable<AstroUserConfig['security']>['csp'], boolean | undefined>;

const unique = (...values: string[]) => [...new Set(values)].join(' ');

/** The CSP source of an inline script's exact text. */
const scriptHash = (text: string): `sha256-${string}` =>
  `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** The prerender rule sets the pages insert, allowed by their hashes (the strict policy has no 'unsafe-inline'). */
export const SPECULATION_RULE_HASHES = Object.values(SPECULATION_RULES).map(scriptHash);

export function contentSecurityPolicy(input: PolicyInput): CspConfig {
  // The build-time API_BASE_URL is left out on purpose: only the build fetches it.
  const api = originOf(input.apiBaseUrl);
  const images = (input.imageHosts ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean)
    .map((h) => `https://${h}`);
  const sdk = originOf(input.sdkUrl);
  const recommended = input.paypalCsp === 'paypal-recommended';
  const wallet: string[] = recommended ? [...PAYPAL_HOSTS, ...VENMO_HOSTS] : [...PAYPAL_HOSTS];
  // Browsers ignore 'unsafe-inline' next to a hash; Astro leaves its hashes out when it is listed.
  const inline = recommended ? ["'unsafe-inline'"] : [];
  return {
    algorithm: 'SHA-256',
    directives: [
      "default-src 'self'",
      "base-uri 'self'",
      "object-src 'none'",
      "form-action 'self'",
      "font-src 'self'",
      "manifest-src 'self'",
      "worker-src 'self'",
      `connect-src ${unique("'self'", ...api, ...wallet)}`,
      `img-src ${unique("'self'", 'data:', ...api, ...images, ...wallet)}`,
      `frame-src ${unique(...wallet)}`,
      ...(recommended ? [`child-src ${unique(...wallet)}` as const] : []),
    ],
    // No 'strict-dynamic': with it, browsers ignore 'self' and the host list, and Astro's hashed inline island
    // loader may not import() the island chunks (verified in Chromium: every island is blocked). Instead the
    // scripts the wallet loader and the PayPal SDK insert are allowed by origin: the demo SDK by 'self', the
    // real SDK and what it loads by the PayPal hosts.
    scriptDirective: {
      resources: ["'self'", ...sdk, ...wallet, ...inline],
      hashes: recommended ? [] : SPECULATION_RULE_HASHES,
      strictDynamic: false,
    },
    // The real SDK may also load stylesheets from its hosts; inline <style> it injects needs paypal-recommended.
    styleDirective: { resources: ["'self'", ...wallet, ...inline] },
  };
}
