import { expect, it } from 'vitest';
import { thankYouPath } from './pages.ts';

it('sends the shopper to the thank-you page of the order', () => {
  expect(thankYouPath('ord 1/2')).toBe('/thank-you?orderId=ord%201%2F2');
});
