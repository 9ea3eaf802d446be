// A shop served under a path, as a GitHub Pages project site is (SITE_URL http://127.0.0.1:<port>/shop): its pages,
// their links, what they load, the prerender rules, a purchase and the content editor all stay under the path. The
// API and the demo's pictures and wallet stand for services of their own, at the host's root.
import type { Page } from '@playwright/test';
import { basePathURL } from '../../playwright.config.ts';
import { EDITOR_BOOT, EDITOR_BOOT_MS } from '../../scripts/e2e-report.ts';
import { PAGES } from '../../src/lib/pages.ts';
import { expect, paidOrderId, recordViolations, test } from './shop.support.ts';
import { checkoutPayPal, drawer, wallet } from './wallet.support.ts';

const { origin, pathname: BASE } = new URL(basePathURL);
const OTHER_SERVICES = /^\/(api\/v1|demo-images|demo-wallet)\//;

/** The site's own URLs a page requested or answered with an error, outside the path or failing. */
function watchRequests(page: Page): { outside: string[]; failed: string[] } {
  const seen = { outside: [] as string[], failed: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && !url.pathname.startsWith(`${BASE}/`) && !OTHER_SERVICES.test(url.pathname))
      seen.outside.push(url.pathname);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && url.pathname.startsWith(`${BASE}/`) && response.status() >= 400)
      seen.failed.push(`${response.status()} ${url.pathname}`);
  });
  return seen;
}

const rulesOf = async (page: Page, name: string) =>
  JSON.parse((await page.locator(`script[type="speculationrules"][data-prerender="${name}"]`).textContent()) ?? '') as {
    prerender: { urls: string[] }[];
  };

test('every page, each link on it and all it loads stay under the path', async ({ page, request }) => {
  const requests = watchRequests(page);
  const links = new Set<string>();
  for (const { path } of PAGES) {
    const response = await page.goto(`.${path}`);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('banner').getByRole('link', { name: /— home$/ })).toHaveAttribute('href', `${BASE}/`);
    const hrefs = await page
      .locator('a[href], link[href]')
      .evaluateAll((elements) => elements.map((element) => (element as HTMLAnchorElement).href));
    for (const href of hrefs) if (new URL(href).origin === origin) links.add(href.replace(/#.*/, ''));
  }
  expect(requests.outside).toEqual([]);
  expect(requests.failed).toEqual([]);
  const outsideLinks = [...links].filter((link) => !new URL(link).pathname.startsWith(`${BASE}/`));
  expect(outsideLinks).toEqual([]);
  for (const link of links) expect((await request.get(link)).status(), link).toBe(200);
});

test('a purchase under the path: the drawer, the checkout page, the wallet and the thank-you page', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  await page.goto('./?variant=arctic-white');
  await page.locator('#main-add-button').click();
  await expect(drawer(page)).toBeVisible();
  expect((await rulesOf(page, 'checkout')).prerender[0]?.urls).toEqual([`${BASE}/checkout`]);
  await drawer(page).getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(`${basePathURL}/checkout`);
  await (await checkoutPayPal(page)).click();
  await expect(wallet(page)).toBeVisible();
  expect((await rulesOf(page, 'thank-you')).prerender[0]?.urls).toEqual([`${BASE}/thank-you`]);
  await wallet(page).getByRole('button', { name: 'Approve' }).click();
  const orderId = await paidOrderId(page);
  expect(new URL(page.url()).pathname).toBe(`${BASE}/thank-you`);
  await expect(page.getByRole('link', { name: /^Track order/ })).toHaveAttribute(
    'href',
    `${BASE}/order-tracking?orderId=${encodeURIComponent(orderId)}`,
  );
  expect(await violations()).toEqual([]);
});

test("an unknown path under the shop answers with the shop's 404 page, which leads back in", async ({ page }) => {
  const response = await page.goto('./no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  // The page then names its variant in the query.
  await expect(page).toHaveURL((url) => url.pathname === `${BASE}/`);
  await expect(page.locator('#main-add-button')).toBeVisible();
});

test('the content editor starts under the path and reads the texts through its local proxy', async ({ page }) => {
  const started = Date.now();
  await page.goto('./admin/#/collections/support');
  const login = page.getByRole('button', { name: 'Login' });
  const entry = page.getByRole('link', { name: '10 · Contact us' });
  await expect(login.or(entry)).toBeVisible({ timeout: EDITOR_BOOT_MS });
  test.info().annotations.push({ type: EDITOR_BOOT, description: String(Date.now() - started) });
  if (await login.isVisible()) await login.click();
  await expect(entry).toBeVisible();
});
