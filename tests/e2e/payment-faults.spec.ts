// The fault table of docs/payments.md, a test per row: what the shopper sees at each failure point of a payment,
// how many orders exist for the cart afterwards and how many payments were captured. Whatever happens, at most
// one payment is captured for one cart, an approved payment is captured once the backend answers again, and the
// cart is emptied only by a confirmed payment.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import {
  PRODUCT,
  cartLine,
  expect,
  seedCart,
  seedStorage,
  test,
  useScenario,
  waitForHydration,
  ONE_WINDOW,
  paidOrderId,
  THANK_YOU_URL,
} from './shop.support.ts';
import { checkoutPayPal, drawer, payPal, wallet } from './wallet.support.ts';

const WHITE = { variantId: 'var_arctic_white', name: 'Arctic White', price: 79.99, stock: 42 };
const whiteLine = (quantity: number) => cartLine(WHITE.variantId, WHITE.name, WHITE.price, quantity, WHITE.stock);

const PENDING_KEY = 'haven-payment:v1:haven-cam-360';
const UNCONFIRMED = 'Your payment was approved but is not confirmed yet.';
const CONFIRMING = 'Confirming your payment…';
const REFUSED = 'Sorry, your transaction could not be processed...';
const DECLINED_BY_PAYPAL = 'PayPal declined the payment, so nothing was charged. Paying again makes a new order.';
/** The capture's tries (1 + 2 + 4 s of waiting between them) end well within this. */
const TRIES_RUN_OUT = 20_000;

/**
 * Waits until the capture's tries have run out and `target` shows: the page's clock (installed before its first
 * load) is moved on half a second at a time, the page's own work in between, so the waits between tries pass
 * without the test waiting them out.
 */
async function untilTriesRunOut(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    await page.clock.runFor(500);
    await expect(target).toBeVisible({ timeout: 100 });
  }).toPass({ intervals: [0], timeout: TRIES_RUN_OUT });
}

interface Ledger {
  /** Order ids this test's pages had created (answers of order create). */
  orders: string[];
  /** Order-create requests sent. */
  creates: number;
  /** The Idempotency-Key of every capture request sent. */
  captureKeys: string[];
  /** Every capture answer the pages got: its status, and whether it was the backend's kept answer for its key. */
  captureAnswers: { status: number; replayed: boolean }[];
}

/** Follows every page of the context: order creates and their answers, capture requests and their answers. */
function keepLedger(context: BrowserContext): Ledger {
  const ledger: Ledger = { orders: [], creates: 0, captureKeys: [], captureAnswers: [] };
  context.on('request', (r) => {
    if (r.method() !== 'POST') return;
    if (/\/api\/v1\/orders\/store\//.test(r.url())) ledger.creates += 1;
    if (/\/process-payment$/.test(r.url())) ledger.captureKeys.push(r.headers()['idempotency-key'] ?? '');
  });
  context.on('response', (r) => {
    if (r.request().method() !== 'POST') return;
    if (/\/process-payment$/.test(r.url()))
      ledger.captureAnswers.push({ status: r.status(), replayed: r.headers()['idempotent-replayed'] === 'true' });
    if (!/\/api\/v1\/orders\/store\//.test(r.url())) return;
    r.json().then(
      (body: { id?: string }) => body.id && !ledger.orders.includes(body.id) && ledger.orders.push(body.id),
      () => undefined,
    );
  });
  return ledger;
}

/** What the demo backend holds for this test's orders: each order's status, and the payments captured. */
async function books(page: Page, ledger: Ledger): Promise<{ statuses: string[]; payments: number }> {
  const res = await page.request.get('/__demo/orders');
  const body = (await res.json()) as { orders: { id: string; status: string }[]; payments: { orderId: string }[] };
  return {
    statuses: ledger.orders.map((id) => body.orders.find((o) => o.id === id)?.status ?? 'missing'),
    payments: body.payments.filter((p) => ledger.orders.includes(p.orderId)).length,
  };
}

async function storedCart(page: Page): Promise<{ variantId: string; quantity: number }[]> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), PRODUCT.cartKey);
  return raw ? (JSON.parse(raw) as { items: { variantId: string; quantity: number }[] }).items : [];
}

const pending = (page: Page) => page.evaluate((key) => localStorage.getItem(key), PENDING_KEY);

const confirmed = (page: Page) => paidOrderId(page, 15_000);

/** Lets the held captures (`capture-held`) of this test's order go on. */
async function releaseCapture(page: Page, ledger: Ledger): Promise<void> {
  await expect.poll(() => ledger.orders.length).toBe(1);
  const res = await page.request.post(`/__demo/orders/${encodeURIComponent(ledger.orders[0]!)}/release-capture`);
  expect(res.ok()).toBe(true);
}

/** Storage refuses the payment record (a full quota), and only it. */
async function refuseThePaymentRecord(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const { setItem } = Object.getOwnPropertyDescriptors(Storage.prototype);
    Storage.prototype.setItem = function (this: Storage, name: string, value: string) {
      if (name === key) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      (setItem.value as Storage['setItem']).call(this, name, value);
    };
  }, PENDING_KEY);
}

/** Waits until the held capture of this test's order has ended, PayPal declining it (`capture-status:DECLINED`). */
async function declinedByPayPal(page: Page, ledger: Ledger): Promise<void> {
  await releaseCapture(page, ledger);
  const status = async () =>
    (
      (await (await page.request.get(`/api/v1/orders/${ledger.orders[0]!}/payment-status`)).json()) as {
        status: unknown;
      }
    ).status;
  await expect.poll(status).toBe('FAILED');
}

/** Opens /checkout (with the demo `scenario`, if any) and clicks its PayPal button; the ledger follows from there. */
async function startOnCheckout(page: Page, scenario?: string): Promise<Ledger> {
  const ledger = keepLedger(page.context());
  if (scenario) await useScenario(page, scenario);
  await page.goto('/checkout');
  await (await checkoutPayPal(page)).click();
  return ledger;
}

/** startOnCheckout, then the buyer approves in the wallet. */
async function approveOnCheckout(page: Page, scenario?: string): Promise<Ledger> {
  const ledger = await startOnCheckout(page, scenario);
  await wallet(page).getByRole('button', { name: 'Approve' }).click();
  return ledger;
}

/** Pays again from /checkout: a second order is made, and it is the only one paid. */
async function payWithSecondOrder(page: Page, ledger: Ledger): Promise<void> {
  await (await checkoutPayPal(page)).click();
  await wallet(page).getByRole('button', { name: 'Approve' }).click();
  const orderId = await confirmed(page);
  expect(ledger.orders).toHaveLength(2);
  expect(ledger.orders[1]).toBe(orderId);
  expect(await books(page, ledger)).toEqual({ statuses: ['PENDING', 'PAID'], payments: 1 });
}

test.beforeEach(async ({ page }) => {
  await seedCart(page, [whiteLine(1)]);
});

test.describe('before the buyer approves: any failure may start over', ONE_WINDOW, () => {
  test('order create fails: "Could not initiate", no order, nothing captured, the cart kept', async ({ page }) => {
    const ledger = await startOnCheckout(page, 'server-error');
    await expect(page.getByRole('alert').filter({ hasText: 'Could not initiate PayPal Checkout...' })).toBeVisible();
    expect(ledger.creates).toBe(1);
    expect(await books(page, ledger)).toEqual({ statuses: [], payments: 0 });
    expect(await storedCart(page)).toMatchObject([{ variantId: WHITE.variantId, quantity: 1 }]);
  });

  test('payment intent fails: "Could not initiate", one unpaid order, nothing captured', async ({ page }) => {
    const ledger = await startOnCheckout(page, 'intent-error');
    await expect(page.getByRole('alert').filter({ hasText: 'PAYEE_ACCOUNT_RESTRICTED' })).toBeVisible();
    await expect.poll(() => books(page, ledger)).toEqual({ statuses: ['PENDING'], payments: 0 });
    expect(await storedCart(page)).toHaveLength(1);
  });

  test('the buyer cancels: "Payment cancelled", one unpaid order; paying again makes a second one and pays it', async ({
    page,
  }) => {
    const ledger = await startOnCheckout(page);
    await wallet(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled.' })).toBeVisible();
    expect(await storedCart(page)).toHaveLength(1);
    await payWithSecondOrder(page, ledger);
  });
});

test.describe('after the buyer approves: retried, never restarted', ONE_WINDOW, () => {
  test('the capture goes through but its answer is lost: the same capture is asked again and confirms it', async ({
    page,
  }) => {
    const ledger = await approveOnCheckout(page, 'capture-lost');
    const orderId = await confirmed(page);
    // Asked again under the same key: by the page, or by Chromium itself, which resends a request whose reused
    // connection dropped before any answer (the page then sees one request).
    expect(ledger.captureAnswers.map((a) => a.replayed)).toContain(true);
    expect(new Set(ledger.captureKeys).size).toBe(1);
    expect(ledger.captureKeys[0]).toMatch(/^wallet-[0-9a-f-]+-capture$/);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
    expect(await storedCart(page)).toEqual([]);
    expect(await pending(page)).toBeNull();
  });

  test('the capture answers 5xx once: the shopper sees it being confirmed, then the confirmation', async ({ page }) => {
    const ledger = await approveOnCheckout(page, 'capture-error-once');
    const progress = page.getByRole('status').filter({ hasText: CONFIRMING });
    await expect(progress).toContainText('asked again. You will not be charged twice.');
    await expect(page.getByRole('alert').filter({ hasText: /Sorry|Could not/ })).toHaveCount(0);
    const orderId = await confirmed(page);
    expect(ledger.captureKeys).toHaveLength(2);
    expect(new Set(ledger.captureKeys).size).toBe(1);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
  });

  test('a slow capture: "Confirming your payment…" until it answers, then the confirmation', async ({ page }) => {
    const ledger = await approveOnCheckout(page, 'capture-held');
    await expect(page.getByRole('status').filter({ hasText: CONFIRMING })).toContainText('PayPal has approved it.');
    await releaseCapture(page, ledger);
    const orderId = await confirmed(page);
    expect(ledger.captureKeys).toHaveLength(1);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
  });

  test('a cancel the wallet reports after the approval changes nothing: the capture keeps the lock, one order, one payment', async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => {
      (window as { __demoWallet?: { cancelAfterApprove: boolean } }).__demoWallet = { cancelAfterApprove: true };
    });
    const ledger = await approveOnCheckout(page, 'capture-held');
    await expect(page.getByRole('status').filter({ hasText: CONFIRMING })).toBeVisible();
    await expect(page.getByText('Payment cancelled.')).toHaveCount(0);
    // Another tab finds the payment being captured under the lock, and leaves it to this one.
    const other = await context.newPage();
    await other.goto('/support');
    await expect(other.getByText('Your payment is being confirmed in another tab.')).toBeVisible();
    // One capture, under one key: a try held past its time limit (a slow machine) is asked again under that key.
    const [key] = ledger.captureKeys;
    expect(new Set(ledger.captureKeys)).toEqual(new Set([key]));
    await releaseCapture(page, ledger);
    const orderId = await confirmed(page);
    expect(new Set(ledger.captureKeys)).toEqual(new Set([key]));
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
  });

  test("while a capture is being confirmed, every wallet button is paused: the drawer's too", async ({ page }) => {
    const ledger = await approveOnCheckout(page, 'capture-held');
    await expect(page.getByRole('status').filter({ hasText: CONFIRMING })).toBeVisible();
    await page.getByRole('button', { name: /^Cart, / }).click();
    await expect(drawer(page).getByRole('button', { name: 'PayPal', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await releaseCapture(page, ledger);
    const orderId = await confirmed(page);
    expect(new Set(ledger.captureKeys).size).toBe(1);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
  });

  test('the capture keeps failing: approved but not confirmed, wallets paused, the cart kept; Try again confirms the same payment once the backend answers', async ({
    page,
  }, testInfo) => {
    await page.clock.install();
    const ledger = await approveOnCheckout(page, 'capture-error');
    const alert = page.getByRole('alert').filter({ hasText: UNCONFIRMED });
    await untilTriesRunOut(page, alert);
    await expect(alert).toContainText('It may already have gone through: Try again confirms this same payment');
    await page.screenshot({ path: testInfo.outputPath('unconfirmed.png') });
    expect(ledger.captureKeys).toHaveLength(4);
    expect(new Set(ledger.captureKeys).size).toBe(1);
    expect(await storedCart(page)).toHaveLength(1);
    expect(await pending(page)).not.toBeNull();

    // No second order: the checkout's own button stays disabled, and the drawer's says why.
    await expect(
      page.getByRole('region', { name: 'Express checkout' }).getByRole('button', { name: 'PayPal', exact: true }),
    ).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('button', { name: /^Cart, / }).click();
    await expect(
      drawer(page).getByText('Paused: your approved payment for this cart is being confirmed.'),
    ).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'PayPal', exact: true })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.keyboard.press('Escape');

    await page.context().clearCookies();
    await alert.getByRole('button', { name: 'Try again' }).click();
    const orderId = await confirmed(page);
    // Try again asks for the same order under a new key: no answer a backend kept for the old key can stand in.
    expect(ledger.captureKeys).toHaveLength(5);
    expect(ledger.captureKeys[4]).not.toBe(ledger.captureKeys[0]);
    expect(ledger.creates).toBe(1);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
    expect(await storedCart(page)).toEqual([]);
  });

  test('the connection drops at approval: not confirmed while offline, confirmed by itself once it is back', async ({
    page,
    context,
  }) => {
    const ledger = keepLedger(context);
    await page.clock.install();
    await page.goto('/checkout');
    await (await checkoutPayPal(page)).click();
    await expect(wallet(page)).toBeVisible();
    await context.setOffline(true);
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    const alert = page.getByRole('alert').filter({ hasText: UNCONFIRMED });
    await untilTriesRunOut(page, alert.filter({ hasText: 'The store could not be reached.' }));
    expect(await storedCart(page)).toHaveLength(1);
    await context.setOffline(false);
    const orderId = await confirmed(page);
    expect(ledger.creates).toBe(1);
    expect(new Set(ledger.captureKeys).size).toBe(1);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
  });

  test('setting an unconfirmed payment aside takes a warning first; only then can a new order start', async ({
    page,
  }) => {
    await page.clock.install();
    const ledger = await approveOnCheckout(page, 'capture-error');
    const alert = page.getByRole('alert').filter({ hasText: UNCONFIRMED });
    const payAgain = alert.getByRole('button', { name: 'Pay with a new order instead…' });
    await untilTriesRunOut(page, payAgain);
    await payAgain.click();
    await expect(alert).toContainText(
      'This payment may already have gone through. If you pay again, you could be charged twice',
    );
    // Focus goes to the safe choice, and back to where it was once that is taken.
    await expect(alert.getByRole('button', { name: 'Keep waiting for it' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Pay with a new order instead…' })).toBeFocused();
    await alert.getByRole('button', { name: 'Pay with a new order instead…' }).click();
    await alert.getByRole('button', { name: 'Set it aside and pay again' }).click();
    await expect(page.getByText(UNCONFIRMED)).toHaveCount(0);
    // One last try of the same order first (it fails too): then the wallets work again.
    await checkoutPayPal(page);
    expect(ledger.captureKeys).toHaveLength(5);
    expect(await pending(page)).toBeNull();

    await page.context().clearCookies();
    await payWithSecondOrder(page, ledger);
  });

  test('the tab is closed after approval: the shop opened again resumes the same capture on any page', async ({
    page,
    context,
  }, testInfo) => {
    const ledger = await approveOnCheckout(page, 'capture-held');
    await expect(page.getByRole('status').filter({ hasText: CONFIRMING })).toBeVisible();
    expect(await pending(page)).not.toBeNull();
    await page.close();

    const again = await context.newPage();
    await again.goto('/support');
    await waitForHydration(again);
    const banner = again.getByRole('status').filter({ hasText: CONFIRMING });
    await expect(banner).toBeVisible();
    await again.screenshot({ path: testInfo.outputPath('resumed.png') });
    await releaseCapture(again, ledger);
    const orderId = await confirmed(again);
    expect(ledger.creates).toBe(1);
    expect(new Set(ledger.captureKeys).size).toBe(1);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(again, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
    expect(await storedCart(again)).toEqual([]);
  });

  test('a reload while the capture fails resumes it, and it still never makes a second order', async ({ page }) => {
    await page.clock.install();
    const ledger = await approveOnCheckout(page, 'capture-error');
    await expect(page.getByText(CONFIRMING)).toBeVisible();
    await page.reload();
    // The banner resumes the capture at once, and is told the same after its own tries.
    await untilTriesRunOut(page, page.getByRole('alert').filter({ hasText: UNCONFIRMED }));
    await page.context().clearCookies();
    await page.reload();
    const orderId = await confirmed(page);
    expect(ledger.creates).toBe(1);
    expect(new Set(ledger.captureKeys).size).toBe(1);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
    expect(ledger.orders).toEqual([orderId]);
  });
});

test.describe('backends as they really behave: only a definitive answer ends a payment', ONE_WINDOW, () => {
  test('a reload during a slow capture: the resumed capture is refused while the first is in flight, and asked again until it answers', async ({
    page,
  }) => {
    const ledger = await approveOnCheckout(page, 'capture-held');
    await expect(page.getByRole('status').filter({ hasText: CONFIRMING })).toBeVisible();
    await page.reload();
    // The key store refuses the resumed capture (409, the same key still in flight): unknown, asked again.
    const retrying = page.getByRole('status').filter({ hasText: 'it is being asked again' });
    await expect(retrying).toBeVisible();
    expect(ledger.captureAnswers.map((a) => a.status)).toContain(409);
    await expect(page.getByText(/^Sorry/)).toHaveCount(0);
    await releaseCapture(page, ledger);
    const orderId = await confirmed(page);
    expect(new Set(ledger.captureKeys).size).toBe(1);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
  });

  test("a lost answer, then PayPal's 422 ORDER_ALREADY_CAPTURED passed through: paid, one order, one payment", async ({
    page,
  }) => {
    const ledger = await approveOnCheckout(page, 'paypal-passthrough,capture-lost');
    const orderId = await confirmed(page);
    expect(ledger.captureAnswers.map((a) => a.status)).toContain(422);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
    expect(await storedCart(page)).toEqual([]);
  });

  test('storage refuses the payment record: the page captures it from memory and asks the shopper to keep it open', async ({
    page,
  }) => {
    await refuseThePaymentRecord(page);
    const ledger = await approveOnCheckout(page, 'capture-held');
    await expect(page.getByRole('status').filter({ hasText: CONFIRMING })).toContainText(
      'please keep this page open until it is confirmed',
    );
    expect(await pending(page)).toBeNull();
    await releaseCapture(page, ledger);
    const orderId = await confirmed(page);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
    expect(await storedCart(page)).toEqual([]);
  });

  test("the site's storage blocked entirely: the cart and the drawer work, and an approved payment is captured", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage'])
        Object.defineProperty(window, name, {
          get: () => {
            throw new DOMException('Access is denied for this document.', 'SecurityError');
          },
        });
    });
    const ledger = keepLedger(page.context());
    await page.goto('/?variant=arctic-white');
    await page.locator('#main-add-button').click();
    await expect(drawer(page)).toBeVisible();
    await (await payPal(drawer(page))).click();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    // Nothing could be kept of the order in this browser: the confirmation names it and says where the details are.
    await expect(page).toHaveURL(THANK_YOU_URL);
    const orderId = decodeURIComponent(THANK_YOU_URL.exec(page.url())![1]!);
    await expect(page.getByText(`Order number ${orderId}`)).toBeVisible();
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
  });

  test('a decline, then the buyer approves again: a new key, so the decline the backend keeps never answers it', async ({
    page,
  }) => {
    const ledger = await approveOnCheckout(page, 'declined');
    await expect(page.getByText('Your payment method was declined.')).toBeVisible();
    await (await checkoutPayPal(page)).click();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    const orderId = await confirmed(page);
    expect(ledger.captureKeys).toHaveLength(2);
    expect(ledger.captureKeys[1]).not.toBe(ledger.captureKeys[0]);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
  });

  test('a decline after an unanswered try: that order is let go, and paying again makes a new one', async ({
    page,
  }) => {
    const ledger = await approveOnCheckout(page, 'capture-error-once,declined');
    await expect(page.getByText('Please pay again and choose another way to pay.')).toBeVisible();
    expect(ledger.captureAnswers.map((a) => a.status)).toEqual([503, 200]);
    await useScenario(page, '');
    await payWithSecondOrder(page, ledger);
  });

  test('a 500 the backend keeps under the key: every retry gets it again; Try again asks under a new key and pays', async ({
    page,
  }) => {
    await page.clock.install();
    const ledger = await approveOnCheckout(page, 'capture-crash-once');
    const alert = page.getByRole('alert').filter({ hasText: UNCONFIRMED });
    await untilTriesRunOut(page, alert);
    expect(ledger.captureKeys).toHaveLength(4);
    expect(new Set(ledger.captureKeys).size).toBe(1);
    await alert.getByRole('button', { name: 'Try again' }).click();
    const orderId = await confirmed(page);
    expect(ledger.captureKeys[4]).not.toBe(ledger.captureKeys[0]);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
  });

  test('PayPal declines the capture and completes the order: nothing charged, the cart kept, a new order to pay again', async ({
    page,
  }) => {
    const ledger = await approveOnCheckout(page, 'capture-status:DECLINED');
    await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toContainText(DECLINED_BY_PAYPAL);
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await storedCart(page)).toHaveLength(1);
    expect(await books(page, ledger)).toEqual({ statuses: ['PENDING'], payments: 0 });
    await useScenario(page, 'none');
    await payWithSecondOrder(page, ledger);
  });

  test('PayPal holds the capture for review (PENDING): the order stands, and the confirmation says it is being reviewed', async ({
    page,
  }) => {
    const ledger = await approveOnCheckout(page, 'capture-status:PENDING');
    const orderId = await confirmed(page);
    await expect(page.getByText('PayPal is reviewing your payment')).toBeVisible();
    await expect(page.getByText('Payment under review')).toBeVisible();
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
    expect(await storedCart(page)).toEqual([]);
  });

  test('without Web Locks, another tab leaves a payment approved moments ago to the page confirming it', async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });
    });
    const ledger = await approveOnCheckout(page, 'capture-held');
    await expect(page.getByRole('status').filter({ hasText: CONFIRMING })).toBeVisible();
    const other = await context.newPage();
    const otherCaptures: string[] = [];
    other.on('request', (r) => /\/process-payment$/.test(r.url()) && otherCaptures.push(r.url()));
    await other.goto('/support');
    await waitForHydration(other);
    await expect(
      other.getByRole('status').filter({ hasText: 'Your payment is being confirmed in another tab.' }),
    ).toBeVisible();
    await releaseCapture(page, ledger);
    const orderId = await confirmed(page);
    expect(otherCaptures).toEqual([]);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
  });
});

test.describe('PayPal\'s order lifecycle: "already captured" is asked about, never believed', ONE_WINDOW, () => {
  test('a declined capture whose answer is lost, asked again of a backend that passes PayPal on: not paid', async ({
    page,
  }) => {
    const ledger = await approveOnCheckout(page, 'paypal-passthrough,capture-status:DECLINED,capture-lost');
    await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toContainText(DECLINED_BY_PAYPAL);
    // The retry met PayPal's refusal of a completed order; the order's payment status said nothing was taken.
    expect(ledger.captureAnswers.map((a) => a.status)).toContain(422);
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await storedCart(page)).toHaveLength(1);
    expect(await books(page, ledger)).toEqual({ statuses: ['PENDING'], payments: 0 });
    expect(await pending(page)).toBeNull();
  });

  test('a slow declined capture, refused while in flight: Try again asks anew and is told it was declined', async ({
    page,
  }) => {
    await page.clock.install();
    const ledger = await approveOnCheckout(page, 'capture-status:DECLINED,capture-held');
    const alert = page.getByRole('alert').filter({ hasText: UNCONFIRMED });
    await untilTriesRunOut(page, alert);
    await declinedByPayPal(page, ledger);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toContainText(DECLINED_BY_PAYPAL);
    expect(ledger.captureAnswers.at(-1)?.status).toBe(422);
    expect(await storedCart(page)).toHaveLength(1);
    expect(await books(page, ledger)).toEqual({ statuses: ['PENDING'], payments: 0 });
    await expect(page.getByText('Paused:')).toHaveCount(0);
  });

  test('the same, set aside after the warning: the last try is told it was declined, and nothing is paid', async ({
    page,
  }) => {
    await page.clock.install();
    const ledger = await approveOnCheckout(page, 'capture-status:DECLINED,capture-held');
    const alert = page.getByRole('alert').filter({ hasText: UNCONFIRMED });
    await untilTriesRunOut(page, alert);
    await declinedByPayPal(page, ledger);
    await alert.getByRole('button', { name: 'Pay with a new order instead…' }).click();
    await alert.getByRole('button', { name: 'Set it aside and pay again' }).click();
    await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toContainText(DECLINED_BY_PAYPAL);
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await storedCart(page)).toHaveLength(1);
    expect(await books(page, ledger)).toEqual({ statuses: ['PENDING'], payments: 0 });
  });

  test("PayPal's order status alone is resolved by the payment status: paid, for the amount taken", async ({
    page,
  }) => {
    const ledger = await approveOnCheckout(page, 'order-status-only');
    const orderId = await confirmed(page);
    await expect(page.getByTestId('order-total')).toHaveText('$96.38');
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
    expect(ledger.orders).toEqual([orderId]);
  });

  test("PayPal's order status alone after a declined capture: the payment status says so, and nothing is paid", async ({
    page,
  }) => {
    const ledger = await approveOnCheckout(page, 'order-status-only,capture-status:DECLINED');
    await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toContainText(DECLINED_BY_PAYPAL);
    expect(await storedCart(page)).toHaveLength(1);
    expect(await books(page, ledger)).toEqual({ statuses: ['PENDING'], payments: 0 });
  });

  test('a store that cannot say (its payment status needs a token) keeps the payment unconfirmed, never "paid"', async ({
    page,
  }) => {
    await page.clock.install();
    const ledger = await approveOnCheckout(page, 'paypal-passthrough,capture-lost,payment-status-token');
    const alert = page.getByRole('alert').filter({ hasText: UNCONFIRMED });
    await untilTriesRunOut(page, alert);
    const [orderId] = ledger.orders;
    await expect(alert).toContainText('The store cannot confirm yet whether this payment went through.');
    await expect(alert).toContainText(`quote order ${orderId}`);
    await expect(alert.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support#contact');
    await expect(alert.getByRole('button', { name: 'Pay with a new order instead…' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Express checkout' }).getByRole('button', { name: 'PayPal', exact: true }),
    ).toHaveAttribute('aria-disabled', 'true');
    await expect(page).toHaveURL(/\/checkout$/);
    // The money was taken, but the page cannot know it: it keeps the payment and the cart, and says so.
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
    expect(await storedCart(page)).toHaveLength(1);
    expect(await pending(page)).not.toBeNull();
  });

  test('the backend cancelled the order: the payment ends with its reason, the cart kept, the wallets free', async ({
    page,
  }) => {
    const ledger = await approveOnCheckout(page, 'order-cancelled');
    await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toContainText('cannot be paid');
    expect(await storedCart(page)).toHaveLength(1);
    expect(await books(page, ledger)).toEqual({ statuses: ['CANCELLED'], payments: 0 });
    await checkoutPayPal(page);
  });

  test('PayPal says the approval expired: the payment ends with a clear message instead of pausing', async ({
    page,
  }) => {
    const ledger = await approveOnCheckout(page, 'capture-expired');
    await expect(page.getByRole('alert').filter({ hasText: REFUSED })).toContainText('The order has expired.');
    expect(await books(page, ledger)).toEqual({ statuses: ['PENDING'], payments: 0 });
    await expect(page.getByText('Paused:')).toHaveCount(0);
    await checkoutPayPal(page);
  });
});

test.describe('nothing left locked, nothing unsaid', ONE_WINDOW, () => {
  test('the drawer closed while a declined instrument is confirmed: the attempt and the lock go, and other tabs can pay', async ({
    page,
    context,
  }) => {
    const ledger = keepLedger(context);
    await useScenario(page, 'declined,capture-held');
    await page.goto('/');
    await page.getByRole('button', { name: /^Cart, / }).click();
    await (await payPal(drawer(page))).click();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    await expect(drawer(page).getByRole('status').filter({ hasText: CONFIRMING })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await releaseCapture(page, ledger);
    // Nothing to go back to: the banner tells of the decline, and the cart is free to pay again, in every tab.
    await expect(page.locator('[data-payment-banner]')).toContainText('Your payment method was declined.');
    const other = await context.newPage();
    await other.goto('/checkout');
    await checkoutPayPal(other);
    await expect(other.getByText('Paused:')).toHaveCount(0);
    expect(await books(page, ledger)).toEqual({ statuses: ['PENDING'], payments: 0 });
  });

  test('a payment only this page holds, the drawer closed: the banner asks to keep the page open, and leaving asks first', async ({
    page,
  }) => {
    await refuseThePaymentRecord(page);
    const ledger = keepLedger(page.context());
    await useScenario(page, 'capture-held');
    await page.goto('/');
    await page.getByRole('button', { name: /^Cart, / }).click();
    await (await payPal(drawer(page))).click();
    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    await expect(drawer(page).getByRole('status').filter({ hasText: CONFIRMING })).toBeVisible();
    await page.keyboard.press('Escape');
    const banner = page.locator('[data-payment-banner]');
    await expect(banner).toContainText('please keep this page open until it is confirmed');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
    await releaseCapture(page, ledger);
    await confirmed(page);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
  });
});

test.describe('two tabs, one cart', ONE_WINDOW, () => {
  test('while one tab pays, the other tab’s wallets are paused with a notice; one order, one payment', async ({
    page,
    context,
  }) => {
    const ledger = keepLedger(context);
    await page.goto('/checkout');
    const other = await context.newPage();
    await other.goto('/checkout');
    await waitForHydration(other);
    await checkoutPayPal(other);

    await (await checkoutPayPal(page)).click();
    await expect(wallet(page)).toBeVisible();
    const otherButton = other
      .getByRole('region', { name: 'Express checkout' })
      .getByRole('button', { name: 'PayPal', exact: true });
    await expect(otherButton).toHaveAttribute('aria-disabled', 'true');
    await expect(other.getByText('Paused: a payment is in progress in another tab.')).toBeVisible();
    // Tapped all the same, it asks for no order: the count of orders made, once this tab has paid, says so.
    await otherButton.click({ force: true });

    await wallet(page).getByRole('button', { name: 'Approve' }).click();
    const orderId = await confirmed(page);
    // The other tab learns that the cart was paid.
    await expect(other.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(ledger.creates).toBe(1);
    expect(ledger.orders).toEqual([orderId]);
    expect(await books(page, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
  });

  test('a tab that closes mid-payment frees the cart for the other tab', async ({ page, context }) => {
    await page.goto('/checkout');
    const other = await context.newPage();
    await other.goto('/checkout');
    await waitForHydration(other);
    await (await checkoutPayPal(page)).click();
    await expect(wallet(page)).toBeVisible();
    await expect(other.getByText('Paused: a payment is in progress in another tab.')).toBeVisible();
    await page.close();
    await expect(other.getByText('Paused: a payment is in progress in another tab.')).toHaveCount(0);
    await checkoutPayPal(other);
  });

  test('an approved payment left unconfirmed in one tab is confirmed from another', async ({ page, context }) => {
    await page.clock.install();
    const ledger = await approveOnCheckout(page, 'capture-error');
    await untilTriesRunOut(page, page.getByRole('alert').filter({ hasText: UNCONFIRMED }));
    await context.clearCookies();
    const other = await context.newPage();
    await other.goto('/');
    const orderId = await confirmed(other);
    expect(ledger.creates).toBe(1);
    expect(await books(other, ledger)).toEqual({ statuses: ['PAID'], payments: 1 });
    expect(ledger.orders).toEqual([orderId]);
    // The first tab has nothing left to confirm.
    await expect(page.getByText(UNCONFIRMED)).toHaveCount(0);
  });
});

test.describe('what this browser keeps', ONE_WINDOW, () => {
  test('a corrupt pending payment is ignored with a warning: nothing is paused, the cart stays', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await seedStorage(page, PENDING_KEY, '{"version":1,"payment":{"orderId":""}}');
    await page.goto('/checkout');
    await checkoutPayPal(page);
    expect(warnings.some((w) => w.includes(PENDING_KEY))).toBe(true);
    await expect(page.locator('[data-wallet-paused]')).toHaveCount(0);
    expect(await storedCart(page)).toHaveLength(1);
  });

  test('an approval older than 3 hours is still tried, and keeps the wallets paused until the store answers or the shopper, warned, sets it aside', async ({
    page,
  }) => {
    const ledger = keepLedger(page.context());
    const approvedAt = new Date(Date.now() - 4 * 60 * 60 * 1000).toISOString();
    await seedStorage(
      page,
      PENDING_KEY,
      JSON.stringify({
        version: 1,
        payment: {
          orderId: 'DEMO-OLD-1',
          intentId: 'DEMOOLDINTENT',
          captureKey: 'wallet-old-capture',
          approvedAt,
          lines: [{ productId: PRODUCT.id, variantId: WHITE.variantId, quantity: 1, price: 7999 }],
          order: { id: 'DEMO-OLD-1' },
        },
      }),
    );
    await page.clock.install();
    await page.goto('/checkout');
    // The device's clock decides nothing: the same order is asked (the demo does not know it: unknown, not refused).
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'We could not confirm your payment for order DEMO-OLD-1.' });
    // (The same words show at once, from storage, before the page asks: its four tries are waited for.) The clock
    // flows as usual until the first try is out: moved on before the page's code has arrived, a try's time would
    // run out while its request is still unsent.
    await expect.poll(() => ledger.captureKeys.length).toBeGreaterThan(0);
    await expect(async () => {
      await page.clock.runFor(500);
      expect(ledger.captureKeys).toHaveLength(4);
      await expect(notice).toBeVisible({ timeout: 100 });
    }).toPass({ intervals: [0], timeout: TRIES_RUN_OUT });
    await expect(notice).toContainText('contact support and quote the order number');
    expect(ledger.captureKeys).toEqual(Array(4).fill('wallet-old-capture'));
    const checkoutButton = page
      .getByRole('region', { name: 'Express checkout' })
      .getByRole('button', { name: 'PayPal', exact: true });
    await expect(checkoutButton).toHaveAttribute('aria-disabled', 'true');
    await notice.getByRole('button', { name: 'Pay with a new order instead…' }).click();
    await notice.getByRole('button', { name: 'Set it aside and pay again' }).click();
    await checkoutPayPal(page);
    expect(ledger.captureKeys).toHaveLength(5);
    expect(await pending(page)).toBeNull();
  });
});

test(
  'the product API down or answering 503: Add to Cart opens the drawer within 1.5 s, and the line follows the figures later',
  ONE_WINDOW,
  async ({ page }) => {
    let failures = 0;
    await page.route('**/api/v1/stores/*/products/*', async (route) => {
      failures += 1;
      if (failures % 2) await route.abort('connectionrefused');
      else
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"DOWN","message":"down"}' });
    });
    await page.clock.install();
    await page.goto('/?variant=arctic-white');
    await page.clock.pauseAt(Date.now() + 1000);
    const add = page.locator('#main-add-button');
    await add.click();
    await expect(add).toHaveText('Adding...');
    // The paused clock runs 100 ms at a time, the page's own work (imports included) between the steps: the drawer
    // must be open before 1.5 s of it have passed.
    let ran = 0;
    await expect(async () => {
      if (ran < 1500) {
        await page.clock.runFor(100);
        ran += 100;
      }
      await expect(drawer(page)).toBeVisible({ timeout: 100 });
    }).toPass({ intervals: [0], timeout: 20_000 });
    expect(ran).toBeLessThanOrEqual(1500);
    expect(failures).toBeGreaterThan(0);
    await expect(drawer(page).getByText('Arctic White · One Size')).toBeVisible();
    // Added to the line already in the cart (the figures it had: stock 42).
    expect(await storedCart(page)).toMatchObject([{ variantId: WHITE.variantId, quantity: 2 }]);
  },
);
