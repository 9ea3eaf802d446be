// PayPal's side of a payment: the SDK's options, and what every wallet button is told.

export type PayPalEnvironment = 'production' | 'sandbox';

/** astro:env refuses anything else at build; this guards run time. */
export function paypalEnvironment(value: unknown): PayPalEnvironment {
  if (value === 'production' || value === 'sandbox') return value;
  throw new Error(`The PayPal environment must be "production" or "sandbox", not ${JSON.stringify(value)}.`);
}

export interface WalletConfig {
  clientId: string;
  environment: unknown;
  /** Demo only: where the fake wallet SDK is served. */
  sdkBaseUrl?: string | undefined;
  currency: string;
}

export interface WalletScriptOptions {
  clientId: string;
  components: 'buttons';
  disableFunding: string;
  buyerCountry?: 'US';
  currency: string;
  intent: 'capture';
  environment: PayPalEnvironment;
  sdkBaseUrl?: string;
}

export function walletScriptOptions(c: WalletConfig): WalletScriptOptions {
  const environment = paypalEnvironment(c.environment);
  if (!c.clientId) throw new Error('The PayPal client id is not configured (PUBLIC_PAYPAL_CLIENT_ID).');
  return {
    clientId: c.clientId,
    components: 'buttons',
    disableFunding: 'venmo,card,credit',
    // PayPal documents buyer-country as a sandbox testing parameter; the live SDK refuses to load with it.
    ...(environment === 'sandbox' ? { buyerCountry: 'US' as const } : {}),
    currency: c.currency,
    intent: 'capture',
    environment,
    ...(c.sdkBaseUrl ? { sdkBaseUrl: c.sdkBaseUrl } : {}),
  };
}
