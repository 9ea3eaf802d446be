// /thank-you?orderId=...: the order this browser kept when it paid, shown with no request; the backend's answer
// over it when a shopper has a token; the honest page when there is neither; the total as the order total × 1.08,
// the four steps on an 800 ms clock, confetti (and none for reduced motion), the text invoice, sharing and its
// fallbacks, tracking in a new tab, support details, bad ids, real purchases, and an axe scan. The demo backend
// answers GET /orders/{id} only with a token, as the contract says.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  PRODUCT,
  RECEIPTS_KEY,
  expect,
  keptFrom,
  recordLayoutShifts,
  seedReceipt,
  seriousViolations,
  signIn,
  test,
  watchErrors,
  ONE_WINDOW,
} from './shop.support.ts';
import { checkoutPayPal, drawer, payPal, wallet } from './wallet.support.ts';

/** Two Arctic White and one Outdoor Pro Graphite, created and paid through the API: 289.97, shown as 313.17. */
async function payThroughApi(request: APIRequestContext): Promise<Record<string, unknown> & { id: string }> {
  const created = await request.post('/api/v1/orders/store/haven-home', {
    data: {
      items: [
        { productId: PRODUCT.id, variantId: 'var_arctic_white', quantity: 2 },
        { productId: PRODUCT.id, variantId: 'var_outdoor_pro_graphite', quantity: 1 },
      ],
    },
  });
  expect(created.ok()).toBe(true);
  const order = (await created.json()) as Record<string, unknown> & { id: string };
  const intent = await request.post(`/api/v1/orders/${order.id}/payment-intent`, {
    data: { provider: 'paypal', metadata: { orderId: order.id, provider: 'paypal', currency: 'USD' } },
  });
  const { id: paymentIntentId } = (await intent.json()) as { id: string };
  expect(
    (
      await request.post(`/api/v1/orders/${order.id}/process-payment`, {
        data: { provider: 'paypal', paymentIntentId },
      })
    ).ok(),
  ).toBe(true);
  return order;
}

/** A paid order, kept in this browser as the wallet flow keeps it: the create's answer, paid. Returns its id. */
async function paidOrder(page: Page, request: APIRequestContext): Promise<string> {
  const order = await payThroughApi(request);
  await seedReceipt(page, keptFrom(order));
  return order.id;
}

/** The 401 a shopper without a token gets for GET /orders/{id}: the browser logs it, the page does not. */
const REFUSED = [{ status: 401, url: /\/api\/v1\/orders\/[^/]+$/ }];

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
const step = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Order progress' }).getByRole('listitem').filter({ hasText: name });

test('the server sends a loading skeleton, and the page is not indexed', ONE_WINDOW, async ({ request }) => {
  const html = await (await request.get('/thank-you?orderId=anything')).text();
  expect(html).toContain('<meta name="robots" content="noindex"');
  expect(html).toMatch(/aria-busy="true"/);
  expect(html).toContain('Loading your order…');
});

test(
  'the kept order shows with no request: lines, and the figures the backend answered, nothing priced again',
  ONE_WINDOW,
  async ({ page, request }) => {
    const id = await paidOrder(page, request);
    // The backend never answers: the page must not wait for it.
    const asked: string[] = [];
    await page.route('**/api/v1/orders/*', (route) => void asked.push(route.request().url()));
    const errors = watchErrors(page);
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
    await expect(totals).toContainText('Tax$23.20');
    await expect(totals).toContainText('Total$313.17');
    await expect(page.getByRole('region', { name: 'Need help?' })).toContainText('support@haven-home.test');
    await expect(page.getByRole('region', { name: 'Need help?' })).toContainText('+1 (415) 555-0142');
    // A shopper without a token is not sent to ask: the contract's answer would be a refusal.
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(errors()).toEqual([]);
  },
);

test(
  "a backend's refusal (a stale token) leaves the kept order on screen, with no error",
  ONE_WINDOW,
  async ({ page, request }) => {
    const id = await paidOrder(page, request);
    await page.addInitScript(() => localStorage.setItem('accessToken', 'expired-long-ago'));
    const refused = page.waitForResponse((r) => r.url().endsWith(`/api/v1/orders/${id}`) && r.status() === 401);
    const errors = watchErrors(page, REFUSED);
    await page.goto(`/thank-you?orderId=${id}`);
    await refused;
    await expect(heading(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order summary' }).locator('dl')).toContainText('Total$313.17');
    expect(errors()).toEqual([]);
  },
);

test(
  "with a token, the backend's answer replaces the kept figures, and is kept",
  ONE_WINDOW,
  async ({ page, request }) => {
    const order = await payThroughApi(request);
    // What this browser kept is out of date: one Arctic White at an old price ($70.00, kept in cents), still pending.
    const kept = keptFrom(order);
    await seedReceipt(page, {
      ...kept,
      status: 'PENDING',
      items: [{ ...kept.items[0]!, quantity: 1, lineTotal: 7000 }],
      subtotal: 7000,
      total: 7000,
    });
    await signIn(page);
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/v1/orders/${order.id}`) && r.status() === 200);
    await page.goto(`/thank-you?orderId=${order.id}`);
    await answered;
    const totals = page.getByRole('region', { name: 'Order summary' }).locator('dl');
    await expect(totals).toContainText('Total$313.17');
    await expect(page.getByRole('list', { name: 'Items in this order' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText(`Order number ${order.id}`)).toContainText('Paid');
    const stored = await page.evaluate(
      (key) =>
        JSON.parse(localStorage.getItem(key) ?? '{}') as { orders: { id: string; total: number; status: string }[] },
      RECEIPTS_KEY,
    );
    expect(stored.orders[0]).toMatchObject({ id: order.id, total: 31317, status: 'PAID' });
  },
);

test(
  'a corrupt kept order is ignored: the backend is asked, and the page still says what it can',
  ONE_WINDOW,
  async ({ page, request }) => {
    const order = await payThroughApi(request);
    await seedReceipt(page, JSON.stringify({ version: 1, orders: [{ id: order.id, items: 'lots', total: -1 }] }));
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    const errors = watchErrors(page, REFUSED);
    await page.goto(`/thank-you?orderId=${order.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your order details are in your confirmation' }),
    ).toBeVisible();
    expect(warnings.some((w) => w.includes('1 stored order(s) could not be read'))).toBe(true);
    expect(errors()).toEqual([]);
  },
);

test('the order replaces the skeleton without a layout shift', async ({ page, request }) => {
  const id = await paidOrder(page, request);
  const layoutShift = await recordLayoutShifts(page);
  await page.goto(`/thank-you?orderId=${id}`);
  await expect(heading(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download invoice' })).toBeVisible();
  const cls = await layoutShift();
  expect(cls).toBeLessThan(0.05);
});

test('the four steps light one after another every 800 ms', ONE_WINDOW, async ({ page, request }) => {
  const id = await paidOrder(page, request);
  // Time stands still from before the page loads; only runFor moves it.
  await page.clock.install({ time: new Date('2026-05-04T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-05-04T10:00:01Z'));
  // The frame's own goto: the fixture's page.goto polls for hydration on animation frames, which a paused
  // clock never delivers. The heading below appears only once the island has hydrated and loaded the order.
  await page.mainFrame().goto(`/thank-you?orderId=${id}`);
  await expect(heading(page)).toBeVisible();
  const lit = async () => {
    const states = [];
    for (const name of ['Order Confirmed', 'Processing', 'Shipped', 'Delivered'])
      states.push(await step(page, name).getAttribute('data-lit'));
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

/** Whether the window shows the confetti's orange (#f97316), a colour nothing else on the page has. */
async function showsConfetti(page: Page): Promise<boolean> {
  const { data, info } = await sharp(await page.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - 249) + Math.abs(data[i + 1]! - 115) + Math.abs(data[i + 2]! - 22) < 30) return true;
  }
  return false;
}

test("confetti falls, drawn by a worker of the shop's own", ONE_WINDOW, async ({ page, request }) => {
  const id = await paidOrder(page, request);
  const worker = page.waitForEvent('worker');
  await page.goto(`/thank-you?orderId=${id}`);
  await expect(heading(page)).toBeVisible();
  const url = new URL((await worker).url());
  expect(url.origin).toBe(new URL(page.url()).origin);
  expect(url.pathname).toMatch(/confetti/);
  await expect.poll(() => showsConfetti(page)).toBe(true);
});

test(
  'a browser that cannot hand a canvas to a worker draws the confetti on the page',
  ONE_WINDOW,
  async ({ page, request }) => {
    const id = await paidOrder(page, request);
    await page.addInitScript(() => {
      Reflect.deleteProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen');
    });
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await page.goto(`/thank-you?orderId=${id}`);
    await expect(heading(page)).toBeVisible();
    await expect.poll(() => showsConfetti(page)).toBe(true);
    expect(workers).toEqual([]);
  },
);

test('no confetti for shoppers who prefer reduced motion', ONE_WINDOW, async ({ page, request }) => {
  const id = await paidOrder(page, request);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const confettiRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('confetti')) confettiRequests.push(r.url());
  });
  await page.goto(`/thank-you?orderId=${id}`);
  await expect(heading(page)).toBeVisible();
  await expect(page.getByTestId('confetti')).toHaveCount(0);
  expect(confettiRequests).toEqual([]);
  expect(await showsConfetti(page)).toBe(false);
});

test(
  'the invoice downloads as a text file with order id, date, lines, subtotal, tax and total',
  ONE_WINDOW,
  async ({ page, request }) => {
    const id = await paidOrder(page, request);
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
    expect(text).toMatch(/^Tax\s+\$23\.20$/m);
    expect(text).toMatch(/^Total\s+\$313\.17$/m);
  },
);

test.describe('sharing the order', ONE_WINDOW, () => {
  const orderUrl = (base: string, id: string) => `${base}/thank-you?orderId=${id}`;

  test('uses the Web Share API when there is one', async ({ page, request, baseURL }) => {
    const id = await paidOrder(page, request);
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.defineProperty(window, 'shared', { value: shared });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: unknown) => Promise.resolve(void shared.push(data)),
      });
    });
    const seen = alerts(page);
    await page.goto(`/thank-you?orderId=${id}`);
    await page.getByRole('button', { name: 'Share order' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared))
      .toEqual([expect.objectContaining({ url: orderUrl(baseURL!, id) })]);
    expect(seen).toEqual([]);
  });

  test('falls back to copying the link when sharing fails, with "Order link copied to clipboard!"', async ({
    page,
    request,
    baseURL,
  }) => {
    const id = await paidOrder(page, request);
    await page.addInitScript(() => {
      const copied: string[] = [];
      Object.defineProperty(window, 'copied', { value: copied });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: () => Promise.reject(new TypeError('share not allowed')),
      });
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: (t: string) => Promise.resolve(void copied.push(t)) },
      });
    });
    const seen = alerts(page);
    await page.goto(`/thank-you?orderId=${id}`);
    await page.getByRole('button', { name: 'Share order' }).click();
    await expect.poll(() => seen).toEqual(['alert: Order link copied to clipboard!']);
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([
      orderUrl(baseURL!, id),
    ]);
  });

  test('copies the link when there is no Web Share', async ({ page, request }) => {
    const id = await paidOrder(page, request);
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
    const id = await paidOrder(page, request);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      });
    });
    const seen = alerts(page);
    await page.goto(`/thank-you?orderId=${id}`);
    await page.getByRole('button', { name: 'Share order' }).click();
    await expect.poll(() => seen).toEqual(['alert: Unable to share order. Please copy the URL manually.']);
  });

  test('closing the share sheet is not a failure: no alert', async ({ page, request }) => {
    const id = await paidOrder(page, request);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: () => Promise.reject(new DOMException('cancelled', 'AbortError')),
      });
    });
    const seen = alerts(page);
    await page.goto(`/thank-you?orderId=${id}`);
    await page.getByRole('button', { name: 'Share order' }).click();
    await expect(page.getByRole('button', { name: 'Share order' })).toBeEnabled();
    expect(seen).toEqual([]);
  });
});

test('Track order opens /order-tracking?orderId=... in a new tab', ONE_WINDOW, async ({ page, request, context }) => {
  const id = await paidOrder(page, request);
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

test('a missing orderId gets a clear message and a way back', ONE_WINDOW, async ({ page }) => {
  await page.goto('/thank-you');
  await expect(page.getByRole('heading', { level: 1, name: 'No order to show' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Track an order' })).toHaveAttribute('href', '/order-tracking');
});

test('a fresh browser (nothing kept, no token) gets the order number, where the details are, tracking and support', async ({
  browser,
  page,
  request,
  baseURL,
  isPhone,
}) => {
  // Paid in one browser...
  const id = await paidOrder(page, request);
  await page.goto(`/thank-you?orderId=${id}`);
  await expect(heading(page)).toBeVisible();
  // ...opened in another, like a shared link.
  const other = await browser.newContext({
    baseURL,
    viewport: page.viewportSize(),
    isMobile: isPhone,
    hasTouch: isPhone,
  });
  const fresh = await other.newPage();
  const errors = watchErrors(fresh, REFUSED);
  await fresh.goto(`/thank-you?orderId=${id}`);
  await expect(
    fresh.getByRole('heading', { level: 1, name: 'Your order details are in your confirmation' }),
  ).toBeVisible();
  await expect(fresh.getByText(`Order number ${id}`)).toBeVisible();
  await expect(
    fresh.getByText(/Your order confirmation lists the items, the total and the delivery estimate\./),
  ).toBeVisible();
  const track = fresh.getByRole('link', { name: 'Track order (opens in a new tab)' });
  await expect(track).toHaveAttribute('href', `/order-tracking?orderId=${id}`);
  await expect(track).toHaveAttribute('target', '_blank');
  await expect(fresh.getByRole('region', { name: 'Need help?' })).toContainText('support@haven-home.test');
  await expect(fresh.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  await expect(fresh.getByTestId('confetti')).toHaveCount(0);
  await expect(fresh.getByRole('button', { name: 'Download invoice' })).toHaveCount(0);
  expect(errors()).toEqual([]);
  expect(await seriousViolations(fresh)).toEqual([]);
  await other.close();
});

test('an unknown orderId, asked with a token, says the order was not found', ONE_WINDOW, async ({ page }) => {
  await signIn(page);
  const errors = watchErrors(page, [{ status: 404, url: /\/api\/v1\/orders\/no-such-order$/ }]);
  await page.goto('/thank-you?orderId=no-such-order');
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that order" })).toBeVisible();
  await expect(page.getByText('There is no order with the number “no-such-order”.')).toBeVisible();
  expect(errors()).toEqual([]);
});

test(
  'an unknown orderId without a token gets the honest page: the backend will not say whether it exists',
  ONE_WINDOW,
  async ({ page }) => {
    const errors = watchErrors(page, REFUSED);
    await page.goto('/thank-you?orderId=no-such-order');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your order details are in your confirmation' }),
    ).toBeVisible();
    await expect(page.getByText('Order number no-such-order')).toBeVisible();
    expect(errors()).toEqual([]);
  },
);

test(
  'a backend that cannot be reached gets a retry, which then shows the order',
  ONE_WINDOW,
  async ({ page, request }) => {
    const { id } = await payThroughApi(request);
    await signIn(page);
    await page.route('**/api/v1/orders/**', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' }),
    );
    await page.clock.install();
    await page.goto(`/thank-you?orderId=${id}`);
    // The client retries a failed GET three times (1 s, 2 s, 4 s) before the page gives up: the clock runs them out,
    // the page's own work between its steps.
    const gaveUp = page.getByRole('heading', { level: 1, name: "We couldn't load your order" });
    await expect(async () => {
      await page.clock.runFor(250);
      await expect(gaveUp).toBeVisible({ timeout: 100 });
    }).toPass({ intervals: [0] });
    await page.unroute('**/api/v1/orders/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(heading(page)).toBeVisible();
  },
);

test('axe: /thank-you has no serious or critical violations', async ({ page, request }) => {
  const id = await paidOrder(page, request);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/thank-you?orderId=${id}`);
  await expect(heading(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe: /thank-you for an order that cannot be found has no serious or critical violations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page);
  await page.goto('/thank-you?orderId=no-such-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that order");
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('a real purchase, with the backend enforcing tokens, ends on the full confirmation', ONE_WINDOW, () => {
  /** Pays in the demo wallet from `button`, then checks what the thank-you page offers, all from the kept order. */
  async function approveAndConfirm(
    page: Page,
    request: APIRequestContext,
    button: Awaited<ReturnType<typeof payPal>>,
    expected: { variant: string; total: string },
  ) {
    const lookups: string[] = [];
    page.on(
      'request',
      (r) => r.method() === 'GET' && /\/api\/v1\/orders\/[^/]+$/.test(r.url()) && lookups.push(r.url()),
    );
    await button.click();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/thank-you\?orderId=/);
    await expect(heading(page)).toBeVisible();
    const id = new URL(page.url()).searchParams.get('orderId')!;
    // The backend would refuse this shopper the order; the page never needed to ask.
    expect((await request.get(`/api/v1/orders/${id}`)).status()).toBe(401);
    expect(lookups).toEqual([]);
    await expect(page.getByText(`Order number ${id}`)).toContainText('Paid');
    const items = page.getByRole('list', { name: 'Items in this order' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(expected.variant);
    await expect(page.getByRole('region', { name: 'Order summary' }).locator('dl')).toContainText(
      `Total${expected.total}`,
    );
    await expect(step(page, 'Order Confirmed')).toHaveAttribute('data-lit', 'true');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download invoice' }).click();
    const text = await readFile(await (await download).path(), 'utf8');
    expect(text).toContain(`Order ID:   ${id}`);
    expect(text).toContain(expected.variant);
    expect(text).toMatch(new RegExp(`^Total\\s+\\${expected.total}$`, 'm'));

    await page.evaluate(() =>
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: unknown) => Promise.resolve(void ((window as unknown as { shared: unknown }).shared = data)),
      }),
    );
    await page.getByRole('button', { name: 'Share order' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: { url: string } }).shared?.url))
      .toMatch(new RegExp(`/thank-you\\?orderId=${id}$`));

    const track = page.getByRole('link', { name: 'Track order (opens in a new tab)' });
    await expect(track).toHaveAttribute('href', `/order-tracking?orderId=${id}`);
  }

  test("from the cart drawer's wallet button", async ({ page, request }) => {
    const errors = watchErrors(page);
    await page.goto('/?variant=arctic-white');
    await page.locator('#main-add-button').click();
    await expect(drawer(page)).toBeVisible();
    await approveAndConfirm(page, request, await payPal(drawer(page)), { variant: 'Arctic White', total: '$96.38' });
    expect(errors()).toEqual([]);
  });

  test('from Buy Now and the /checkout wallet button', async ({ page, request }) => {
    const errors = watchErrors(page);
    await page.goto('/?variant=outdoor-pro-graphite');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await approveAndConfirm(page, request, await checkoutPayPal(page), {
      variant: 'Outdoor Pro Graphite',
      total: '$140.39',
    });
    expect(errors()).toEqual([]);
  });
});
