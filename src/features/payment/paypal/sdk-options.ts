// PayPal's side of a payment: what the v6 SDK is asked for.
import type { PageTypes } from '@paypal/paypal-js/sdk-v6';
import type { WalletPlacement } from '../wallet/props.ts';

export type PayPalEnvironment = 'production' | 'sandbox';

/** astro:env refuses anything else at build; this guards run time. */
export function paypalEnvironment(value: unknown): PayPalEnvironment {
  if (value === 'production' || value === 'sandbox') return value;
  throw new Error(`The PayPal environment must be "production" or "sandbox", not ${JSON.stringify(value)}.`);
}

export interface WalletConfig {
  clientId: string;
  environment: unknown;
  /** Demo only: where the stand-in SDK is served. */
  sdkBaseUrl?: string | undefined;
}

export interface WalletSdkOptions {
  clientId: string;
  environment: PayPalEnvironment;
  /** PayPal's buttons only: no Venmo, card or credit. */
  components: ['paypal-payments'];
  testBuyerCountry?: 'US';
  /** Demo only: the stand-in's script. */
  demoSdkUrl?: string;
}

const PAGE_TYPES: Record<WalletPlacement, PageTypes> = {
  product: 'product-details',
  'cart-drawer': 'mini-cart',
  checkout: 'checkout',
};

/** Where the button is, in PayPal's words. */
export const pageType = (placement: WalletPlacement): PageTypes => PAGE_TYPES[placement];

export function walletSdkOptions(c: WalletConfig): WalletSdkOptions {
  const environment = paypalEnvironment(c.environment);
  if (!c.clientId) throw new Error('The PayPal client id is not configured (PUBLIC_PAYPAL_CLIENT_ID).');
  return {
    clientId: c.clientId,
    environment,
    components: ['paypal-payments'],
    ...(environment === 'sandbox' ? { testBuyerCountry: 'US' as const } : {}),
    ...(c.sdkBaseUrl ? { demoSdkUrl: c.sdkBaseUrl } : {}),
  };
}

/** The shop sells to US buyers only. */
export function shipsTo(countryCode: string): boolean {
  return countryCode === 'US';
}
