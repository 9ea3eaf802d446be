// Taps before the islands' code has arrived (client:intent, src/browser/hydrate-on-intent.ts): on a slow phone
// the page is readable and the buttons visible a second or more before React takes over. A tap then must do
// what it says once the code is there, not nothing. The island code is held back by the test until the tap has
// been made, so the tap always lands on the server-rendered HTML.
// Plain Playwright `test`, not the fixtures' one: its navigations wait for hydration, which is held back here.
import { test, type Page, type Route } from '@playwright/test';
import { expect } from './shop.support.ts';

/** Holds every request for the app chunk (React, which every island needs) until release() is called. */
async function holdIslandCode(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requestedResolve!: () => void;
  const requested = new Promise<void>((resolve) => (requestedResolve = resolve));
  await page.route(/\/_astro\/app\.[\w-]+\.js$/, async (route: Route) => {
    requestedResolve();
    await released;
    await route.continue();
  });
  return { release, requested };
}

const islandsHydrated = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island[client="intent"]')].every((i) => !i.hasAttribute('ssr')),
  );

const cartDrawer = (page: Page) => page.getByRole('dialog', { name: /Your cart/ });

/** Opens `path` with the island code held back, makes `tap` on the server's HTML, then lets the code arrive. */
async function tapBeforeCode(page: Page, path: string, tap: () => Promise<void>): Promise<void> {
  const code = await holdIslandCode(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await tap();
  await code.requested;
  // Nothing can have happened yet: the code is still held back.
  await expect(cartDrawer(page)).toHaveCount(0);
  code.release();
  await islandsHydrated(page);
}

test('Add to Cart tapped before the page is interactive adds the item once the code arrives', async ({ page }) => {
  await tapBeforeCode(page, '/?variant=arctic-white', async () => {
    const add = page.locator('#main-add-button');
    await expect(add).toHaveText('Add to Cart');
    await add.click();
  });
  await expect(cartDrawer(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 item');
  // Replayed once, not twice.
  const stored = await page.evaluate(() => localStorage.getItem('haven-cart:v2:haven-cam-360'));
  expect((JSON.parse(stored ?? '{}') as { items?: unknown }).items).toEqual([
    expect.objectContaining({ variantId: 'var_arctic_white', quantity: 1 }),
  ]);
});

test("Add to Cart tapped before the page is interactive adds the link's variant, not the page's first", async ({
  page,
}) => {
  await tapBeforeCode(page, '/?variant=outdoor-pro-graphite', () => page.locator('#main-add-button').click());
  await expect(cartDrawer(page)).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('haven-cart:v2:haven-cam-360'));
  expect((JSON.parse(stored ?? '{}') as { items?: unknown }).items).toEqual([
    expect.objectContaining({ variantId: 'var_outdoor_pro_graphite', quantity: 1 }),
  ]);
});

test("the phone's sticky bar adds when tapped before the page is interactive", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await tapBeforeCode(page, '/?variant=arctic-white', async () => {
    const bar = page.getByRole('region', { name: 'Quick add' });
    // Drawn by the page itself: on screen with its quantity while no island code has run.
    await expect(bar).toBeInViewport({ ratio: 1 });
    await expect(bar.getByRole('spinbutton')).toHaveValue('1');
    await bar.getByRole('button', { name: 'Add to Cart' }).click();
  });
  await expect(cartDrawer(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cart, / })).toHaveAccessibleName('Cart, 1 item');
});

test('an option picked before the page is interactive is the one selected afterwards', async ({ page }) => {
  await tapBeforeCode(page, '/?variant=arctic-white', () =>
    page.locator('label.variant-option', { hasText: 'Midnight Black' }).click(),
  );
  await expect(page).toHaveURL(/[?&]variant=midnight-black(&|$)/);
  await expect(page.getByRole('radio', { name: /Midnight Black/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Arctic White/ })).not.toBeChecked();
});

test('the header cart button opens the drawer when tapped early, on a page without product code', async ({ page }) => {
  await tapBeforeCode(page, '/support', () => page.getByRole('button', { name: /^Cart, / }).click());
  await expect(cartDrawer(page)).toBeVisible();
});
