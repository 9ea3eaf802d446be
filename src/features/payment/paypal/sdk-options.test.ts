import { describe, expect, it } from 'vitest';
import { paypalEnvironment, walletScriptOptions } from './sdk-options.ts';

describe('SDK options', () => {
  it('asks for buttons only, no venmo/card/credit, USD, capture, with the configured client id and demo SDK', () => {
    expect(
      walletScriptOptions({
        clientId: 'demo-client-id',
        environment: 'sandbox',
        sdkBaseUrl: '/demo-wallet/sdk.js',
        currency: 'USD',
      }),
    ).toEqual({
      clientId: 'demo-client-id',
      components: 'buttons',
      disableFunding: 'venmo,card,credit',
      buyerCountry: 'US',
      currency: 'USD',
      intent: 'capture',
      environment: 'sandbox',
      sdkBaseUrl: '/demo-wallet/sdk.js',
    });
  });

  it('leaves sdkBaseUrl and the sandbox-only buyer country out in production', () => {
    const options = walletScriptOptions({
      clientId: 'live-id',
      environment: 'production',
      sdkBaseUrl: '',
      currency: 'USD',
    });
    expect(options).not.toHaveProperty('sdkBaseUrl');
    expect(options).not.toHaveProperty('buyerCountry');
    expect(options.environment).toBe('production');
  });

  it('accepts only production or sandbox, and needs a client id', () => {
    expect(paypalEnvironment('production')).toBe('production');
    for (const bad of ['live', 'Sandbox', '', undefined, null, 1]) {
      expect(() => paypalEnvironment(bad)).toThrow(/must be "production" or "sandbox"/);
    }
    expect(() => walletScriptOptions({ clientId: '', environment: 'sandbox', currency: 'USD' })).toThrow(/client id/);
  });
});
