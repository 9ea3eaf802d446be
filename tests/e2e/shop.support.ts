// Shared helpers for the browser tests: demo-backend read-back, scenarios, and a clean cart per test.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { encodeReceipts, paidOrder, RECEIPTS_STORAGE_KEY, type KeptOrder } from '../../src/features/thank-you/index.ts';

export const PRODUCT = {
  id: 'prod_haven_cam_360',
  name: 'Haven Cam 360 — 2K Smart Home Security Camera',
  cartKey: 'haven-cart:v2:haven-cam-360',
} as const;

/** A stored cart line of the demo product, as the cart store writes it; `price` in dollars, as shoppers read it. */
export function cartLine(variantId: string, variantName: string, price: number, quantity: number, maxQuantity: number) {
  return {
    productId: PRODUCT.id,
    variantId,
    name: PRODUCT.name,
    price: Math.round(price * 100),
    variantName,
    size: 'One Size',
    maxQuantity,
    quantity,
  };
}

/**
 * Puts `value` in localStorage under `key` once, before the first page of the test reads it; later pages of the
 * test see what the site left there.
 */
export async function seedStorage(page: Page, key: string, value: string): Promise<void> {
  await page.addInitScript(
    ([k, v]) => {
      const seeded = `seeded ${k}`;
      if (!sessionStorage.getItem(seeded)) {
        localStorage.setItem(k!, v!);
        sessionStorage.setItem(seeded, '1');
      }
    },
    [key, value],
  );
}

/** Puts a cart (lines, or any raw string to test bad data) in storage once (seedStorage). */
export async function seedCart(page: Page, items: readonly unknown[] | string): Promise<void> {
  await seedStorage(page, PRODUCT.cartKey, typeof items === 'string' ? items : JSON.stringify({ version: 2, items }));
}

export { RECEIPTS_STORAGE_KEY as RECEIPTS_KEY } from '../../src/features/thank-you/receipt-storage.ts';

/** An order answer as the wallet flow keeps it when the payment succeeds. */
export function keptFrom(answer: object): KeptOrder {
  const kept = paidOrder(answer, [], new Date());
  if (!kept) throw new Error(`not an order answer: ${JSON.stringify(answer)}`);
  return kept;
}

/**
 * Keeps `order` in this browser once (seedStorage), as the wallet flow does at payment; a raw string is stored as
 * it is, to test bad data.
 */
export async function seedReceipt(page: Page, order: KeptOrder | string): Promise<void> {
  await seedStorage(page, RECEIPTS_STORAGE_KEY, typeof order === 'string' ? order : encodeReceipts([order]));
}

/** A shopper with a token: the page's client exchanges this refresh token with the demo backend for an access token. */
export async function signIn(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('accessToken')) localStorage.setItem('refreshToken', 'e2e-shopper');
  });
}

/**
 * Console errors and uncaught exceptions of the page, except the browser's own network line for an answer the
 * test expects (e.g. the backend's 401 to a shopper without a token): that one is the server's word, not a fault.
 */
export function watchErrors(page: Page, expected: { status: number; url: RegExp }[] = []): () => string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const known = expected.some(
      (e) =>
        text ===
          `Failed to load resource: the server responded with a status of ${e.status} (${STATUS_TEXT[e.status] ?? ''})` &&
        e.url.test(message.location().url),
    );
    if (!known) errors.push(text);
  });
  return () => errors;
}

/** Starts keeping the page's Content-Security-Policy violations; call before goto. Resolves to their reader. */
export async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { violations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

const STATUS_TEXT: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };

export const THANK_YOU_URL = /\/thank-you\?orderId=([^&]+)$/;

/**
 * Waits for the confirmation of a paid order and returns its id. Only once the page has left /checkout, whose
 * summary shows the same total: a test that ended on the way there would close a page still leaving.
 */
export async function paidOrderId(page: Page, timeout?: number): Promise<string> {
  await expect(page).toHaveURL(THANK_YOU_URL, { timeout });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  return decodeURIComponent(THANK_YOU_URL.exec(page.url())![1]!);
}

export interface DemoOrder {
  id: string;
  status: string;
  total: number;
  items: { productId: string; variantId: string; quantity: number }[];
}

export interface TrackedEvent {
  storeId: string;
  event: string;
  value: number;
  productId: string;
  /** The demo-session cookie the event's request carried (useSession). */
  session?: string;
}

export async function demoOrders(request: APIRequestContext): Promise<DemoOrder[]> {
  const res = await request.get('/__demo/orders');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { orders: DemoOrder[] } | DemoOrder[];
  return Array.isArray(body) ? body : body.orders;
}

export interface DemoPayment {
  orderId: string;
  status: string;
  /** Dollars: what was charged. */
  amount: number;
}

/** Every payment the demo backend took. */
export async function demoPayments(request: APIRequestContext): Promise<DemoPayment[]> {
  const res = await request.get('/__demo/orders');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { payments: DemoPayment[] }).payments;
}

/** Every analytics event the demo backend recorded or, given a session (useSession), only that session's. */
export async function demoEvents(request: APIRequestContext, session?: string): Promise<TrackedEvent[]> {
  const res = await request.get('/__demo/analytics', session === undefined ? {} : { params: { session } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { events: TrackedEvent[] } | TrackedEvent[];
  return Array.isArray(body) ? body : body.events;
}

/**
 * Gives this browser context a demo-session cookie of its own, which the demo backend records with each analytics
 * event: `demoEvents(request, session)` then counts this test's events exactly, whatever runs beside it.
 */
export async function useSession(page: Page): Promise<string> {
  const session = `e2e-${randomUUID()}`;
  await page.context().addCookies([{ name: 'demo-session', value: session, domain: '127.0.0.1', path: '/' }]);
  return session;
}

/** Chooses a failure scenario of the demo backend for this browser context (cookie read by the backend). */
export async function useScenario(page: Page, scenario: string): Promise<void> {
  await page.context().addCookies([{ name: 'demo-scenario', value: scenario, domain: '127.0.0.1', path: '/' }]);
}

/**
 * Resolves once every island that hydrates without waiting for the shopper (client:load, client:idle, client:intent) has
 * hydrated: Astro removes the `ssr` attribute then. A click on server-rendered HTML before that is lost.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((island) => {
      const when = island.getAttribute('client');
      return !island.hasAttribute('ssr') || (when !== 'load' && when !== 'idle' && when !== 'intent');
    }),
  );
}

/**
 * Starts summing the page's layout shifts not caused by input (CLS), from the first paint on; call before goto.
 * Resolves to a function that reads the sum so far.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
}

/** axe-core's serious and critical violations on the page as it is now, one line each (none is the goal). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * For a test (or describe) whose subject no window size changes: the server's headers and metadata, the page policy,
 * the backend's answers, the payment's states, what is stored, counted and announced. It runs once, on the desktop
 * window (playwright.config.ts); the phone keeps what size, touch and layout change.
 */
export const ONE_WINDOW = { tag: '@one-window' };

export const test = base.extend<{ isPhone: boolean }>({
  // Navigations wait for hydration, as a shopper would wait for a page that responds.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },
  isPhone: async ({ viewport }, use) => {
    await use((viewport?.width ?? 1280) < 640);
  },
});

export { expect };
