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

export const headerRules: HeaderRule[] = [
  {
    name: 'no MIME sniffing',
    applies: () => true,
    headers: () => ({ 'X-Content-Type-Options': 'nosniff' }),
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
