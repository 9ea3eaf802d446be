// The pages' policy, a <meta> Astro writes with each page's hashes. PAYPAL_CSP: strict (no 'unsafe-inline') or
// paypal-recommended (docs/deploy.md#the-wallet-and-the-content-security-policy).
import { createHash } from 'node:crypto';
import type { AstroUserConfig } from 'astro';
import { SPECULATION_RULES } from './speculation-rules.ts';

export const PAYPAL_CSP_MODES = ['strict', 'paypal-recommended'] as const;
export type PaypalCsp = (typeof PAYPAL_CSP_MODES)[number];

export function parsePaypalCsp(value: string | undefined): PaypalCsp {
  const text = value?.trim() ?? '';
  if (text === '') return 'strict';
  if ((PAYPAL_CSP_MODES as readonly string[]).includes(text)) return text as PaypalCsp;
  throw new Error(
    `PAYPAL_CSP must be "strict" (the default) or "paypal-recommended", got "${value}". ` +
      'See docs/deploy.md#the-wallet-and-the-content-security-policy.',
  );
}

export const PAYPAL_HOSTS = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'] as const;
// Venmo funding is disabled: strict leaves its hosts out.
export const VENMO_HOSTS = ['https://*.venmo.com'] as const;

export function originOf(value: string | undefined): string[] {
  if (!value || !/^https?:\/\//i.test(value)) return [];
  try {
    return [new URL(value).origin];
  } catch {
    return [];
  }
}

export interface PolicyInput {
  apiBaseUrl?: string | undefined;
  imageHosts?: string | undefined;
  sdkUrl?: string | undefined;
  paypalCsp: PaypalCsp;
}

export type CspConfig = Exclude<NonNullable<AstroUserConfig['security']>['csp'], boolean | undefined>;

const unique = (...values: string[]) => [...new Set(values)].join(' ');

const scriptHash = (text: string): `sha256-${string}` =>
  `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

export const SPECULATION_RULE_HASHES = Object.values(SPECULATION_RULES).map(scriptHash);

export function contentSecurityPolicy(input: PolicyInput): CspConfig {
  const api = originOf(input.apiBaseUrl);
  const images = (input.imageHosts ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean)
    .map((h) => `https://${h}`);
  const sdk = originOf(input.sdkUrl);
  const recommended = input.paypalCsp === 'paypal-recommended';
  const wallet: string[] = recommended ? [...PAYPAL_HOSTS, ...VENMO_HOSTS] : [...PAYPAL_HOSTS];
  // Browsers ignore 'unsafe-inline' next to a hash.
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
    // No 'strict-dynamic': Chromium then blocks the island chunks Astro's hashed loader imports.
    scriptDirective: {
      resources: ["'self'", ...sdk, ...wallet, ...inline],
      hashes: recommended ? [] : SPECULATION_RULE_HASHES,
      strictDynamic: false,
    },
    // The SDK's inline <style> needs paypal-recommended.
    styleDirective: { resources: ["'self'", ...wallet, ...inline] },
  };
}
