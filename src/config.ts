// What the browser may see of the configuration, fixed at build from the environment (astro:env checks it).
import { PUBLIC_API_BASE_URL, PUBLIC_PRODUCT_LINK, PUBLIC_STORE_DOMAIN, PUBLIC_STORE_ID } from 'astro:env/client';

export const config = {
  apiBaseUrl: PUBLIC_API_BASE_URL,
  storeId: PUBLIC_STORE_ID,
  storeDomain: PUBLIC_STORE_DOMAIN,
  productLink: PUBLIC_PRODUCT_LINK,
  currency: 'USD',
} as const;
