// /checkout (docs/requirements.md#checkout): the server's skeleton, the page built from the cart, the empty state,
// the local discount code, CHECKOUT_START on opening, no layout shift, and axe scans.
import type { Page } from '@playwright/test';
import {
  ONE_WINDOW,
  PRODUCT,
  cartLine as line,
  demoEvents,
  expect,
  recordLayoutShifts,
  seedCart as withCart,
  test,
  seriousViolations,
} from './shop.support.ts';

const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });

test(
  'the server sends a skeleton with a loading status, not a blank, and the page is not indexed',
  ONE_WINDOW,
  async ({ request }) => {
    const html = await (await request.get('/checkout')).text();
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).toMatch(/aria-busy="true"/);
    expect(html).toContain('Loading your cart…');
    expect(html).toMatch(/<h1[^>]*>Checkout<\/h1>/);
    expect(html).not.toContain('Your cart is empty');
  },
);

test('with items: first item, free shipping, totals, three steps, contact email and newsletter opt-in', async ({
  page,
}) => {
  await withCart(page, [
    line('var_midnight_black', 'Midnight Black', 84.99, 2, 3),
    line('var_arctic_white', 'Arctic White', 79.99, 1, 42),
  ]);
  await page.goto('/checkout');
  const s = summary(page);
  await expect(s).toContainText(PRODUCT.name);
  await expect(s).toContainText('Midnight Black · One Size');
  await expect(s).toContainText('2 × $84.99');
  await expect(s).toContainText('+ 1 more item from your cart.');
  await expect(s).not.toContainText('Arctic White');
  // The wallet pays for the whole cart, so the totals are the whole cart's: 249.97, free shipping, 8 % tax.
  await expect(s.locator('dl')).toContainText('Subtotal$249.97');
  await expect(s.locator('dl')).toContainText('ShippingFree');
  await expect(s.locator('dl')).toContainText('Tax (8%)$20.00');
  await expect(s.locator('dl')).toContainText('Total$269.97');
  await expect(page.getByRole('region', { name: 'Express checkout' })).toContainText(
    'Pay $269.97 securely with PayPal.',
  );

  const steps = page.getByRole('navigation', { name: 'Checkout steps' }).getByRole('listitem');
  await expect(steps).toHaveText(['1Information', '2Shipping', '3Payment']);
  await expect(steps.first()).toHaveAttribute('aria-current', 'step');

  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('autocomplete', 'email');
  await expect(page.getByRole('checkbox', { name: 'Email me with news and offers' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Shipping' })).toContainText('Free');

  await s.getByRole('button', { name: 'View cart' }).click();
  await expect(page.getByRole('dialog', { name: /Your cart/ })).toBeVisible();
});

test(
  'discount code: Apply is disabled when empty or already applied; applying only says so',
  ONE_WINDOW,
  async ({ page }) => {
    await withCart(page, [line('var_arctic_white', 'Arctic White', 79.99, 1, 42)]);
    await page.goto('/checkout');
    const apply = summary(page).getByRole('button', { name: 'Apply' });
    const code = summary(page).getByRole('textbox', { name: 'Discount code' });
    await expect(apply).toBeDisabled();
    await code.fill('   ');
    await expect(apply).toBeDisabled();
    await code.fill('SAVE10');
    await expect(apply).toBeEnabled();
    await apply.click();
    await expect(summary(page).getByRole('status')).toHaveText('Discount applied!');
    await expect(apply).toBeDisabled();
    await expect(summary(page).locator('dl')).toContainText('Total$96.38');
  },
);

test(
  'under the free-shipping threshold, shipping is charged here as in the drawer: the amount by the button is the charge',
  ONE_WINDOW,
  async ({ page }) => {
    await withCart(page, [line('var_arctic_white', 'Arctic White', 79.99, 1, 42)]);
    await page.goto('/checkout');
    // $79.99, $9.99 shipping at or under $100, 8 % tax: what the wallet charges.
    await expect(summary(page).locator('dl')).toContainText('Subtotal$79.99Shipping$9.99Tax (8%)$6.40Total$96.38');
    await expect(page.getByRole('region', { name: 'Shipping' })).toContainText('$9.99');
    await expect(page.getByRole('region', { name: 'Express checkout' })).toContainText(
      'Pay $96.38 securely with PayPal.',
    );
    await page.getByRole('button', { name: /^Cart, / }).click();
    await expect(page.getByRole('dialog', { name: /Your cart/ }).locator('dl')).toContainText('Total$96.38');
  },
);

test('an empty cart gets a clear empty state with a way back to the product', async ({ page }) => {
  // With no lines there is nothing to bring up to date: no product request (less work on load, for the TBT budget).
  const productRequests: string[] = [];
  page.on('request', (r) => /\/api\/v1\/stores\/[^/]+\/products\//.test(r.url()) && productRequests.push(r.url()));
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Express checkout' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(productRequests).toEqual([]);
  await page.getByRole('link', { name: 'Shop the Haven Cam 360' }).click();
  await expect(page).toHaveURL(/\/(\?variant=[a-z-]+)?$/);
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
});

test(
  'opening /checkout with items records CHECKOUT_START once, with the cart value',
  ONE_WINDOW,
  async ({ page, request }) => {
    // Seven Arctic White: a value no other test sends.
    const value = 559.93;
    const count = async () =>
      (await demoEvents(request)).filter(
        (e) => e.event === 'CHECKOUT_START' && e.value === value && e.productId === PRODUCT.id,
      ).length;
    const before = await count();
    await withCart(page, [line('var_arctic_white', 'Arctic White', 79.99, 7, 42)]);
    await page.goto('/checkout');
    await expect(summary(page)).toBeVisible();
    await expect.poll(count).toBe(before + 1);
  },
);

test('the cart replaces the skeleton without a layout shift', async ({ page }) => {
  await withCart(page, [line('var_arctic_white', 'Arctic White', 79.99, 1, 42)]);
  const layoutShift = await recordLayoutShifts(page);
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toHaveAttribute('aria-disabled', 'false');
  const cls = await layoutShift();
  expect(cls).toBeLessThan(0.05);
});

test('a page the browser restores after paying (Back) is not stuck mid-payment', ONE_WINDOW, async ({ page }) => {
  await withCart(page, [line('var_arctic_white', 'Arctic White', 79.99, 1, 42)]);
  // A 204 answer keeps the browser on /checkout in the state it leaves it in when the payment succeeds. As in a
  // browser without speculation rules: Chromium would otherwise prefetch /thank-you for the prerender rule (even
  // where DevTools stops the prerender itself), outside the page's routes, and show it.
  await page.addInitScript(() => {
    const supports = HTMLScriptElement.supports.bind(HTMLScriptElement);
    HTMLScriptElement.supports = (type) => type !== 'speculationrules' && supports(type);
  });
  await page.route('**/thank-you?**', (route) => route.fulfill({ status: 204 }));
  await page.goto('/checkout');
  const payPal = page
    .getByRole('region', { name: 'Express checkout' })
    .getByRole('button', { name: 'PayPal', exact: true });
  await expect(payPal).toHaveAttribute('aria-disabled', 'false');
  await payPal.click();
  await page.getByRole('dialog', { name: 'Demo wallet' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Payment complete. Taking you to your order confirmation…')).toBeVisible();
  await expect(payPal).toHaveAttribute('aria-disabled', 'true');
  // What the back-forward cache does on Back (Playwright's Chromium keeps that cache off, so it is simulated).
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByText('Taking you to your order confirmation')).toHaveCount(0);
});

test.describe('accessibility', () => {
  test('axe: /checkout with items has no serious or critical violations', async ({ page }) => {
    await withCart(page, [line('var_arctic_white', 'Arctic White', 79.99, 1, 42)]);
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('axe: the empty /checkout has no serious or critical violations', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

for (const path of ['/checkout', '/thank-you']) {
  test(`${path} downloads none of the product page's purchase island`, ONE_WINDOW, async ({ page }) => {
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.text().then((body) => ({ url: r.url(), body })));
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    // The label only the product page's Add to Cart shows while it adds.
    expect(loaded.filter((s) => s.body.includes('Adding...')).map((s) => s.url)).toEqual([]);
  });
}
