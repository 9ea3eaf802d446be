// Hook point for response headers that apply across the demo server (security headers: CSP, framing, referrer...).
// Every response the server sends (pages, assets, demo API, fake SDK) passes through `responseHeaders`, so a
// teammate can add rules here without touching the server itself.

export type ResponseKind = 'page' | 'asset' | 'api' | 'demo';

export interface ResponseContext {
  /** URL path of the request, e.g. `/support` or `/_astro/index.abc123.js`. */
  pathname: string;
  /** Content-Type of the answer, if it has a body. */
  contentType: string | undefined;
  /** page: an HTML document from dist/; asset: any other file; api: /api/v1; demo: /__demo, /demo-wallet, /demo-images. */
  kind: ResponseKind;
}

export interface HeaderRule {
  /** Short name, shown in tests and when debugging which rule set a header. */
  name: string;
  applies: (ctx: ResponseContext) => boolean;
  headers: (ctx: ResponseContext) => Record<string, string>;
}

/**
 * Security headers of every response. The page's Content-Security-Policy itself is a <meta> that Astro writes
 * with the hashes of each page's scripts (astro.config.mjs); what a <meta> cannot carry is sent here.
 * public/_headers ships the same values to static hosts, and tests/e2e/security.spec.ts checks they match.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // Two years, the usual preload-list minimum; browsers ignore it on plain http (the local demo).
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  // Other sites see only our origin, never a URL with an order id in its query.
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // A storefront needs none of these; payment stays open to the PayPal frames of the wallet button.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://www.paypal.com")',
  // No site may frame the store (clickjacking). frame-ancestors is ignored in a <meta> CSP, so it is a header;
  // X-Frame-Options says the same to browsers without CSP level 2.
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

export const headerRules: HeaderRule[] = [
  {
    name: 'security headers',
    applies: () => true,
    headers: () => ({ ...SECURITY_HEADERS }),
  },
];

/** Merges the headers of every applicable rule; a later rule overrides an earlier one for the same header. */
export function responseHeaders(ctx: ResponseContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of headerRules) {
    if (rule.applies(ctx)) Object.assign(out, rule.headers(ctx));
  }
  return out;
}
