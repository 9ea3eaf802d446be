// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

const site = process.env.SITE_URL || 'http://127.0.0.1:4321';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'file' },
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
  env: {
    validateSecrets: true,
    schema: {
      // Build time: where the product is fetched from (absolute, including /api/v1).
      API_BASE_URL: envField.string({ context: 'server', access: 'public', url: true }),
      // Run time (browser): where islands call the API; defaults to API_BASE_URL.
      PUBLIC_API_BASE_URL: envField.string({ context: 'client', access: 'public', optional: true }),
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
