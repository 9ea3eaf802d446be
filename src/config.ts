// What the browser may see of the configuration, fixed at build from the environment (astro:env checks it).
import {
  PUBLIC_API_BASE_URL,
  PUBLIC_PAYPAL_CLIENT_ID,
  PUBLIC_PAYPAL_ENV,
  PUBLIC_PAYPAL_SDK_URL,
  PUBLIC_PRODUCT_LINK,
  PUBLIC_STORE_DOMAIN,
  PUBLIC_STORE_ID,
} from 'astro:env/client';

export const config = {
  apiBaseUrl: PUBLIC_API_BASE_URL,
  storeId: PUBLIC_STORE_ID,
  storeDomain: PUBLIC_STORE_DOMAIN,
  productLink: PUBLIC_PRODUCT_LINK,
  paypal: {
    clientId: PUBLIC_PAYPAL_CLIENT_ID,
    environment: PUBLIC_PAYPAL_ENV,
    /** Set only in demo mode: the fake wallet SDK. */
    sdkBaseUrl: PUBLIC_PAYPAL_SDK_URL,
  },
  currency: 'USD',
} as const;
