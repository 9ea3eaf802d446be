// Command line and environment of `npm run check-product`.
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export class UsageError extends Error {}

export const USAGE = `Usage: npm run check-product -- [--manifest=<file or URL>] [--retries=<n>] [--timeout=<seconds>] [--skip-content]

Compares the live product (and src/content) with the manifest of the last build and exits
  0  nothing changed: no rebuild needed
  1  something changed (listed): rebuild and deploy
  2  cannot tell: the backend cannot be reached, or the manifest is missing or unreadable

Environment: API_BASE_URL (required, as for npm run build). The store domain and product link are read from
the manifest; PUBLIC_STORE_ID, PUBLIC_STORE_DOMAIN and PUBLIC_PRODUCT_LINK, when set, are what the next build
would use, so a difference from the manifest counts as a change.`;

export interface CheckOptions {
  /** A file path (absolute) or an http(s) URL of a deployed build.json. */
  manifest: string;
  retries: number;
  timeoutMs: number;
  /** Compare the content files too (needs the project's src/content). */
  content: boolean;
  apiBaseUrl: string;
  storeId: string | undefined;
  storeDomain: string | undefined;
  productLink: string | undefined;
}

function whole(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got "${value}".`);
  return n;
}

const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

export function parseCheckArgs(argv: string[], env: NodeJS.ProcessEnv, defaultManifest: string): CheckOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        manifest: { type: 'string' },
        retries: { type: 'string', default: '3' },
        timeout: { type: 'string', default: '20' },
        'skip-content': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help) return 'help';
  const given = values.manifest;
  const manifest = !given ? defaultManifest : /^https?:\/\//i.test(given) || isAbsolute(given) ? given : resolve(given);
  const retries = whole('--retries', values.retries, 0, 10);
  const timeoutMs = whole('--timeout', values.timeout, 1, 600) * 1000;
  const content = !values['skip-content'];
  const apiBaseUrl = optional(env['API_BASE_URL']);
  if (!apiBaseUrl) {
    throw new UsageError(
      'API_BASE_URL is not set: it names the backend to ask, including /api/v1 (the same value as for npm run build), ' +
        'e.g. API_BASE_URL=https://api.example.com/api/v1 npm run check-product',
    );
  }
  if (!/^https?:\/\/[^/]/i.test(apiBaseUrl))
    throw new UsageError(`API_BASE_URL must be an absolute http(s) URL, got "${apiBaseUrl}".`);
  return {
    manifest,
    retries,
    timeoutMs,
    content,
    apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''),
    storeId: optional(env['PUBLIC_STORE_ID']),
    storeDomain: optional(env['PUBLIC_STORE_DOMAIN']),
    productLink: optional(env['PUBLIC_PRODUCT_LINK']),
  };
}
