// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import { satteri } from '@astrojs/markdown-satteri';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import sitemap from '@astrojs/sitemap';
import {
  baseLinks,
  basePathOf,
  compileHints,
  contentSecurityPolicy,
  imageHostList,
  settingsPalette,
  WALLET_PAGES,
  withBrandPalette,
  withinBase,
} from './src/build/index.ts';
import { editorIntegration } from './src/features/editor/index.ts';
import { notIndexed } from './src/lib/pages.ts';

/** SITE_URL when it is an absolute http(s) URL; the require-site-url integration below explains what is wrong. */
function siteUrl(value = '') {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : undefined;
  } catch {
    return undefined;
  }
}
const site = siteUrl(process.env.SITE_URL) ?? 'http://127.0.0.1:4321';
// A path in SITE_URL (https://owner.github.io/shop) is where the shop lives on its host: every link is under it.
const base = basePathOf(site);

/**
 * Canonical URLs, the sitemap, robots.txt and Open Graph tags are absolute on SITE_URL: a build for publishing
 * without it would quietly point them all at this machine. `astro dev` and `astro check` keep the loopback
 * default; `npm start` always sets it.
 */
const requireSiteUrl = {
  name: 'require-site-url',
  hooks: {
    /** @param {{ command: string }} options */
    'astro:config:setup': ({ command }) => {
      if (command !== 'build') return;
      const value = process.env.SITE_URL;
      if (!value)
        throw new Error(
          'SITE_URL is missing: set it to the public origin of the site, e.g. SITE_URL=https://shop.example.com',
        );
      if (!siteUrl(value))
        throw new Error(`SITE_URL must be an absolute http(s) URL such as https://shop.example.com, got "${value}"`);
    },
  },
};

// Islands call the same backend as the build unless told otherwise (the demo serves it same-origin).
if (!process.env.PUBLIC_API_BASE_URL && process.env.API_BASE_URL) {
  process.env.PUBLIC_API_BASE_URL = process.env.API_BASE_URL;
}

/** Product images are optimised at build time: allow the API's own origin, any https host, and IMAGE_HOSTS. */
function imagePatterns() {
  /** @type {{ protocol?: string, hostname?: string, port?: string }[]} */
  const patterns = [{ protocol: 'https' }];
  try {
    const api = new URL(process.env.API_BASE_URL ?? '');
    patterns.push({ protocol: api.protocol.replace(':', ''), hostname: api.hostname, port: api.port });
  } catch {
    /* astro:env reports a missing or invalid API_BASE_URL with a clear message */
  }
  for (const host of imageHostList(process.env.IMAGE_HOSTS)) {
    const { hostname, port } = new URL(`https://${host}`);
    patterns.push(port ? { hostname, port } : { hostname });
  }
  return patterns;
}

// Chunks follow what a page runs at first load, each group taking what the groups before it left:
// - `page`: what the pages' own scripts import, and the loader behind import(): plain code without React;
// - `app`: React, what the cart button (the island of every page) imports, and what the product page's islands share
//   with the checkout and thank-you islands;
// - `product`: what only the product page's islands add.
// So no other page loads the product page's islands, and a page's script never waits for React. Finer chunks (one
// per island) cost more main-thread time at load than they saved (measured in docs/performance.md).
// What is reached only through import() keeps its own chunks (docs/performance.md#load-on-use).
const PAGE_SCRIPTS = /\.astro\?astro&type=script&/;
const APP = /(\/src\/features\/cart-drawer\/CartButton\.tsx|@astrojs\/react\/dist\/client\.js)$/;
const PRODUCT_ISLANDS = /\/src\/features\/(product\/(ProductGallery|ProductPurchase)|deal\/DealCountdown)\.tsx$/;
const ORDER_ISLANDS = /\/src\/features\/(payment\/checkout\/Checkout|thank-you\/ThankYou)\.tsx$/;

/** @typedef {{ getModuleInfo(id: string): { isEntry: boolean, importers: readonly string[] } | null }} ModuleGraph */

/**
 * True when an entry matching `entries` imports `id` statically, directly or through other modules.
 * @param {string} id
 * @param {ModuleGraph} ctx
 * @param {RegExp} entries
 * @returns {boolean}
 */
function reachedFrom(id, ctx, entries, seen = new Set()) {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = ctx.getModuleInfo(id);
  if (!info) return false;
  if (info.isEntry && entries.test(id)) return true;
  return info.importers.some((importer) => reachedFrom(importer, ctx, entries, seen));
}

/**
 * A page script, and what it imports itself, is code that runs rather than a module that exports: it stays in its
 * own chunk, or every page would run every page's script.
 * @param {string} id
 * @param {ModuleGraph} ctx
 */
const runsAsScript = (id, ctx) =>
  PAGE_SCRIPTS.test(id) || (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => PAGE_SCRIPTS.test(importer));

/** @param {string} name @param {RegExp} entries @param {number} priority */
const firstLoadGroup = (name, entries, priority) => ({
  /** @param {string} id @param {ModuleGraph} ctx @returns {string | null} */
  name: (id, ctx) => (!id.endsWith('.css') && !runsAsScript(id, ctx) && reachedFrom(id, ctx, entries) ? name : null),
  priority,
});

const pageScripts = firstLoadGroup('page', PAGE_SCRIPTS, 3);
const appGroup = firstLoadGroup('app', APP, 2);
const productGroup = firstLoadGroup('product', PRODUCT_ISLANDS, 1);
const chunkGroups = [
  {
    ...pageScripts,
    // The loader behind every import(), which a page script uses too: never in a chunk that brings React.
    /** @param {string} id @param {ModuleGraph} ctx */
    name: (id, ctx) => (id.includes('vite/preload-helper') ? 'page' : pageScripts.name(id, ctx)),
  },
  {
    ...appGroup,
    /** @param {string} id @param {ModuleGraph} ctx */
    name: (id, ctx) =>
      appGroup.name(id, ctx) ??
      (productGroup.name(id, ctx) && reachedFrom(id, ctx, ORDER_ISLANDS) && !ORDER_ISLANDS.test(id) ? 'app' : null),
  },
  productGroup,
];
// V8 compiles a function at its first call, on the main thread. What the product page's first taps run is marked to
// be compiled whole as it loads, off that thread, rather than inside the taps: its first-load chunks, and what its
// taps load (the cart drawer, its order lines, the toasts and each wallet's button, WalletButton<Wallet>).
const COMPILED_ON_LOAD = /^(page|app|product|CartDrawer|OrderSummary|Toaster|WalletButton\w+)$/;

// --- Content-Security-Policy (security.csp below): built in src/build/page-policy.ts from the browser's API, image
// hosts and each wallet's hosts, SDK origin and policy setting (strict by default; an unknown value stops here,
// naming it).
/** @type {import('astro').AstroUserConfig['security']} */
const security = {
  csp: contentSecurityPolicy({
    apiBaseUrl: process.env.PUBLIC_API_BASE_URL,
    imageHosts: process.env.IMAGE_HOSTS,
    wallets: WALLET_PAGES,
    env: process.env,
    base,
  }),
};

/** Each wallet's build settings as astro:env fields: a choice of values, or text. */
function walletSettings() {
  return Object.fromEntries(
    WALLET_PAGES.flatMap((wallet) => wallet.settings).map(({ name, context, values, optional, default: fallback }) => {
      const common = { context, access: /** @type {const} */ ('public'), optional, default: fallback };
      return [name, values ? envField.enum({ ...common, values: [...values] }) : envField.string(common)];
    }),
  );
}

/** The stylesheet's brand shades from the settings' colour, before Tailwind writes them into each utility. */
const brandColours = {
  name: 'brand-colours',
  enforce: /** @type {const} */ ('pre'),
  /** @param {string} code @param {string} id */
  async transform(code, id) {
    if (!id.endsWith('/src/styles/global.css')) return null;
    return withBrandPalette(code, await settingsPalette(process.env.CONTENT_ROOT || '.'));
  },
};

/** `client:intent`: idle or first touch, whichever comes first, with an early tap replayed (see the file). */
const hydrateOnIntent = {
  name: 'hydrate-on-intent',
  hooks: {
    /** @param {{ addClientDirective: (d: { name: string, entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'intent',
        entrypoint: fileURLToPath(new URL('./src/browser/hydrate-on-intent.ts', import.meta.url)),
      });
    },
  },
};

export default defineConfig({
  site,
  base: base || '/',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'file' },
  // Shiki colours code with inline styles, which the CSP refuses; the content has no code to colour.
  markdown: { syntaxHighlight: false, processor: satteri({ hastPlugins: [baseLinks(base)] }) },
  integrations: [
    requireSiteUrl,
    hydrateOnIntent,
    react(),
    // Pages that must not be indexed (noindex) stay out of the sitemap; the 404 page is left out by the integration.
    sitemap({ filter: (page) => !notIndexed(withinBase(base, new URL(page).pathname) ?? '') }),
    // The content editor at /admin, written beside the pages (not one of them: see the file).
    editorIntegration(),
  ],
  security,
  image: { remotePatterns: imagePatterns() },
  vite: {
    plugins: [brandColours, tailwindcss(), compileHints(COMPILED_ON_LOAD)],
    build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } },
  },
  devToolbar: { enabled: false },
  env: {
    validateSecrets: true,
    schema: {
      // Build time: where the product is fetched from (absolute, including /api/v1).
      API_BASE_URL: envField.string({ context: 'server', access: 'public', url: true }),
      // Run time (browser): where islands call the API; defaults to API_BASE_URL.
      PUBLIC_API_BASE_URL: envField.string({ context: 'client', access: 'public' }),
      PUBLIC_STORE_ID: envField.string({ context: 'client', access: 'public' }),
      PUBLIC_STORE_DOMAIN: envField.string({ context: 'client', access: 'public' }),
      PUBLIC_PRODUCT_LINK: envField.string({ context: 'client', access: 'public' }),
      // Each wallet's own (src/features/payment/<wallet>/wallet.ts).
      ...walletSettings(),
    },
  },
});
