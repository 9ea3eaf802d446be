import { expect, it } from 'vitest';
import { walletNames, WALLETS } from './wallets.ts';

it('tells of PayPal’s default 3 hours for an approval', () => {
  expect(WALLETS[0]).toMatchObject({ id: 'paypal', name: 'PayPal', approvalLifetimeMs: 3 * 60 * 60 * 1000 });
});

it('lists the wallets’ names as a sentence says them', () => {
  expect(walletNames()).toBe('PayPal');
});
