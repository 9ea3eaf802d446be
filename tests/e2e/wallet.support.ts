// The wallet as a shopper meets it in the browser tests: the cart drawer, the fake SDK's PayPal button and its
// "Demo wallet" dialog.
import type { Page } from '@playwright/test';
import { expect } from './shop.support.ts';

export const drawer = (page: Page) => page.getByRole('dialog', { name: /Your cart/ });
export const wallet = (page: Page) => page.getByRole('dialog', { name: 'Demo wallet' });

/** The fake SDK's PayPal button inside `scope`, once drawn and enabled. */
export async function payPal(scope: ReturnType<Page['locator']> | Page) {
  const button = scope.getByRole('button', { name: 'PayPal', exact: true });
  await expect(button).toHaveAttribute('aria-disabled', 'false');
  return button;
}

export async function checkoutPayPal(page: Page) {
  return payPal(page.getByRole('region', { name: 'Express checkout' }));
}
