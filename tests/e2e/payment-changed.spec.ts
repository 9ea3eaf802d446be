// What is charged is what the screen shows at the moment of the press, after a decline too: a changed choice or cart
// gets a new order (the declined one let go, the buyer told why), an unchanged one the same order with its warning
// again, and a product page's declined choice holds nothing the cart's buttons wait for. The demo's `declined`
// scenario declines each order's first capture.
import type { BrowserContext, Page } from '@playwright/test';
import {
  ONE_WINDOW,
  PRODUCT,
  cartLine,
  expect,
  paidOrderId,
  seedCart,
  test,
  useScenario,
  waitForHydration,
} from './shop.support.ts';
import { checkoutPayPal, drawer, payPal, wallet } from './wallet.support.ts';

const WHITE = { variantId: 'var_arctic_white', name: 'Arctic White', price: 79.99, stock: 42 };
const GRAPHITE = { variantId: 'var_outdoor_pro_graphite', name: 'Outdoor Pro Graphite', price: 129.99, stock: 18 };
const DECLINED = 'Your payment method was declined.';

interface Books {
  orders: { id: string; status: string; total: number; items: { variantId: string; quantity: number }[] }[];
  payments: { orderId: string; amount: number }[];
}

/** The orders this context's pages created, in order, and the payments captured for them. */
function keepBooks(context: BrowserContext): () => Promise<Books> {
  const ids: Promise<string | undefined>[] = [];
  context.on('response', (r) => {
    if (r.request().method() === 'POST' && /\/api\/v1\/orders\/store\//.test(r.url()))
      ids.push(
        r
          .json()
          .then((b: { id?: string }) => b.id)
          .catch(() => undefined),
      );
  });
  return async () => {
    const mine = [...new Set((await Promise.all(ids)).filter((id): id is string => !!id))];
    const all = (await (await context.request.get('/__demo/orders')).json()) as Books;
    return {
      orders: mine.map((id) => all.orders.find((o) => o.id === id)!),
      payments: all.payments.filter((p) => mine.includes(p.orderId)),
    };
  };
}

const productWallet = (page: Page) => page.locator('[data-wallet-placement="product"]');

/** The product page's PayPal button, woken by the shopper's first interaction once the page can hear it. */
async function productPayPal(page: Page) {
  await waitForHydration(page);
  await page.keyboard.press('Shift');
  return payPal(productWallet(page));
}

/** Approves in the wallet, is declined, and waits for the button to say so. */
async function approveDeclined(page: Page, placement: ReturnType<Page['locator']>): Promise<void> {
  await wallet(page).getByRole('button', { name: 'Approve' }).click();
  await expect(placement.getByRole('status').filter({ hasText: DECLINED })).toBeVisible();
}

test.describe('after a decline, the next press pays what the screen shows then', () => {
  test('a new choice on the product page is a new order, the declined one let go, and the buyer told why', async ({
    page,
  }) => {
    const books = keepBooks(page.context());
    await useScenario(page, 'declined');
    await page.goto('/?variant=outdoor-pro-graphite');
    const express = page.getByTestId('express-total');
    await expect(express).toContainText('Or pay now: $140.39 for Outdoor Pro Graphite × 1');
    await (await productPayPal(page)).click();
    await approveDeclined(page, productWallet(page));

    await page.getByRole('radiogroup', { name: 'Color' }).getByText('Arctic White', { exact: true }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).first().click();
    await page.getByRole('button', { name: 'Increase quantity' }).first().click();
    await expect(express).toContainText('Or pay now: $259.17 for Arctic White × 3');
    await (await payPal(productWallet(page))).click();
    await expect(wallet(page)).toBeVisible();
    await expect(productWallet(page).getByRole('status')).toContainText(
      'Your choice changed after the decline, so this is a new order. PayPal now asks for $259.17; the declined order for $140.39 was let go and will not be charged.',
    );
    // The new order is declined once too; pressed again unchanged, it is the same order, and it pays.
    await approveDeclined(page, productWallet(page));
    await (await payPal(productWallet(page))).click();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    const orderId = await paidOrderId(page);

    const { orders, payments } = await books();
    expect(orders).toMatchObject([
      { status: 'PENDING', total: 140.39, items: [{ variantId: GRAPHITE.variantId, quantity: 1 }] },
      { id: orderId, status: 'PAID', total: 259.17, items: [{ variantId: WHITE.variantId, quantity: 3 }] },
    ]);
    expect(payments).toEqual([expect.objectContaining({ orderId, amount: 259.17 })]);
    await expect(page.getByTestId('order-total')).toHaveText('$259.17');
  });

  test('a cart changed in another tab is a new order for the cart as it is now', ONE_WINDOW, async ({ page }) => {
    const books = keepBooks(page.context());
    await useScenario(page, 'declined');
    await seedCart(page, [cartLine(WHITE.variantId, WHITE.name, WHITE.price, 1, WHITE.stock)]);
    await page.goto('/checkout');
    const express = page.getByRole('region', { name: 'Express checkout' });
    await expect(express).toContainText('Pay $96.38');
    await (await checkoutPayPal(page)).click();
    await approveDeclined(page, express);

    const other = await page.context().newPage();
    await other.goto('/?variant=outdoor-pro-graphite');
    await other.locator('#main-add-button').click();
    await expect(drawer(other)).toBeVisible();
    await other.close();
    await expect(express).toContainText('Pay $226.78');

    await (await checkoutPayPal(page)).click();
    await expect(wallet(page)).toBeVisible();
    await expect(express.getByRole('status')).toContainText(
      'Your cart changed after the decline, so this is a new order. PayPal now asks for $226.78; the declined order for $96.38 was let go and will not be charged.',
    );
    await approveDeclined(page, express);
    await (await checkoutPayPal(page)).click();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    const orderId = await paidOrderId(page);

    const { orders, payments } = await books();
    expect(orders).toMatchObject([
      { status: 'PENDING', total: 96.38 },
      { id: orderId, status: 'PAID', total: 226.78 },
    ]);
    expect(orders[1]!.items.map((i) => i.variantId).sort()).toEqual([GRAPHITE.variantId, WHITE.variantId].sort());
    expect(payments).toEqual([expect.objectContaining({ orderId, amount: 226.78 })]);
    const cart = await page.evaluate((key) => localStorage.getItem(key), PRODUCT.cartKey);
    expect(JSON.parse(cart ?? '{"items":[]}')).toMatchObject({ items: [] });
  });

  test(
    "a backend's own amount is named again before the declined order is approved again",
    ONE_WINDOW,
    async ({ page }) => {
      const books = keepBooks(page.context());
      await useScenario(page, 'own-pricing,declined');
      await seedCart(page, [cartLine(WHITE.variantId, WHITE.name, WHITE.price, 2, WHITE.stock)]);
      await page.goto('/');
      await page.getByRole('button', { name: /^Cart, / }).click();
      await expect(drawer(page).locator('dl')).toContainText('Total$172.78');
      const warning = drawer(page).getByRole('status').filter({ hasText: 'Check the amount before you approve.' });
      await (await payPal(drawer(page))).click();
      await expect(warning).toContainText('PayPal will charge $177.77 for this order, not the $172.78 shown here');
      await approveDeclined(page, drawer(page));
      await expect(warning).toHaveCount(0);

      await (await payPal(drawer(page))).click();
      await expect(wallet(page)).toBeVisible();
      await expect(warning).toContainText('PayPal will charge $177.77 for this order, not the $172.78 shown here');
      await wallet(page).getByRole('button', { name: 'Approve' }).click();
      const orderId = await paidOrderId(page);
      const { orders, payments } = await books();
      expect(orders.map((o) => o.id)).toEqual([orderId]);
      expect(payments).toEqual([expect.objectContaining({ amount: 177.77 })]);
    },
  );

  test("a product page's declined choice holds nothing the cart waits for, here or in another tab", async ({
    page,
  }) => {
    await useScenario(page, 'declined');
    await seedCart(page, [cartLine(WHITE.variantId, WHITE.name, WHITE.price, 1, WHITE.stock)]);
    await page.goto('/?variant=outdoor-pro-graphite');
    await (await productPayPal(page)).click();
    await approveDeclined(page, productWallet(page));

    const other = await page.context().newPage();
    await other.goto('/checkout');
    await checkoutPayPal(other);
    await expect(other.getByText(/^Paused:/)).toHaveCount(0);
    await other.close();

    // The drawer on the same page pays the cart: the declined choice is let go.
    await page.getByRole('button', { name: /^Cart, / }).click();
    await expect(drawer(page).getByText(/^Paused:/)).toHaveCount(0);
    await (await payPal(drawer(page))).click();
    await expect(wallet(page)).toBeVisible();
    await expect(productWallet(page).getByText(DECLINED)).toHaveCount(0);
    await wallet(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(drawer(page).getByRole('status').filter({ hasText: 'Payment cancelled.' })).toBeVisible();
  });
});

test.describe('words after approval that are true', () => {
  test(
    'PayPal waiting for a step from the payer sends the buyer back to the wallet for the same order',
    ONE_WINDOW,
    async ({ page }) => {
      const books = keepBooks(page.context());
      await useScenario(page, 'payer-action');
      await seedCart(page, [cartLine(WHITE.variantId, WHITE.name, WHITE.price, 1, WHITE.stock)]);
      await page.goto('/checkout');
      const express = page.getByRole('region', { name: 'Express checkout' });
      await (await checkoutPayPal(page)).click();
      await wallet(page).getByRole('button', { name: 'Approve' }).click();
      await expect(express.getByRole('status')).toContainText(
        'PayPal needs a step from you to finish this payment. Nothing was charged. Press the PayPal button again to finish it for the same order.',
      );
      await (await checkoutPayPal(page)).click();
      await wallet(page).getByRole('button', { name: 'Approve' }).click();
      const orderId = await paidOrderId(page);
      const { orders, payments } = await books();
      expect(orders.map((o) => o.id)).toEqual([orderId]);
      expect(payments).toHaveLength(1);
    },
  );

  test(
    "an intent in another currency than the shop's is refused before the wallet opens",
    ONE_WINDOW,
    async ({ page }) => {
      const books = keepBooks(page.context());
      await useScenario(page, 'foreign-currency');
      await seedCart(page, [cartLine(WHITE.variantId, WHITE.name, WHITE.price, 1, WHITE.stock)]);
      await page.goto('/checkout');
      await (await checkoutPayPal(page)).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Could not initiate PayPal Checkout...' })).toContainText(
        "The payment would be charged in EUR, but this shop's prices are in USD, so it was stopped before anything was charged.",
      );
      await expect(wallet(page)).toHaveCount(0);
      expect((await books()).payments).toEqual([]);
      await checkoutPayPal(page);
    },
  );
});

test(
  'a payment that took another amount than the order adds up to says so on the confirmation',
  ONE_WINDOW,
  async ({ page }) => {
    await useScenario(page, 'charge-more');
    await seedCart(page, [cartLine(WHITE.variantId, WHITE.name, WHITE.price, 1, WHITE.stock)]);
    await page.goto('/checkout');
    await (await checkoutPayPal(page)).click();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    const orderId = await paidOrderId(page);
    await expect(page.getByTestId('order-total')).toHaveText('$101.37');
    const note = page.getByTestId('charge-differs');
    await expect(note).toContainText(
      `The payment took $101.37, $4.99 more than this order's items, shipping and tax add up to ($96.38): the store's payment service charged its own amount. Contact support and quote order ${orderId} if that is not what you agreed to.`,
    );
    await expect(note.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
  },
);

test(
  'a payment the backend says it took in another currency is shown in that currency, never as dollars',
  ONE_WINDOW,
  async ({ page }) => {
    await useScenario(page, 'foreign-capture');
    await seedCart(page, [cartLine(WHITE.variantId, WHITE.name, WHITE.price, 1, WHITE.stock)]);
    await page.goto('/checkout');
    await (await checkoutPayPal(page)).click();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    const orderId = await paidOrderId(page);
    await expect(page.getByTestId('charge-differs')).toContainText(
      `The payment was taken in EUR: €96.38, not in this shop's currency, so the figures above are the order's, not what was taken. Contact support and quote order ${orderId}`,
    );
  },
);

test.describe("the wallet's own failures", () => {
  test(
    'a payment session PayPal cannot create frees the attempt: it says so, and the other buttons work',
    ONE_WINDOW,
    async ({ page }) => {
      await page.addInitScript(() => {
        (window as { __demoWallet?: { noSession: boolean } }).__demoWallet = { noSession: true };
      });
      await seedCart(page, [cartLine(WHITE.variantId, WHITE.name, WHITE.price, 1, WHITE.stock)]);
      await page.goto('/checkout');
      await (await checkoutPayPal(page)).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Could not initiate PayPal Checkout...' })).toContainText(
        'The PayPal window could not be opened. Please try again.',
      );
      await page.getByRole('button', { name: /^Cart, / }).click();
      await payPal(drawer(page));
      await expect(drawer(page).getByText(/^Paused:/)).toHaveCount(0);
    },
  );

  test(
    "PayPal unable to say whether it is offered is a failure to load, with Try again, not 'not available'",
    ONE_WINDOW,
    async ({ page }) => {
      await page.addInitScript(() => {
        (window as { __demoWallet?: { eligibilityError: boolean } }).__demoWallet = { eligibilityError: true };
      });
      await seedCart(page, [cartLine(WHITE.variantId, WHITE.name, WHITE.price, 1, WHITE.stock)]);
      await page.goto('/checkout');
      const express = page.getByRole('region', { name: 'Express checkout' });
      const notice = express.getByRole('alert').filter({ hasText: 'PayPal could not be loaded.' });
      await expect(notice).toBeVisible();
      await expect(express.getByText('PayPal is not available for this purchase.')).toHaveCount(0);
      await page.evaluate(() => delete (window as { __demoWallet?: unknown }).__demoWallet);
      await notice.getByRole('button', { name: 'Try again' }).click();
      await checkoutPayPal(page);
    },
  );
});
