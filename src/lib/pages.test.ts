import { expect, it } from 'vitest';
import { notIndexed, orderTrackingPath, PAGES, thankYouPath } from './pages.ts';

it('sends the shopper to the thank-you page of the order', () => {
  expect(thankYouPath('ord 1/2')).toBe('/thank-you?orderId=ord%201%2F2');
});

it('sends the shopper to the tracking page of the order', () => {
  expect(orderTrackingPath('ord 1/2')).toBe('/order-tracking?orderId=ord%201%2F2');
});

it('keeps /checkout and /thank-you out of the sitemap, however the host spells their paths', () => {
  for (const path of ['/checkout', '/checkout/', '/checkout.html', '/thank-you', '/thank-you/']) {
    expect(notIndexed(path), path).toBe(true);
  }
  for (const path of ['/', '/support', '/policy/', '/links.html', '/checkout-help']) {
    expect(notIndexed(path), path).toBe(false);
  }
});

it('lists each page once', () => {
  expect(new Set(PAGES.map((page) => page.path)).size).toBe(PAGES.length);
});
