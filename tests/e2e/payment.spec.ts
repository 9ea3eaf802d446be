// The wallet payment flow (docs/requirements.md#payment-the-wallet-button) against `npm start`'s demo backend and fake wallet SDK:
// paying from the cart drawer, Buy Now and /checkout, the failures before approval with their message and the cart
// kept, one order per attempt, the SDK loaded only on interaction, and the analytics events of a purchase. What
// happens after approval, when the capture fails or its answer is lost, is in payment-faults.spec.ts.
import type { Page, Request } from '@playwright/test';
import {
  ONE_WINDOW,
  PRODUCT,
  cartLine,
  demoEvents,
  demoOrders,
  demoPayments,
  expect,
  seedCart as withCart,
  test,
  useScenario,
  useSession,
  paidOrderId,
} from './shop.support.ts';
import { checkoutPayPal, drawer, payPal, wallet } from './wallet.support.ts';

const WHITE = { variantId: 'var_arctic_white', name: 'Arctic White', price: 79.99, stock: 42 };
const GRAPHITE = { variantId: 'var_outdoor_pro_graphite', name: 'Outdoor Pro Graphite', price: 129.99, stock: 18 };

const line = (v: typeof WHITE, quantity: number) => cartLine(v.variantId, v.name, v.price, quantity, v.stock);

async function storedCart(page: Page): Promise<{ variantId: string; quantity: number }[]> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), PRODUCT.cartKey);
  return raw ? (JSON.parse(raw) as { items: { variantId: string; quantity: number }[] }).items : [];
}

/** Every order-create request the page sends, and the order ids answered (read at once: a navigation drops bodies). */
function watchOrderCreates(page: Page): { requests: Request[]; ids: () => Promise<string[]> } {
  const requests: Request[] = [];
  const bodies: Promise<string | undefined>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/v1\/orders\/store\//.test(r.url())) requests.push(r);
  });
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && /\/api\/v1\/orders\/store\//.test(r.url())) {
      bodies.push(
        r.json().then(
          (b: { id?: string }) => b.id,
          () => undefined,
        ),
      );
    }
  });
  return {
    requests,
    ids: async () => [...new Set((await Promise.all(bodies)).filter((id): id is string => !!id))],
  };
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, / });

test.describe('paying with the wallet', () => {
  test('add to cart, pay from the drawer, approve: the order is paid, the cart emptied without a toast', async ({
    page,
    request,
  }) => {
    const creates = watchOrderCreates(page);
    await page.goto('/?variant=arctic-white');
    await page.locator('#main-add-button').click();
    await expect(drawer(page)).toBeVisible();
    // $79.99, $9.99 shipping at or under $100, 8 % tax: the amount above the button is the amount charged.
    await expect(drawer(page).locator('dl')).toContainText('Total$96.38');
    await (await payPal(drawer(page))).click();
    await expect(wallet(page)).toBeVisible();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();

    const orderId = await paidOrderId(page);
    expect(await creates.ids()).toEqual([orderId]);
    const order = (await demoOrders(request)).find((o) => o.id === orderId);
    expect(order).toMatchObject({
      status: 'PAID',
      total: 96.38,
      items: [{ productId: PRODUCT.id, variantId: WHITE.variantId, quantity: 1 }],
    });
    expect((await demoPayments(request)).filter((p) => p.orderId === orderId)).toEqual([
      expect.objectContaining({ amount: 96.38, status: 'COMPLETED' }),
    ]);
    await expect(page.getByTestId('order-total')).toHaveText('$96.38');
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
    expect(await storedCart(page)).toEqual([]);
    await expect(page.getByText('Cart cleared')).toHaveCount(0);
  });

  test('Buy Now goes to /checkout, whose wallet pays for the cart', async ({ page, request }) => {
    await page.goto('/?variant=outdoor-pro-graphite');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Outdoor Pro Graphite');
    await (await checkoutPayPal(page)).click();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    const orderId = await paidOrderId(page);
    const order = (await demoOrders(request)).find((o) => o.id === orderId);
    expect(order).toMatchObject({ status: 'PAID', items: [{ variantId: GRAPHITE.variantId, quantity: 1 }] });
  });

  test('a declined instrument sends the buyer back to the wallet, and the retry pays', async ({ page, request }) => {
    await useScenario(page, 'declined');
    await withCart(page, [line(WHITE, 2)]);
    await page.goto('/checkout');
    await (await checkoutPayPal(page)).click();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Your payment method was declined.')).toBeVisible();
    await expect(page.getByText('Press the PayPal button again to choose another way to pay')).toBeVisible();
    // Pressed again, the button asks for the same order: no second order is made.
    await (await checkoutPayPal(page)).click();
    await expect(wallet(page)).toBeVisible();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    const orderId = await paidOrderId(page);
    expect((await demoOrders(request)).find((o) => o.id === orderId)).toMatchObject({
      status: 'PAID',
      items: [{ quantity: 2 }],
    });
  });

  test(
    'an intent error shows the blue "Could not initiate" box with issue, description and debug id; the cart stays',
    ONE_WINDOW,
    async ({ page }) => {
      await useScenario(page, 'intent-error');
      await withCart(page, [line(WHITE, 1)]);
      await page.goto('/checkout');
      await (await checkoutPayPal(page)).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Could not initiate PayPal Checkout...' });
      await expect(alert).toContainText(
        /^Could not initiate PayPal Checkout\.\.\. PAYEE_ACCOUNT_RESTRICTED The merchant account is restricted and cannot receive payments at the moment\. \(Debug ID: [a-z0-9]+\)/,
      );
      await expect(alert.locator('[data-wallet-notice="create-failed"]')).toHaveClass(/bg-blue-50/);
      await expect(wallet(page)).toHaveCount(0);
      await expect(page).toHaveURL(/\/checkout$/);
      expect(await storedCart(page)).toMatchObject([{ variantId: WHITE.variantId, quantity: 1 }]);
      // The attempt is over: the button works again.
      await payPal(page.getByRole('region', { name: 'Express checkout' }));
    },
  );

  test(
    'a server error on order create shows the "Could not initiate" message; the cart stays',
    ONE_WINDOW,
    async ({ page }) => {
      await useScenario(page, 'server-error');
      await withCart(page, [line(WHITE, 1), line(GRAPHITE, 1)]);
      await page.goto('/checkout');
      await (await checkoutPayPal(page)).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Could not initiate' })).toContainText(
        /^Could not initiate PayPal Checkout\.\.\. The order service failed unexpectedly \(INTERNAL_SERVER_ERROR, trace ID [\w-]+\)/,
      );
      expect(await storedCart(page)).toHaveLength(2);
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
    },
  );

  test('declining in the wallet shows "Sorry, ..." with the reason; the cart stays', ONE_WINDOW, async ({ page }) => {
    await withCart(page, [line(WHITE, 1)]);
    await page.goto('/checkout');
    await (await checkoutPayPal(page)).click();
    await wallet(page).getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Sorry' })).toContainText(
      'Sorry, your transaction could not be processed... Payment declined by the buyer in the demo wallet',
    );
    expect(await storedCart(page)).toHaveLength(1);
  });

  test(
    "PayPal's window refuses a shipping address outside the US; with a US one the buyer approves and pays",
    ONE_WINDOW,
    async ({ page, request }) => {
      await withCart(page, [line(WHITE, 1)]);
      await page.goto('/checkout');
      await (await checkoutPayPal(page)).click();
      const approve = wallet(page).getByRole('button', { name: 'Approve' });
      await wallet(page).getByLabel('Ship to').selectOption({ label: 'Canada (Toronto, ON M5V 2T6)' });
      await expect(wallet(page).getByRole('alert')).toHaveText('Your order can’t be shipped to this country.');
      await expect(approve).toHaveAttribute('aria-disabled', 'true');
      await wallet(page).getByLabel('Ship to').selectOption({ label: 'United States (Austin, TX 78701)' });
      await expect(approve).toHaveAttribute('aria-disabled', 'false');
      await approve.click();
      const orderId = await paidOrderId(page);
      expect((await demoOrders(request)).find((o) => o.id === orderId)).toMatchObject({ status: 'PAID' });
    },
  );

  test('cancelling keeps the cart, says so, and leaves the order unpaid', async ({ page, request }) => {
    const creates = watchOrderCreates(page);
    await withCart(page, [line(WHITE, 3)]);
    await page.goto('/checkout');
    await (await checkoutPayPal(page)).click();
    await wallet(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled.' })).toContainText(
      'Your cart has been kept',
    );
    await expect(wallet(page)).toHaveCount(0);
    expect(await storedCart(page)).toMatchObject([{ quantity: 3 }]);
    const [orderId] = await creates.ids();
    expect((await demoOrders(request)).find((o) => o.id === orderId)?.status).toBe('PENDING');
    await payPal(page.getByRole('region', { name: 'Express checkout' }));
  });

  test(
    'repeated clicks on two wallet buttons make exactly one order; every button is disabled meanwhile',
    ONE_WINDOW,
    async ({ page, request }) => {
      const creates = watchOrderCreates(page);
      await withCart(page, [line(WHITE, 4)]);
      await page.goto('/checkout');
      await checkoutPayPal(page);
      await cartButton(page).click();
      await payPal(drawer(page));
      // Slow answers widen the window in which a second click could start a second order.
      await useScenario(page, 'slow:1500');
      await page
        .evaluate(() => {
          const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[aria-label="PayPal"]')];
          for (let i = 0; i < 3; i++) for (const b of buttons) b.click();
          return buttons.length;
        })
        .then((count) => expect(count).toBe(2));
      // The two round trips before the wallet has something to show are announced under the button that started.
      await expect(page.getByRole('status').filter({ hasText: 'Preparing your PayPal checkout…' })).toHaveCount(1);
      await expect(wallet(page)).toHaveCount(1);
      await expect(page.getByText('Preparing your PayPal checkout…')).toHaveCount(0);
      // While the attempt is in flight every wallet button on the page is disabled.
      await expect(
        page.getByRole('button', { name: 'PayPal', exact: true }).and(page.locator('[aria-disabled="true"]')),
      ).toHaveCount(2);
      await page.context().clearCookies();
      await wallet(page).getByRole('button', { name: 'Approve' }).click();
      const orderId = await paidOrderId(page);
      expect(creates.requests).toHaveLength(1);
      expect(creates.requests[0]!.headers()['idempotency-key']).toMatch(/^wallet-[0-9a-f-]{16,}$/);
      expect(await creates.ids()).toEqual([orderId]);
      expect((await demoOrders(request)).filter((o) => o.id === orderId)).toHaveLength(1);
    },
  );
});

test.describe('one amount, and what the screen says is what is bought', () => {
  test("the product page's wallet pays the choice above it, for the amount it shows, and leaves the cart as it was", async ({
    page,
    request,
  }) => {
    await withCart(page, [line(WHITE, 1)]);
    await page.goto('/?variant=outdoor-pro-graphite');
    await page.getByRole('button', { name: 'Increase quantity' }).first().click();
    // $129.99 × 2 ships free; 8 % tax.
    const express = page.getByTestId('express-total');
    await expect(express).toHaveText('Or pay now: $280.78 for Outdoor Pro Graphite × 2, shipping and tax included.');
    await (await payPal(page.locator('[data-wallet-placement="product"]'))).click();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    const orderId = await paidOrderId(page);
    expect((await demoOrders(request)).find((o) => o.id === orderId)).toMatchObject({
      total: 280.78,
      items: [{ variantId: GRAPHITE.variantId, quantity: 2 }],
    });
    expect((await demoPayments(request)).filter((p) => p.orderId === orderId)).toEqual([
      expect.objectContaining({ amount: 280.78 }),
    ]);
    await expect(page.getByTestId('order-total')).toHaveText('$280.78');
    expect(await storedCart(page)).toMatchObject([{ variantId: WHITE.variantId, quantity: 1 }]);
  });

  test(
    'a backend that charges by rules of its own is named before the buyer approves, and the receipt says what was taken',
    ONE_WINDOW,
    async ({ page, request }) => {
      await useScenario(page, 'own-pricing');
      await withCart(page, [line(WHITE, 2)]);
      await page.goto('/');
      await cartButton(page).click();
      // $159.98 ships free here; this backend charges $4.99 shipping whatever the store's settings say.
      await expect(drawer(page).locator('dl')).toContainText('Total$172.78');
      await (await payPal(drawer(page))).click();
      await expect(wallet(page)).toBeVisible();
      await expect(
        drawer(page).getByRole('status').filter({ hasText: 'Check the amount before you approve.' }),
      ).toContainText('PayPal will charge $177.77 for this order, not the $172.78 shown here');
      await wallet(page).getByRole('button', { name: 'Approve' }).click();
      const orderId = await paidOrderId(page);
      expect((await demoPayments(request)).filter((p) => p.orderId === orderId)).toEqual([
        expect.objectContaining({ amount: 177.77 }),
      ]);
      await expect(page.getByTestId('order-total')).toHaveText('$177.77');
    },
  );
});

test.describe('loading the wallet', () => {
  test('the product page requests neither wallet code nor SDK until the shopper interacts, and nothing moves', async ({
    page,
  }) => {
    const loaded: string[] = [];
    page.on('request', (r) => {
      if (/demo-wallet|WalletButtonPayPal/.test(r.url())) loaded.push(r.url());
    });
    await page.goto('/');
    const slot = page.locator('[data-wallet-status]').first();
    await expect(slot).toHaveAttribute('data-wallet-status', 'initial');
    await page.waitForLoadState('networkidle');
    expect(loaded).toEqual([]);
    const before = await slot.boundingBox();
    expect(before?.height).toBe(48);

    await page.keyboard.press('Shift');
    const button = await payPal(page);
    const after = await button.boundingBox();
    expect(after).toMatchObject({ y: before!.y, height: 48 });
    expect(loaded.filter((u) => u.includes('/demo-wallet/sdk.js'))).toHaveLength(1);
    // PayPal's v6 instance: its buttons only (no Venmo, card or credit), the product page, a US buyer in sandbox.
    expect(
      await page.evaluate(() => (window as unknown as { paypal: { instances: unknown[] } }).paypal.instances),
    ).toEqual([
      {
        clientId: 'demo-client-id',
        components: ['paypal-payments'],
        pageType: 'product-details',
        testBuyerCountry: 'US',
      },
    ]);
  });

  test('one SDK load serves every wallet button on the page', ONE_WINDOW, async ({ page }) => {
    let sdkLoads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/demo-wallet/sdk.js')) sdkLoads++;
    });
    await withCart(page, [line(WHITE, 1)]);
    await page.goto('/');
    await cartButton(page).click();
    await payPal(drawer(page));
    await page.keyboard.press('Escape');
    await payPal(page);
    expect(sdkLoads).toBe(1);
  });

  test("an SDK that fails to load gives a notice in the button's place, logged, with a working retry", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route('**/demo-wallet/sdk.js*', (route) => route.abort());
    await withCart(page, [line(WHITE, 1)]);
    await page.goto('/checkout');
    const notice = page
      .getByRole('region', { name: 'Express checkout' })
      .getByRole('alert')
      .filter({ hasText: 'PayPal could not be loaded.' });
    await expect(notice).toBeVisible();
    expect((await notice.boundingBox())?.height).toBe(48);
    expect(errors.some((e) => e.includes('PayPal SDK could not be loaded'))).toBe(true);
    await page.unroute('**/demo-wallet/sdk.js*');
    await notice.getByRole('button', { name: 'Try again' }).click();
    await checkoutPayPal(page);
  });

  /** The product page with the PayPal button's code refused: the box that says so, once the first interaction asked for it. */
  async function walletCodeRefused(page: Page) {
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.route('**/WalletButtonPayPal.*.js', (route) => route.abort());
    await page.goto('/');
    const logged = page.waitForEvent('console', (m) => m.text().startsWith('Could not load part of the page'));
    await page.keyboard.press('Shift');
    await logged;
    const notice = page.locator('[data-wallet-status="rejected"]').getByRole('alert');
    await expect(notice).toHaveText('PayPal could not be loaded.Try again');
    expect((await notice.boundingBox())?.height).toBe(48);
    await expect(page.locator('#main-add-button')).toBeEnabled();
    expect(pageErrors).toEqual([]);
    await page.unroute('**/WalletButtonPayPal.*.js');
    return notice;
  }

  test("wallet code that fails to load says so in the button's place, and Try again loads it", async ({ page }) => {
    const notice = await walletCodeRefused(page);
    await notice.getByRole('button', { name: 'Try again' }).click();
    await payPal(page);
  });

  test('wallet code that failed to load loads by itself once the connection is back', async ({ page }) => {
    await walletCodeRefused(page);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await payPal(page);
  });
});

test(
  'analytics: PRODUCT_VIEW, ADD_TO_CART and CHECKOUT_START of a purchase reach the backend',
  ONE_WINDOW,
  async ({ page, request }) => {
    // This browser session's events only, so each is counted exactly. The view is sent in idle time after load, so
    // it may arrive after the add: they are compared sorted by event name.
    const session = await useSession(page);
    const events = async () =>
      (await demoEvents(request, session))
        .map(({ event, productId, value }) => ({ event, productId, value }))
        .sort((a, b) => a.event.localeCompare(b.event));

    await page.goto('/?variant=outdoor-pro-graphite');
    await page.getByRole('button', { name: 'Increase quantity' }).first().click();
    await page.getByRole('button', { name: 'Increase quantity' }).first().click();
    await page.locator('#main-add-button').click();
    await (await payPal(drawer(page))).click();
    await expect(wallet(page)).toBeVisible();

    // The view is worth one Outdoor Pro Graphite, the price on screen when it is sent; the add and the checkout three.
    await expect.poll(events).toEqual([
      { event: 'ADD_TO_CART', productId: PRODUCT.id, value: 389.97 },
      { event: 'CHECKOUT_START', productId: PRODUCT.id, value: 389.97 },
      { event: 'PRODUCT_VIEW', productId: PRODUCT.id, value: 129.99 },
    ]);
    await wallet(page).getByRole('button', { name: 'Cancel' }).click();
  },
);
