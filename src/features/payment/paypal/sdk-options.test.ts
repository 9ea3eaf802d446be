import { describe, expect, it } from 'vitest';
import { pageType, paypalEnvironment, shipsTo, walletSdkOptions } from './sdk-options.ts';

describe('SDK options', () => {
  it("asks for PayPal's buttons only, with the client id, the sandbox's US buyer and the demo SDK", () => {
    expect(
      walletSdkOptions({ clientId: 'demo-client-id', environment: 'sandbox', sdkBaseUrl: '/demo-wallet/sdk.js' }),
    ).toEqual({
      clientId: 'demo-client-id',
      environment: 'sandbox',
      components: ['paypal-payments'],
      testBuyerCountry: 'US',
      demoSdkUrl: '/demo-wallet/sdk.js',
    });
  });

  it('leaves the demo SDK and the sandbox-only buyer country out in production', () => {
    const options = walletSdkOptions({ clientId: 'live-id', environment: 'production', sdkBaseUrl: '' });
    expect(options).toEqual({ clientId: 'live-id', environment: 'production', components: ['paypal-payments'] });
  });

  it('accepts only production or sandbox, and needs a client id', () => {
    expect(paypalEnvironment('production')).toBe('production');
    for (const bad of ['live', 'Sandbox', '', undefined, null, 1]) {
      expect(() => paypalEnvironment(bad)).toThrow(/must be "production" or "sandbox"/);
    }
    expect(() => walletSdkOptions({ clientId: '', environment: 'sandbox' })).toThrow(/client id/);
  });

  it("names each placement in PayPal's page types, and ships to the US only", () => {
    expect([pageType('product'), pageType('cart-drawer'), pageType('checkout')]).toEqual([
      'product-details',
      'mini-cart',
      'checkout',
    ]);
    expect([shipsTo('US'), shipsTo('CA'), shipsTo('us'), shipsTo('')]).toEqual([true, false, false, false]);
  });
});
