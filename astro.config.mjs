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

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'file' },
  integrations: [react()],
  image: { remotePatterns: imagePatterns() },
  vite: { plugins: [tailwindcss()] },
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
