// Command line and environment of `npm start` (scripts/start.ts), kept apart so it can be tested without
// starting anything.
import { resolve } from 'node:path';
import { parseArgs as nodeParseArgs } from 'node:util';
import { basePathOf, WALLET_PAGES } from '../../src/build/index.ts';

type StartMode = 'serve' | 'build-only' | 'no-build';

export interface StartArgs {
  mode: StartMode;
  /** Where the site is built to and served from; dist/ of the repository by default. */
  distDir: string | undefined;
  /** A folder holding src/content: the text built and edited instead of the repository's (tests edit a copy). */
  contentRoot: string | undefined;
}

export class ConfigError extends Error {}

const USAGE =
  'Usage: node scripts/start.ts [--build-only | --no-build] [--dist=<dir>] [--content-root=<dir with src/content>]';

export function parseArgs(argv: string[]): StartArgs {
  let values: { 'build-only'?: boolean; 'no-build'?: boolean; dist?: string; 'content-root'?: string };
  try {
    ({ values } = nodeParseArgs({
      args: argv,
      options: {
        'build-only': { type: 'boolean' },
        'no-build': { type: 'boolean' },
        dist: { type: 'string' },
        'content-root': { type: 'string' },
      },
    }));
  } catch (error) {
    throw new ConfigError(`${(error as Error).message} ${USAGE}`);
  }
  if (values['build-only'] && values['no-build'])
    throw new ConfigError(`--build-only and --no-build cannot be combined. ${USAGE}`);
  if (values.dist === '') throw new ConfigError(`--dist needs a folder. ${USAGE}`);
  if (values['content-root'] === '') throw new ConfigError(`--content-root needs a folder. ${USAGE}`);
  const mode = values['build-only'] ? 'build-only' : values['no-build'] ? 'no-build' : 'serve';
  const path = (value: string | undefined) => (value === undefined ? undefined : resolve(value));
  return { mode, distDir: path(values.dist), contentRoot: path(values['content-root']) };
}

export const DEFAULT_PORT = 4321;
/**
 * The browser tests' shop, and the demo API of every build the tests make. Astro keeps optimised pictures by their
 * URL, which names the port: builds against one port optimise each picture once.
 */
export const TEST_PORT = 4330;

/** PORT from the environment; 0 asks the system for a free port. */
export function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}

/** The shop's base path from SITE_URL: '' when unset, at a root or not a URL (the build then says what is wrong). */
export function siteBase(siteUrl: string | undefined): string {
  try {
    return siteUrl ? basePathOf(siteUrl) : '';
  } catch {
    return '';
  }
}

/** What the demo build needs to know of the catalogue it is served from: the store and the product to show. */
export interface CatalogIdentity {
  store: { id: string; domain: string };
  products: readonly { link: string }[];
}

const SEED_IDENTITY: CatalogIdentity = {
  store: { id: 'haven-home', domain: 'haven-home.test' },
  products: [{ link: 'haven-cam-360' }],
};

/**
 * Environment of the Astro build in demo mode (README.md#configuration): the store and product come from the
 * catalogue being served (DEMO_CATALOG may name another store), and every value can be overridden from the
 * environment, so the same command also builds against another backend.
 */
export function buildEnv(
  env: NodeJS.ProcessEnv,
  apiOrigin: string,
  siteOrigin: string,
  catalog: CatalogIdentity = SEED_IDENTITY,
): NodeJS.ProcessEnv {
  const defaults: Record<string, string> = {
    API_BASE_URL: `${apiOrigin}/api/v1`,
    PUBLIC_API_BASE_URL: '/api/v1',
    PUBLIC_STORE_ID: catalog.store.id,
    PUBLIC_STORE_DOMAIN: catalog.store.domain,
    // The site shows one product: the catalogue's first.
    PUBLIC_PRODUCT_LINK: catalog.products[0]?.link ?? '',
    ...Object.fromEntries(
      WALLET_PAGES.flatMap((wallet) => wallet.settings).flatMap(({ name, demo }) => (demo ? [[name, demo]] : [])),
    ),
    SITE_URL: siteOrigin,
  };
  const out: NodeJS.ProcessEnv = { ...env, ASTRO_TELEMETRY_DISABLED: '1' };
  for (const [name, value] of Object.entries(defaults)) {
    if (!env[name]) out[name] = value;
  }
  // Astro only defaults NODE_ENV when it is unset: an inherited 'test' or 'development' (vitest sets one) would
  // ship React's development build and make the output depend on who started it.
  out['NODE_ENV'] = 'production';
  return out;
}
