// Stored cart lines follow the current stock and prices (docs/requirements.md#cart): a line saved with a stale
// price or stock is brought up to date once the product is refreshed (on the product page's first interaction, when
// the drawer opens on any page, on /checkout's load), clamped to the stock or removed with a toast. The demo
// catalogue has Midnight Black at $84.99 (regular $99.99) with 3 in stock, and Sage Green sold out.
import type { ConsoleMessage, Page } from '@playwright/test';
import { ONE_WINDOW, PRODUCT, cartLine, expect, seedCart, test } from './shop.support.ts';
import { QUIET_MS } from '../../src/browser/first-interaction.ts';

const drawer = (page: Page) => page.getByRole('dialog', { name: /Your cart/ });
const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, / });
const lines = (page: Page) => drawer(page).getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
const BLACK = `${PRODUCT.name}, Midnight Black`;
// Saved when the shop sold Midnight Black at $10 with 40 in stock: both figures are stale now.
const staleBlack = (quantity: number) => cartLine('var_midnight_black', 'Midnight Black', 10, quantity, 40);
const staleGreen = cartLine('var_sage_green', 'Sage Green', 10, 1, 40);
const CLAMPED = 'Only 3 of Midnight Black are in stock, so your cart now has 3.';
const REMOVED = 'Sage Green is now out of stock and was removed from your cart.';

async function storedLines(
  page: Page,
): Promise<{ variantId: string; price: number; maxQuantity: number; quantity: number }[]> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), PRODUCT.cartKey);
  return raw
    ? (JSON.parse(raw) as { items: { variantId: string; price: number; maxQuantity: number; quantity: number }[] })
        .items
    : [];
}

test(
  'after the first interaction a stale line is clamped to the stock at the current price, a sold-out one removed, with a toast',
  ONE_WINDOW,
  async ({ page }, testInfo) => {
    await seedCart(page, [staleBlack(7), staleGreen]);
    await page.clock.install();
    await page.goto('/?variant=midnight-black');
    // Toasts stay while the clock stands still, so the screenshot below shows the toast with the drawer.
    await page.clock.pauseAt(Date.now() + 1000);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 8 items'); // the stored figures, before any refresh
    // The refresh starts once the scrolling has paused, counted from the wheel as the page sees it, which a busy
    // browser does a little after the test sends it: the pause is run through only once this listener, behind the
    // page's own, has heard it. Then the paused clock runs a frame at a time until the refresh lands.
    await page.evaluate(() => {
      const heard = new Promise<void>((resolve) => addEventListener('wheel', () => resolve(), { once: true }));
      Object.assign(window, { wheelHeard: heard });
    });
    await page.mouse.wheel(0, 200);
    await page.evaluate(() => (window as unknown as { wheelHeard: Promise<void> }).wheelHeard);
    await page.clock.runFor(QUIET_MS);
    await expect(async () => {
      await page.clock.runFor(20);
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items', { timeout: 100 });
    }).toPass({ intervals: [0], timeout: 10_000 });

    // One toast for both changes, destructive (announced assertively) because a line went.
    const toast = page.locator('#toasts-urgent li[data-variant="destructive"]');
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('Cart updated');
    await expect(toast).toContainText(`${REMOVED} ${CLAMPED}`);
    await expect(page.locator('#toasts-polite li')).toHaveCount(0);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');

    await page.mouse.wheel(0, -200);
    await cartButton(page).click();
    const d = drawer(page);
    await expect(lines(page)).toHaveCount(1);
    await expect(d.getByText('Sage Green')).toHaveCount(0);
    const quantity = d.getByRole('group', { name: `Quantity of ${BLACK}` });
    await expect(quantity).toContainText('3');
    await expect(d.getByText('$84.99', { exact: true })).toBeVisible();
    await expect(d.getByText('$99.99', { exact: true })).toBeVisible();
    await expect(d.getByText('$10.00')).toHaveCount(0);
    await expect(d.locator('dl')).toContainText('Subtotal$254.97');
    const plus = d.getByRole('button', { name: `Increase quantity of ${BLACK}` });
    await expect(plus).toBeDisabled();
    await expect(plus).toHaveAttribute('title', 'Maximum quantity of 3 reached for this item.');
    expect(await storedLines(page)).toMatchObject([
      { variantId: 'var_midnight_black', price: 8499, maxQuantity: 3, quantity: 3 },
    ]);
    await page.screenshot({ path: testInfo.outputPath('drawer-with-toast.png') });
  },
);

test(
  'the reported case: a line under the stock at a stale price can no longer be raised past the stock',
  ONE_WINDOW,
  async ({ page }) => {
    await seedCart(page, [staleBlack(2)]);
    await page.goto('/?variant=midnight-black');
    await cartButton(page).click(); // the first interaction: the product is refreshed
    const d = drawer(page);
    await expect(d.getByText('$84.99', { exact: true })).toBeVisible();
    await expect(d.locator('dl')).toContainText('Subtotal$169.98');
    const plus = d.getByRole('button', { name: `Increase quantity of ${BLACK}` });
    const quantity = d.getByRole('group', { name: `Quantity of ${BLACK}` });
    await plus.click();
    await expect(quantity).toContainText('3');
    await expect(plus).toBeDisabled();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
    // Nothing was taken away from the shopper, so no 'Cart updated' toast: the drawer shows the new price.
    await expect(page.locator('#toasts-polite')).not.toContainText('Cart updated');
  },
);

test('on other pages the drawer brings its lines up to date when it opens', ONE_WINDOW, async ({ page }) => {
  await seedCart(page, [staleBlack(7), staleGreen]);
  await page.goto('/support');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 8 items');
  await cartButton(page).click();
  const d = drawer(page);
  await expect(page.locator('#toasts-urgent')).toContainText(`${REMOVED} ${CLAMPED}`);
  await expect(d.getByRole('group', { name: `Quantity of ${BLACK}` })).toContainText('3');
  await expect(d.getByText('$84.99', { exact: true })).toBeVisible();
  await expect(d.getByRole('button', { name: `Increase quantity of ${BLACK}` })).toBeDisabled();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
});

test('/checkout brings the lines up to date on load', ONE_WINDOW, async ({ page }) => {
  await seedCart(page, [staleBlack(7)]);
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('3 × $84.99');
  // Only a quantity came down: an ordinary (polite) toast.
  await expect(page.locator('#toasts-polite li[data-variant="default"]')).toContainText(`Cart updated${CLAMPED}`);
  await expect(page.getByRole('region', { name: 'Express checkout' })).toContainText(
    'Pay $275.37 securely with PayPal.',
  );
});

test('a failed refresh changes nothing but a console warning', ONE_WINDOW, async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m: ConsoleMessage) => m.type() === 'warning' && warnings.push(m.text()));
  // A 404 is not retried, so the failure is immediate.
  await page.route('**/api/v1/stores/*/products/*', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"gone"}' }),
  );
  await seedCart(page, [staleBlack(7), staleGreen]);
  await page.goto('/support');
  await cartButton(page).click();
  await expect.poll(() => warnings.some((w) => w.includes('could not refresh stock and prices'))).toBe(true);
  const d = drawer(page);
  await expect(lines(page)).toHaveCount(2);
  await expect(d.getByRole('group', { name: `Quantity of ${BLACK}` })).toContainText('7');
  await expect(d.getByText('$10.00', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Cart updated')).toHaveCount(0);
  expect(await storedLines(page)).toMatchObject([
    { quantity: 7, price: 1000, maxQuantity: 40 },
    { quantity: 1, price: 1000 },
  ]);
});
