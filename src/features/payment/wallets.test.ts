import { expect, it } from 'vitest';
import { walletNames, walletOf, WALLETS } from './wallets.ts';

it('finds a payment’s wallet by its provider id; a record kept before payments named theirs is the first wallet’s', () => {
  expect(walletOf('paypal')).toMatchObject({ id: 'paypal', name: 'PayPal' });
  expect(walletOf(undefined)).toBe(WALLETS[0]);
  expect(walletOf('no-such-wallet')).toBe(WALLETS[0]);
});

it('lists the wallets’ names as a sentence says them', () => {
  expect(walletNames()).toBe('PayPal');
});
