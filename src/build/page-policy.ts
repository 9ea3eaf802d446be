// The pages' policy, a <meta> Astro writes with each page's hashes (docs/deploy.md#the-wallet-and-the-content-security-policy).
import { createHash } from 'node:crypto';
import type { AstroUserConfig } from 'astro';
import type { WalletPage } from '../features/payment/build.ts';
import { speculationRules } from '../lib/speculation-rules.ts';

/** 'strict', or the recommended policies the wallets' settings choose. */
export function walletPolicyMode(wallets: readonly WalletPage[], env: Readonly<Record<string, string | undefined>>) {
  const chosen = wallets.flatMap(({ recommended: { setting, value } }) => {
    const text = env[setting]?.trim() ?? '';
    if (text === '' || text === 'strict') return [];
    if (text === value) return [value];
    throw new Error(
      `${setting} must be "strict" (the default) or "${value}", got "${text}". ` +
        'See docs/deploy.md#the-wallet-and-the-content-security-policy.',
    );
  });
  return chosen.length > 0 ? chosen.join(',') : 'strict';
}

export function originOf(value: string | undefined): string[] {
  if (!value || !/^https?:\/\//i.test(value)) return [];
  try {
    return [new URL(value).origin];
  } catch {
    return [];
  }
}

const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** Host names, or URLs read as their host; anything else stops the build. */
export function imageHostList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let host = entry.toLowerCase();
      if (/^https?:\/\//.test(host)) {
        try {
          host = new URL(host).host;
        } catch {
          host = '';
        }
      }
      if (!HOST.test(host))
        throw new Error(`IMAGE_HOSTS: "${entry}" is not a host name such as cdn.example.com (comma-separated).`);
      return host;
    });
}

export interface PolicyInput {
  apiBaseUrl?: string | undefined;
  imageHosts?: string | undefined;
  wallets: readonly WalletPage[];
  env: Readonly<Record<string, string | undefined>>;
  /** '' at a domain's root. */
  base: string;
}

export type CspConfig = Exclude<NonNullable<AstroUserConfig['security']>['csp'], boolean | undefined>;

const unique = (...values: string[]) => [...new Set(values)].join(' ');

const scriptHash = (text: string): `sha256-${string}` =>
  `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

export const speculationRuleHashes = (base: string) => Object.values(speculationRules(base)).map(scriptHash);

export function contentSecurityPolicy(input: PolicyInput): CspConfig {
  const api = originOf(input.apiBaseUrl);
  const images = imageHostList(input.imageHosts).map((host) => `https://${host}`);
  const chosen = walletPolicyMode(input.wallets, input.env).split(',');
  const recommended = chosen[0] !== 'strict';
  const sdk = input.wallets.flatMap((w) => originOf(input.env[w.sdkUrlSetting]));
  const wallet = input.wallets.flatMap((w) => [
    ...w.hosts,
    ...(chosen.includes(w.recommended.value) ? w.recommended.hosts : []),
  ]);
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
      hashes: recommended ? [] : speculationRuleHashes(input.base),
      strictDynamic: false,
    },
    // A wallet SDK's inline <style> needs its provider's recommended policy.
    styleDirective: { resources: ["'self'", ...wallet, ...inline] },
  };
}
