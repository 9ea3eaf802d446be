// PayPal for the list of wallets: the provider, its button's code, what the button asks of the page.
import type { WalletPage } from '../wallet/page.ts';
import { paypal } from './provider.ts';

export { paypal };

export const loadPayPalButton = () => import('./WalletButtonPayPal.tsx');

const GUIDE = 'https://developer.paypal.com/sdk/js/best-practices';

export const paypalPage = {
  name: paypal.name,
  hosts: ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
  paymentOrigins: ['https://www.paypal.com'],
  sdkScript: /paypal\.com\/(web-)?sdk\//,
  providerHosts: /(^|\.)(paypal|paypalobjects|venmo)\.com$/i,
  drawnButton: 'paypal-button',
  settings: [
    { name: 'PUBLIC_PAYPAL_CLIENT_ID', context: 'client', demo: 'demo-client-id' },
    // No default: a production build that forgot it must not ship a sandbox wallet (the demo builds sandbox).
    { name: 'PUBLIC_PAYPAL_ENV', context: 'client', values: ['production', 'sandbox'], demo: 'sandbox' },
    { name: 'PUBLIC_PAYPAL_SDK_URL', context: 'client', optional: true, demo: '/demo-wallet/sdk.js' },
    { name: 'PAYPAL_CSP', context: 'server', values: ['strict', 'paypal-recommended'], default: 'strict' },
  ],
  sdkUrlSetting: 'PUBLIC_PAYPAL_SDK_URL',
  settingsHint: 'check PUBLIC_PAYPAL_CLIENT_ID and PUBLIC_PAYPAL_ENV; PUBLIC_PAYPAL_SDK_URL is for the demo only.',
  // Venmo funding is disabled: the strict policy leaves its hosts out.
  recommended: {
    setting: 'PAYPAL_CSP',
    value: 'paypal-recommended',
    hosts: ['https://*.venmo.com'],
    adds: "the 'unsafe-inline' and the Venmo hosts that PayPal's JS SDK guide recommends to script-src and style-src",
    guide: GUIDE,
  },
} as const satisfies WalletPage;
