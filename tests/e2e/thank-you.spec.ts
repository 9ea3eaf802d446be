// /thank-you?orderId=... (SPEC §2, §8, §9; issue 5 item 5) for an order paid through the demo API: the summary
// with the × 1.08 total, the four steps on an 800 ms clock, confetti (and none for reduced motion), the text
// invoice, sharing and its fallbacks, tracking in a new tab, support details, bad ids, and an axe scan.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { PRODUCT, expect, recordLayoutShifts, test } from './fixtures.ts';

/** Two Arctic White and one Outdoor Pro Graphite, paid: 289.97, shown as 289.97 × 1.08 = 313.17. */
async function paidOrder(request: APIRequestContext): Promise<string> {
  const created = await request.post('/api/v1/orders/store/haven-home', {
    data: {
      items: [
        { productId: PRODUCT.id, variantId: 'var_arctic_white', quantity: 2 },
        { productId: PRODUCT.id, variantId: 'var_outdoor_pro_graphite', quantity: 1 },
      ],
    },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const intent = await request.post(`/api/v1/orders/${id}/payment-intent`, {
    data: { provider: 'paypal', metadata: { orderId: id, provider: 'paypal', currency: 'USD' } },
  });
  const { id: paymentIntentId } = (await intent.json()) as { id: string };
  expect((await request.post(`/api/v1/orders/${id}/process-payment`, { data: { provider: 'paypal', paymentIntentId } })).ok()).toBe(true);
  return id;
}

/** Alerts the page raises, dismissed as they come (an open alert would block the page). */
function alerts(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Thank you for your order!' });
const step = (page: Page, name: string) => page.getByRole('list', { name: 'Order progress' }).getByRole('listitem').filter({ hasText: name });

test('the server sends a loading skeleton, and the page is not indexed', async ({ request }) => {
  const html = await (await request.get('/thank-you?orderId=anything')).text();
  expect(html).toContain('<meta name="robots" content="noindex"');
  expect(html).toMatch(/aria-busy="true"/);
  expect(html).toContain('Loading your order…');
});

test('the order summary lists the lines, and the total is the order total × 1.08', async ({ page, request }) => {
  const id = await paidOrder(request);
  await page.goto(`/thank-you?orderId=${id}`);
  await expect(heading(page)).toBeVisible();
  await expect(page.getByText(`Order number ${id}`)).toBeVisible();
  const items = page.getByRole('list', { name: 'Items in this order' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Arctic White');
  await expect(items.nth(0)).toContainText('Qty 2');
  await expect(items.nth(0)).toContainText('$159.98');
  await expect(items.nth(1)).toContainText('Outdoor Pro Graphite');
  const totals = page.getByRole('region', { name: 'Order summary' }).locator('dl');
  await expect(totals).toContainText('Subtotal$289.97');
  await expect(totals).toContainText('ShippingFree');
  await expect(totals).toContainText('Tax (8%)$23.20');
  await expect(totals).toContainText('Total$313.17');
  await expect(page.getByRole('region', { name: 'Need help?' })).toContainText('support@haven-home.test');
  await expect(page.getByRole('region', { name: 'Need help?' })).toContainText('+1 (415) 555-0142');
});

test('the order replaces the skeleton without a layout shift', async ({ page, request }) => {
  const id = await paidOrder(request);
  const layoutShift = await recordLayoutShifts(page);
  await page.goto(`/thank-you?orderId=${id}`);
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download invoice' })).toBeVisible();
  const cls = await layoutShift();
  expect(cls).toBeLessThan(0.05);
});

test('the four steps light one after another every 800 ms', async ({ page, request }) => {
  const id = await paidOrder(request);
  // Time stands still from before the page loads; only runFor moves it.
  await page.clock.install({ time: new Date('2026-05-04T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-05-04T10:00:01Z'));
  // The frame's own goto: the fixture's page.goto polls for hydration on animation frames, which a paused
  // clock never delivers. The heading below appears only once the island has hydrated and loaded the order.
  await page.mainFrame().goto(`/thank-you?orderId=${id}`);
  await expect(heading(page)).toBeVisible();
  const lit = async () => {
    const states = [];
    for (const name of ['Order Confirmed', 'Processing', 'Shipped', 'Delivered']) states.push(await step(page, name).getAttribute('data-lit'));
    return states.join(',');
  };
  expect(await lit()).toBe('true,false,false,false');
  await expect(step(page, 'Order Confirmed')).toHaveAttribute('aria-current', 'step');
  await page.clock.runFor(799);
  expect(await lit()).toBe('true,false,false,false');
  await page.clock.runFor(1);
  await expect.poll(lit).toBe('true,true,false,false');
  await page.clock.runFor(800);
  await expect.poll(lit).toBe('true,true,true,false');
  await page.clock.runFor(800);
  await expect.poll(lit).toBe('true,true,true,true');
  await expect(step(page, 'Delivered')).toHaveAttribute('aria-current', 'step');
  await page.clock.runFor(5000);
  expect(await lit()).toBe('true,true,true,true');
});

test('confetti, but none for shoppers who prefer reduced motion', async ({ page, request }) => {
  const id = await paidOrder(request);
  await page.goto(`/thank-you?orderId=${id}`);
  await expect(heading(page)).toBeVisible();
  await expect(page.getByTestId('confetti')).toBeAttached();

  await page.emulateMedia({ reducedMotion: 'reduce' });
  const confettiRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('confetti')) confettiRequests.push(r.url());
  });
  await page.reload();
  await expect(heading(page)).toBeVisible();
  await expect(page.getByTestId('confetti')).toHaveCount(0);
  expect(confettiRequests).toEqual([]);
});

test('the invoice downloads as a text file with order id, date, lines, subtotal, tax and total', async ({ page, request }) => {
  const id = await paidOrder(request);
  await page.goto(`/thank-you?orderId=${id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`invoice-${id}.txt`);
  const text = await readFile(await file.path(), 'utf8');
  expect(text).toContain('INVOICE');
  expect(text).toContain(`Order ID:   ${id}`);
  expect(text).toMatch(/Order date: [A-Z][a-z]+ \d{1,2}, \d{4}/);
  expect(text).toContain('Status:     Paid');
  expect(text).toContain('Arctic White · SKU HC360-WHT\n  2 × $79.99 = $159.98');
  expect(text).toContain('Outdoor Pro Graphite · SKU HC360-OPG\n  1 × $129.99 = $129.99');
  expect(text).toMatch(/^Subtotal\s+\$289\.97$/m);
  expect(text).toMatch(/^Tax \(8%\)\s+\$23\.20$/m);
  expect(text).toMatch(/^Total\s+\$313\.17$/m);
});

test.describe('sharing the order', () => {
  const orderUrl = (base: string, id: string) => `${base}/thank-you?orderId=${id}`;

  test('uses the Web Share API when there is one', async ({ page, request, baseURL }) => {
    const id = await paidOrder(request);
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.defineProperty(window, 'shared', { value: shared });
      Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: unknown) => void shared.push(data) });
    });
    const seen = alerts(page);
    await page.goto(`/thank-you?orderId=${id}`);
    await page.getByRole('button', { name: 'Share order' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared)).toEqual([
      expect.objectContaining({ url: orderUrl(baseURL!, id) }),
    ]);
    expect(seen).toEqual([]);
  });

  test('falls back to copying the link when sharing fails, with "Order link copied to clipboard!"', async ({ page, request, baseURL }) => {
    const id = await paidOrder(request);
    await page.addInitScript(() => {
      const copied: string[] = [];
      Object.defineProperty(window, 'copied', { value: copied });
      Object.defineProperty(navigator, 'share', { configurable: true, value: async () => { throw new TypeError('share not allowed'); } });
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
    });
    const seen = alerts(page);
    await page.goto(`/thank-you?orderId=${id}`);
    await page.getByRole('button', { name: 'Share order' }).click();
    await expect.poll(() => seen).toEqual(['alert: Order link copied to clipboard!']);
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([orderUrl(baseURL!, id)]);
  });

  test('copies the link when there is no Web Share', async ({ page, request }) => {
    const id = await paidOrder(request);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async () => {} } });
    });
    const seen = alerts(page);
    await page.goto(`/thank-you?orderId=${id}`);
    await page.getByRole('button', { name: 'Share order' }).click();
    await expect.poll(() => seen).toEqual(['alert: Order link copied to clipboard!']);
  });

  test('asks the shopper to copy the URL when neither sharing nor copying works', async ({ page, request }) => {
    const id = await paidOrder(request);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async () => { throw new DOMException('denied', 'NotAllowedError'); } } });
    });
    const seen = alerts(page);
    await page.goto(`/thank-you?orderId=${id}`);
    await page.getByRole('button', { name: 'Share order' }).click();
    await expect.poll(() => seen).toEqual(['alert: Unable to share order. Please copy the URL manually.']);
  });

  test('closing the share sheet is not a failure: no alert', async ({ page, request }) => {
    const id = await paidOrder(request);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: async () => { throw new DOMException('cancelled', 'AbortError'); } });
    });
    const seen = alerts(page);
    await page.goto(`/thank-you?orderId=${id}`);
    await page.getByRole('button', { name: 'Share order' }).click();
    await expect(page.getByRole('button', { name: 'Share order' })).toBeEnabled();
    expect(seen).toEqual([]);
  });
});

test('Track order opens /order-tracking?orderId=... in a new tab', async ({ page, request, context }) => {
  const id = await paidOrder(request);
  await page.goto(`/thank-you?orderId=${id}`);
  const link = page.getByRole('link', { name: 'Track order (opens in a new tab)' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener');
  const opened = context.waitForEvent('page');
  await link.click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname + new URL(tab.url()).search).toBe(`/order-tracking?orderId=${id}`);
  await expect(tab.getByRole('heading', { level: 1, name: 'Track your order' })).toBeVisible();
});

test('a missing orderId gets a clear message and a way back', async ({ page }) => {
  await page.goto('/thank-you');
  await expect(page.getByRole('heading', { level: 1, name: 'No order to show' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Track an order' })).toHaveAttribute('href', '/order-tracking');
});

test('an unknown orderId says the order was not found', async ({ page }) => {
  await page.goto('/thank-you?orderId=no-such-order');
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that order" })).toBeVisible();
  await expect(page.getByText('There is no order with the number “no-such-order”.')).toBeVisible();
});

test('a backend that cannot be reached gets a retry, which then shows the order', async ({ page, request }) => {
  const id = await paidOrder(request);
  await page.route('**/api/v1/orders/**', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' }));
  await page.goto(`/thank-you?orderId=${id}`);
  // The client retries a failed GET three times (1 s, 2 s, 4 s) before the page gives up.
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't load your order" })).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/v1/orders/**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(heading(page)).toBeVisible();
});

test('axe: /thank-you has no serious or critical violations', async ({ page, request }) => {
  const id = await paidOrder(request);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/thank-you?orderId=${id}`);
  await expect(heading(page)).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.goto('/thank-you?orderId=no-such-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that order");
  const missing = await new AxeBuilder({ page }).analyze();
  expect(missing.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
