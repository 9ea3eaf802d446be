// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

const site = process.env.SITE_URL || 'http://127.0.0.1:4321';

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
  for (const host of (process.env.IMAGE_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean)) {
    patterns.push({ hostname: host });
  }
  return patterns;
}

// Everything every page needs at first load goes into one chunk: one request, and gzip sees it all at once
// (many small chunks cost bytes in import boilerplate and lost compression). What is loaded on interaction
// (cart drawer, toasts, sticky bar, the API client, the stored-cart checker, the wallet) stays in its own chunks.
const LAZY = /(CartDrawer|Toaster|StickyAddBar|cart-storage|stores\/(product|analytics|api)|lib\/product|client\/|valibot|focus-trap|tabbable|openapi-fetch|paypal|canvas-confetti|Wallet|Checkout|ThankYou)/;
const FIRST_LOAD = /(node_modules\/(react|react-dom|scheduler|nanostores|@nanostores\/react)\/|\/src\/(lib|stores|islands|config)|astro\/dist\/runtime\/client|@astrojs\/react\/dist\/client)/;
const firstLoadGroup = {
  name: 'app',
  test: (/** @type {string} */ id) => FIRST_LOAD.test(id) && !LAZY.test(id),
};

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'file' },
  integrations: [react()],
  image: { remotePatterns: imagePatterns() },
  vite: {
    plugins: [tailwindcss()],
    build: { rolldownOptions: { output: { codeSplitting: { groups: [firstLoadGroup] } } } },
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
      PUBLIC_PAYPAL_CLIENT_ID: envField.string({ context: 'client', access: 'public' }),
      PUBLIC_PAYPAL_ENV: envField.enum({
        context: 'client',
        access: 'public',
        values: ['production', 'sandbox'],
        default: 'sandbox',
      }),
      // Demo mode only: where the fake wallet SDK is served (sdkBaseUrl).
      PUBLIC_PAYPAL_SDK_URL: envField.string({ context: 'client', access: 'public', optional: true }),
    },
  },
});
