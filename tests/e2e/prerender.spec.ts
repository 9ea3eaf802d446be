// Prerendering the purchase path. Chromium does not prerender while DevTools (and so Playwright) is attached, so
// these tests check what they can see: the rule sets the pages insert are valid and allowed by the page's policy,
// /thank-you answers so that one prerender serves any order id, and a page made while "prerendering" (stood in for
// by document.prerendering and the prerenderingchange event, the browser's own signals) is correct when shown and
// counts no visit before. The real prerender, and the time it saves, is measured by the bench (scripts/bench/taps.ts).
import type { Page } from '@playwright/test';
import {
  ONE_WINDOW,
  cartLine,
  demoEvents,
  expect,
  paidOrderId,
  PRODUCT,
  recordViolations,
  seedCart,
  test,
  useScenario,
  useSession,
  waitForHydration,
} from './shop.support.ts';
import { drawer, payPal, wallet } from './wallet.support.ts';
import { IDLE_TIMEOUT_MS } from '../../src/browser/after-load.ts';

/** Makes the next page load as a prerender, until `activate(page)`; records CSP violations in `window.violations`. */
async function loadAsPrerender(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let prerendering = true;
    Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => prerendering });
    Object.assign(window, {
      activate: () => {
        prerendering = false;
        document.dispatchEvent(new Event('prerenderingchange'));
      },
    });
  });
}

/** The analytics events the page asks to send, in order; one asked while prerendering says so. */
async function recordAnalyticsCalls(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const calls: Promise<string>[] = [];
    const send = window.fetch.bind(window);
    Object.assign(window, { analyticsCalls: calls });
    window.fetch = (input, init) => {
      const request = new Request(input, init);
      if (request.url.includes('/analytics/track')) {
        const when = document.prerendering ? ' while prerendering' : '';
        calls.push(
          request
            .clone()
            .json()
            .then((body: { event?: string }) => `${body.event}${when}`),
        );
      }
      return send(request);
    };
  });
  return () =>
    page.evaluate(() => Promise.all((window as unknown as { analyticsCalls: Promise<string>[] }).analyticsCalls));
}

const activate = (page: Page) => page.evaluate(() => (window as unknown as { activate: () => void }).activate());

const rules = (page: Page, name: string) => page.locator(`script[type="speculationrules"][data-prerender="${name}"]`);

test('the cart drawer prerenders /checkout with a rule set the page policy allows', ONE_WINDOW, async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/');
  await expect(rules(page, 'checkout')).toHaveCount(0);
  await page.locator('#main-add-button').click();
  await expect(drawer(page)).toBeVisible();
  await expect(rules(page, 'checkout')).toHaveCount(1);
  const parsed = JSON.parse((await rules(page, 'checkout').textContent()) ?? '') as unknown;
  expect(parsed).toEqual({ prerender: [{ source: 'list', urls: ['/checkout'], eagerness: 'immediate' }] });
  expect(await page.evaluate(() => HTMLScriptElement.supports('speculationrules'))).toBe(true);
  expect(await violations()).toEqual([]);
  // Nothing left to check out: the prerender is dropped.
  await drawer(page)
    .getByRole('button', { name: /^Remove / })
    .click();
  await expect(rules(page, 'checkout')).toHaveCount(0);
});

test('Buy Now prerenders /checkout while it adds', ONE_WINDOW, async ({ page }) => {
  const violations = await recordViolations(page);
  // The product page is gone once the add is done: what it inserted is noted as it happens.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const rule = document.querySelector('script[type="speculationrules"][data-prerender="checkout"]');
      if (rule) sessionStorage.setItem('checkout rule seen on', location.pathname);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await page.evaluate(() => sessionStorage.getItem('checkout rule seen on'))).toBe('/');
  expect(await violations()).toEqual([]);
});

test(
  'the wallet prerenders /thank-you while the buyer decides, and drops it on cancel',
  ONE_WINDOW,
  async ({ page, request }) => {
    const violations = await recordViolations(page);
    await page.goto('/');
    await page.locator('#main-add-button').click();
    await (await payPal(drawer(page))).click();
    await expect(wallet(page)).toBeVisible();
    await expect(rules(page, 'thank-you')).toHaveCount(1);
    expect(JSON.parse((await rules(page, 'thank-you').textContent()) ?? '')).toEqual({
      prerender: [
        { source: 'list', urls: ['/thank-you'], eagerness: 'immediate', expects_no_vary_search: 'params=("orderId")' },
      ],
    });
    expect(await violations()).toEqual([]);
    await wallet(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(rules(page, 'thank-you')).toHaveCount(0);
    // The prerender of /thank-you serves /thank-you?orderId=…: the server says the order id does not change it.
    const answer = await request.get('/thank-you');
    expect(answer.headers()['no-vary-search']).toBe('params=("orderId")');
  },
);

test(
  'a prerendered /checkout shows the cart as it is when opened, and counts the checkout only then',
  ONE_WINDOW,
  async ({ page, request }) => {
    const session = await useSession(page);
    const sent = await recordAnalyticsCalls(page);
    const checkoutStarts = async () =>
      (await demoEvents(request, session)).filter((e) => e.event === 'CHECKOUT_START').map((e) => e.value);
    await seedCart(page, [cartLine('var_arctic_white', 'Arctic White', 79.99, 1, 42)]);
    await loadAsPrerender(page);
    // The page brings its lines up to date with current stock meanwhile (and writes them back): done before the change.
    const refreshed = page.waitForResponse(/\/api\/v1\/stores\/[^/]+\/products\//);
    await page.goto('/checkout');
    await refreshed;
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('1 × $79.99')).toBeVisible();
    // The shopper changes the quantity in the page that made the prerender (here: storage changed under the page).
    await page.evaluate(([key, line]) => localStorage.setItem(key, JSON.stringify({ version: 2, items: [line] })), [
      PRODUCT.cartKey,
      cartLine('var_arctic_white', 'Arctic White', 79.99, 3, 42),
    ] as const);
    // Counted once, when opened, for the cart as it is then: a page that counted while prerendering would have
    // counted the cart it was made with ($79.99), and only that.
    await activate(page);
    await expect(summary.getByText('3 × $79.99')).toBeVisible();
    await expect.poll(checkoutStarts).toEqual([239.97]);
    expect(await sent()).toEqual(['CHECKOUT_START']);
  },
);

test('a prerendered product page sends its PRODUCT_VIEW only when opened', ONE_WINDOW, async ({ page, request }) => {
  const session = await useSession(page);
  const views = async () => (await demoEvents(request, session)).filter((e) => e.event === 'PRODUCT_VIEW').length;
  const sent = await recordAnalyticsCalls(page);
  // The page's time moves only when the test moves it: past hydration, and past the longest wait for idle time.
  await page.clock.install();
  await loadAsPrerender(page);
  const opened = page.goto('/');
  await expect(async () => {
    await page.clock.runFor(IDLE_TIMEOUT_MS);
    const waiting = 'astro-island[ssr]:is([client="load"], [client="idle"], [client="intent"])';
    expect(await page.evaluate((selector) => document.querySelectorAll(selector).length, waiting)).toBe(0);
  }).toPass({ intervals: [0] });
  await opened;
  await page.clock.runFor(IDLE_TIMEOUT_MS);
  expect(await sent()).toEqual([]);
  await activate(page);
  await page.clock.runFor(IDLE_TIMEOUT_MS);
  await expect.poll(views).toBe(1);
  expect(await sent()).toEqual(['PRODUCT_VIEW']);
});

test('a prerendered /thank-you reads the order when opened, not before', ONE_WINDOW, async ({ page }) => {
  await loadAsPrerender(page);
  await page.goto('/thank-you');
  await waitForHydration(page);
  await expect(page.getByText('Loading your order…')).toBeAttached();
  await expect(page.getByText('No order to show')).toHaveCount(0);
  await activate(page);
  // Opened without an order id (a real activation brings the navigation's ?orderId=…): the page says so.
  await expect(page.getByText('No order to show')).toBeVisible();
});

/**
 * A stand-in for the /thank-you the wallet prerenders, beside `page` in its browser: timers that move only when the
 * test moves them, and a count of the workers it starts (the confetti's).
 */
async function thankYouMadeAhead(page: Page): Promise<Page> {
  const made = await page.context().newPage();
  await loadAsPrerender(made);
  await made.clock.install();
  await made.addInitScript(() => {
    const Made = window.Worker;
    Object.assign(window, { workersMade: 0 });
    window.Worker = class extends Made {
      constructor(...args: ConstructorParameters<typeof Worker>) {
        super(...args);
        (window as unknown as { workersMade: number }).workersMade++;
      }
    };
  });
  // A prerender is made without the order id, which the navigation that shows it brings (No-Vary-Search).
  await made.goto('/thank-you');
  await waitForHydration(made);
  return made;
}

/** Pays for one camera from the drawer on `page`, as the shopper whose payment the stand-in waits for. */
async function payFromTheDrawer(page: Page): Promise<string> {
  await page.goto('/');
  await page.locator('#main-add-button').click();
  await (await payPal(drawer(page))).click();
  await wallet(page).getByRole('button', { name: 'Approve' }).click();
  return paidOrderId(page);
}

/** Shows the stand-in as the navigation to /thank-you?orderId=… would; returns what the page read in that task. */
const showWithOrder = (made: Page, orderId: string) =>
  made.evaluate((id) => {
    history.replaceState(null, '', `/thank-you?orderId=${encodeURIComponent(id)}`);
    (window as unknown as { activate: () => void }).activate();
    return document.querySelector('main')?.textContent ?? '';
  }, orderId);

const litSteps = (made: Page) => made.locator('[aria-label="Order progress"] li[data-lit="true"]').count();
const workersMade = (made: Page) => made.evaluate(() => (window as unknown as { workersMade: number }).workersMade);

test(
  'a prerendered /thank-you draws the receipt while the payment is captured, and starts its show when opened',
  ONE_WINDOW,
  async ({ page }) => {
    const made = await thankYouMadeAhead(page);
    const orderId = await payFromTheDrawer(page);
    // Drawn while hidden: the receipt of the order paid, its first step lit and nothing moving yet.
    await expect(made.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeAttached();
    await expect(made.getByText(orderId)).toBeAttached();
    await made.clock.runFor(5000);
    expect(await litSteps(made)).toBe(1);
    expect(await workersMade(made)).toBe(0);
    // Opened: the task that shows it has the kept receipt, which reads as the one drawn.
    const first = await showWithOrder(made, orderId);
    expect(first).toContain(`Order number ${orderId}`);
    expect(first).toContain('Paid');
    await expect.poll(() => workersMade(made)).toBe(1);
    await made.clock.runFor(800);
    expect(await litSteps(made)).toBe(2);
  },
);

test(
  'a prerendered /thank-you shows the receipt kept, not the one drawn, when they differ',
  ONE_WINDOW,
  async ({ page }) => {
    // The capture answers that the payment is under review: drawn as paid, kept as under review.
    await useScenario(page, 'capture-status:PENDING');
    const made = await thankYouMadeAhead(page);
    const orderId = await payFromTheDrawer(page);
    await expect(made.getByText(orderId)).toBeAttached();
    await expect(made.getByText('is reviewing your payment')).toHaveCount(0);
    const first = await showWithOrder(made, orderId);
    expect(first).toContain('PayPal is reviewing your payment');
    expect(first).toContain('Payment under review');
  },
);
