// The product page as a shopper meets it: static content, variant choice in the URL, stock rules, quantity,
// Add to Cart timing, Buy Now, share, gallery, reviews and the deal countdown.
import type { Page } from '@playwright/test';
import { countdownWheels } from '../../src/features/deal/countdown.ts';
import { READ_COUNTDOWN_FACE } from '../countdown-face.ts';
import { ONE_WINDOW, PRODUCT, demoEvents, expect, test, useSession } from './shop.support.ts';

/** The parts of the product API's answer and the page's structured data that these tests read. */
interface LiveProduct {
  variants: { id: string; stock: number }[];
}
interface ProductLd {
  '@type': string;
  aggregateRating: unknown;
  variesBy: string[];
  hasVariant: { url: string; offers: { url: string } }[];
}

/** Clicks a colour option of the variant picker (the description's table names the variants too). */
const pick = (page: Page, name: string) =>
  page.getByRole('radiogroup', { name: 'Color' }).getByText(name, { exact: true }).click();

/** Stops the page's clock (Playwright's clock otherwise keeps flowing in real time) so tests step it exactly. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(Date.now() + 1000);
}

/**
 * Answers the run-time product refresh with other stock than the build had (variant id → stock). The answer waits
 * for `release`, when given, so a test can act before the new figures land.
 */
async function liveStock(page: Page, stock: Record<string, number>, release?: Promise<void>): Promise<void> {
  await page.route('**/api/v1/stores/*/products/*', async (route) => {
    const response = await route.fetch();
    const product = (await response.json()) as LiveProduct;
    for (const v of product.variants) v.stock = stock[v.id] ?? v.stock;
    await release;
    await route.fulfill({ response, json: product });
  });
}

test.describe('static page', () => {
  test('is fully readable without JavaScript', ONE_WINDOW, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
    await expect(page.getByTestId('price')).toContainText('$79.99');
    await expect(page.getByTestId('price')).toContainText('$99.99');
    await expect(page.getByTestId('price')).toContainText('Save 20%');
    await expect(page.getByRole('img', { name: /Arctic White, picture 1 of 3/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'About this camera' })).toBeVisible();
    await expect(page.locator('.prose-shop table')).toBeVisible();
    await expect(page.getByText('Based on 2,847 reviews')).toBeVisible();
    await context.close();
  });

  test(
    'carries SEO metadata, and structured data with a product and an offer per variant',
    ONE_WINDOW,
    async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveTitle(/Haven Cam 360/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{60,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http.*\.jpe?g$/);
      await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      const ld = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
      ) as ProductLd;
      expect(ld['@type']).toBe('ProductGroup');
      expect(ld.variesBy).toEqual(['https://schema.org/color']);
      // The demo backend has no reviews: its sample reviews stay on the page, never a rating in structured data.
      expect(ld).not.toHaveProperty('aggregateRating');
      expect(ld.hasVariant).toHaveLength(4);
      expect(ld.hasVariant[2]).toMatchObject({
        '@type': 'Product',
        color: 'Sage Green',
        sku: expect.any(String),
        offers: { price: '89.99', priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock' },
      });
      expect(ld.hasVariant[0]?.url).toMatch(/\?variant=arctic-white$/);
      expect(ld.hasVariant[0]?.offers.url).toMatch(/\?variant=arctic-white$/);
      await expect(page.locator('meta[name="twitter:image:alt"]')).toHaveAttribute('content', /Haven Cam 360/);
      const hero = page.getByTestId('gallery-main-image');
      await expect(hero).toHaveAttribute('srcset', /360w.*1280w/);
      await expect(page.locator('picture source[type="image/avif"]')).toHaveAttribute('srcset', /\.avif 360w.*1280w/);
      await expect(page.locator('link[rel="preload"][as="image"]')).toHaveAttribute('type', 'image/avif');
      await expect(hero).toHaveAttribute('fetchpriority', 'high');
      await expect(hero).toHaveAttribute('width', /\d+/);
    },
  );

  test('sanitises the description', ONE_WINDOW, async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.prose-shop script, .prose-shop [onerror], .prose-shop iframe')).toHaveCount(0);
  });
});

test.describe('variant choice', () => {
  test('starts on the cheapest available variant and names it in the URL', ONE_WINDOW, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('radio', { name: 'Arctic White' })).toBeChecked();
    await expect(page).toHaveURL(/\?variant=arctic-white$/);
    await expect(page.getByTestId('stock-notices')).toHaveCount(0);
  });

  test('updates ?variant= in place, without history entries', ONE_WINDOW, async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/variant=arctic-white/);
    const before = await page.evaluate(() => history.length);
    await pick(page, 'Midnight Black');
    await expect(page).toHaveURL(/\?variant=midnight-black$/);
    await pick(page, 'Outdoor Pro Graphite');
    await expect(page).toHaveURL(/\?variant=outdoor-pro-graphite$/);
    expect(await page.evaluate(() => history.length)).toBe(before);
    await expect(page.getByTestId('price')).toContainText('$129.99');
  });

  test('takes the variant from the URL and shows Only n left for low stock', ONE_WINDOW, async ({ page }) => {
    await page.goto('/?variant=midnight-black');
    await expect(page.getByRole('radio', { name: 'Midnight Black' })).toBeChecked();
    await expect(page.getByTestId('stock-status')).toHaveText('Only 3 left');
    await expect(page.getByTestId('price')).toContainText('$84.99');
    await expect(page.getByTestId('gallery-main-image')).toHaveAttribute('alt', /Midnight Black, picture 1 of 3/);
    await expect(page.getByTestId('gallery-main-image')).toHaveAttribute('src', /midnight-black-1/);
  });

  test('an out-of-stock variant from the URL is shown for reference and cannot be bought', async ({
    page,
    isPhone,
  }) => {
    await page.goto('/?variant=sage-green');
    await expect(page.getByText('Selected option from URL is out of stock')).toBeVisible();
    await expect(page.getByText('(Out of stock - showing for reference)')).toBeVisible();
    await expect(page.locator('#main-add-button')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    // On a phone the main button starts below the first screen, so the sticky bar offers the same add.
    const quickAdd = page.getByRole('region', { name: 'Quick add' }).getByRole('button', { name: 'Add to Cart' });
    if (isPhone) await expect(quickAdd).toBeDisabled();
    await pick(page, 'Arctic White');
    await expect(page.getByTestId('stock-notices')).toHaveCount(0);
    await expect(page.locator('#main-add-button')).toBeEnabled();
  });

  test('a URL naming nothing falls back to the default without complaint', ONE_WINDOW, async ({ page }) => {
    await page.goto('/?variant=%3Cscript%3Ealert(1)%3C%2Fscript%3E&utm_source=mail');
    await expect(page.getByRole('radio', { name: 'Arctic White' })).toBeChecked();
    await expect(page).toHaveURL(/\?variant=arctic-white&utm_source=mail$/);
    await expect(page.getByTestId('stock-notices')).toHaveCount(0);
  });

  test(
    'starts again from live stock until the shopper picks: the URL choice, its notices',
    ONE_WINDOW,
    async ({ page }) => {
      await liveStock(page, { var_sage_green: 5, var_arctic_white: 0 });
      await page.goto('/?variant=sage-green');
      await expect(page.getByText('Selected option from URL is out of stock')).toBeVisible();
      await expect(page.locator('#main-add-button')).toBeDisabled();
      await page.mouse.wheel(0, 40); // the first interaction refreshes stock and prices
      await expect(page.getByTestId('stock-notices')).toHaveCount(0);
      await expect(page.getByRole('radio', { name: 'Sage Green' })).toBeChecked();
      await expect(page.getByTestId('stock-status')).toHaveText('Only 5 left');
      await expect(page.locator('#main-add-button')).toBeEnabled();
      await expect(page).toHaveURL(/\?variant=sage-green$/);
    },
  );

  test(
    'starts again from live stock until the shopper picks: the default moves to the cheapest available',
    ONE_WINDOW,
    async ({ page }) => {
      await liveStock(page, { var_sage_green: 5, var_arctic_white: 0 });
      await page.goto('/');
      await expect(page.getByRole('radio', { name: 'Arctic White' })).toBeChecked();
      await page.keyboard.press('Shift');
      await expect(page.getByRole('radio', { name: 'Midnight Black' })).toBeChecked();
      await expect(page).toHaveURL(/\?variant=midnight-black$/);
      await expect(page.getByTestId('price')).toContainText('$84.99');
      await expect(page.getByRole('radio', { name: 'Arctic White' })).toBeDisabled();
      await expect(page.getByTestId('stock-notices')).toHaveCount(0);
      await expect(page.locator('#main-add-button')).toBeEnabled();
    },
  );

  test(
    'after a pick, live stock keeps the choice and may only add that all options are out',
    ONE_WINDOW,
    async ({ page }) => {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await liveStock(
        page,
        { var_arctic_white: 0, var_midnight_black: 0, var_sage_green: 0, var_outdoor_pro_graphite: 0 },
        released,
      );
      await page.goto('/');
      await pick(page, 'Outdoor Pro Graphite'); // also the first interaction: the refresh is under way
      await expect(page.getByRole('radio', { name: 'Outdoor Pro Graphite' })).toBeChecked();
      release();
      await expect(page.getByTestId('stock-notices').getByRole('listitem')).toHaveText([
        'All options are currently out of stock',
      ]);
      await expect(page.getByRole('radio', { name: 'Outdoor Pro Graphite' })).toBeChecked();
      await expect(page).toHaveURL(/\?variant=outdoor-pro-graphite$/);
      await expect(page.getByTestId('stock-status')).toHaveText('Out of stock');
      await expect(page.locator('#main-add-button')).toBeDisabled();
    },
  );

  test(
    'an unavailable option carries its reason for screen readers, and no native tooltip under the pointer',
    ONE_WINDOW,
    async ({ page }) => {
      await page.goto('/');
      const sage = page.getByRole('radio', { name: 'Sage Green' });
      await expect(sage).toBeDisabled();
      await expect(sage).toHaveAttribute('title', 'This option is currently out of stock (0 available)');
      await expect(sage).toHaveAccessibleDescription('This option is currently out of stock (0 available)');
      await expect(page.locator('label', { has: sage })).toContainText('Sold out');
      // Whatever the pointer rests on inside the option has no title to show beside the custom tooltip.
      const option = page.locator('label', { has: sage });
      await option.scrollIntoViewIfNeeded();
      const box = (await option.boundingBox())!;
      const titled = await page.evaluate(
        ([x, y]) => {
          const hit = document.elementFromPoint(x!, y!);
          return hit ? `${hit.tagName} ${hit.closest('[title]')?.getAttribute('title') ?? ''}`.trim() : 'nothing';
        },
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(titled).toMatch(/^(LABEL|SPAN)$/);
    },
  );

  test('unavailable options are disabled, titled, and explained by a delayed tooltip', async ({ page, isPhone }) => {
    test.skip(isPhone, 'hover tooltips are a pointer-device feature');
    await page.clock.install();
    await page.goto('/');
    await pauseClock(page);
    const sage = page.getByRole('radio', { name: 'Sage Green' });
    await expect(sage).toBeDisabled();
    const label = page.locator('label', { has: sage });
    await expect(sage).toHaveAttribute('title', 'This option is currently out of stock (0 available)');
    const tooltip = page.getByRole('tooltip', { name: 'This option is currently out of stock (0 available)' });
    await label.hover();
    await page.clock.runFor(650);
    await expect(tooltip).toBeHidden();
    await page.clock.runFor(100);
    await expect(tooltip).toBeVisible();
    // Leaving and coming back within the 300 ms skip delay opens it at once.
    await page.mouse.move(0, 0);
    await expect(tooltip).toBeHidden();
    await page.clock.runFor(100);
    await label.hover();
    await page.clock.runFor(10);
    await expect(tooltip).toBeVisible();
  });
});

test.describe('quantity and adding', () => {
  test('quantity cannot go below 1', ONE_WINDOW, async ({ page }) => {
    await page.goto('/');
    const qty = page.getByRole('spinbutton', { name: 'Quantity' }).first();
    await expect(qty).toHaveValue('1');
    await expect(page.getByRole('button', { name: 'Decrease quantity' }).first()).toBeDisabled();
    await qty.fill('0');
    await qty.blur();
    await expect(qty).toHaveValue('1');
    await page.getByRole('button', { name: 'Increase quantity' }).first().click();
    await expect(qty).toHaveValue('2');
  });

  test('Add to Cart waits 800 ms, then the drawer opens about 200 ms later', ONE_WINDOW, async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await pauseClock(page);
    const add = page.locator('#main-add-button');
    await expect(add).toHaveText('Add to Cart');
    await add.click();
    await expect(add).toHaveText('Adding...');
    // The line is in the cart (badge) before the simulated delay starts.
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await page.clock.runFor(700);
    await expect(add).toHaveText('Adding...');
    await page.clock.runFor(150);
    await expect(add).toHaveText('Added to Cart');
    await expect(page.getByRole('dialog', { name: /Your cart/ })).toBeHidden();
    await page.clock.runFor(250);
    const drawer = page.getByRole('dialog', { name: /Your cart/ });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText(PRODUCT.name)).toBeVisible();
    await expect(drawer.getByText('Arctic White · One Size')).toBeVisible();
    await expect(drawer.getByText('Add $20.02 more for free shipping!')).toBeVisible();
    await expect(drawer.locator('dl')).toContainText('Subtotal$79.99');
    await expect(drawer.locator('dl')).toContainText('Shipping$9.99');
    await expect(drawer.locator('dl')).toContainText('Tax (8%)$6.40');
    await expect(drawer.locator('dl')).toContainText('Total$96.38');
  });

  test(
    'keyboard focus stays on Add to Cart while adding, and returns to it when the drawer closes',
    ONE_WINDOW,
    async ({ page }) => {
      await page.clock.install();
      await page.goto('/');
      await pauseClock(page);
      const add = page.locator('#main-add-button');
      await add.focus();
      await page.keyboard.press('Enter');
      await expect(add).toHaveText('Adding...');
      await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
      await expect(add).toBeFocused();
      await expect(add).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveAttribute('aria-disabled', 'true');
      await page.keyboard.press('Enter'); // blocked while adding
      await page.clock.runFor(700);
      await expect(add).toBeFocused();
      const drawer = page.getByRole('dialog', { name: /Your cart/ });
      // The add's code loads at the first key press and may still be arriving: the clock moves on until the drawer
      // has opened and taken focus, rather than by a fixed step that could pass before the add scheduled anything.
      await expect(async () => {
        await page.clock.runFor(100);
        await expect(page.getByRole('button', { name: 'Close cart' })).toBeFocused({ timeout: 100 });
      }).toPass({ intervals: [0] });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByText('Arctic White · One Size')).toBeVisible();
      await expect(drawer.getByRole('group', { name: /Quantity of/ })).toContainText('1');
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(add).toBeFocused();
      await expect(add).toHaveText('Added to Cart');
      await expect(add).toHaveAttribute('aria-disabled', 'false');
    },
  );

  test('refuses more than the stock with a destructive toast', ONE_WINDOW, async ({ page }) => {
    await page.goto('/?variant=midnight-black');
    await page.getByRole('spinbutton', { name: 'Quantity' }).first().fill('3');
    await page.locator('#main-add-button').click();
    await expect(page.getByRole('dialog', { name: /Your cart/ })).toBeVisible();
    await page.getByRole('button', { name: 'Close cart' }).click();
    await page.getByRole('spinbutton', { name: 'Quantity' }).first().fill('1');
    await page.locator('#main-add-button').click();
    const alert = page.locator('#toasts-urgent');
    await expect(alert).toContainText('Cannot add more items');
    await expect(alert).toContainText('Maximum quantity of 3 reached for this item.');
    await expect(page.getByRole('button', { name: 'Cart, 3 items' })).toBeVisible();
  });

  test('Buy Now adds the selection and goes to checkout', ONE_WINDOW, async ({ page }) => {
    await page.goto('/?variant=outdoor-pro-graphite');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const stored = await page.evaluate((key) => localStorage.getItem(key), PRODUCT.cartKey);
    expect((JSON.parse(stored ?? '{}') as { items?: unknown }).items).toMatchObject([
      { variantId: 'var_outdoor_pro_graphite', quantity: 1, price: 12999 },
    ]);
  });

  test(
    'records PRODUCT_VIEW for the page view, not again on interaction, and ADD_TO_CART on add',
    ONE_WINDOW,
    async ({ page, request }) => {
      const session = await useSession(page);
      const events = async () =>
        (await demoEvents(request, session)).map(({ event, productId, value }) => ({ event, productId, value }));
      await page.goto('/?variant=midnight-black');
      await expect(page.getByRole('radio', { name: 'Midnight Black' })).toBeChecked();
      await expect.poll(events).toEqual([{ event: 'PRODUCT_VIEW', productId: PRODUCT.id, value: 84.99 }]);
      await page.mouse.wheel(0, 200);
      await page.locator('#main-add-button').click();
      await expect.poll(events).toEqual([
        { event: 'PRODUCT_VIEW', productId: PRODUCT.id, value: 84.99 },
        { event: 'ADD_TO_CART', productId: PRODUCT.id, value: 84.99 },
      ]);
    },
  );

  test('a failing analytics call does not stop adding', ONE_WINDOW, async ({ page }) => {
    await page.route('**/api/v1/analytics/track**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/');
    await page.locator('#main-add-button').click();
    await expect(page.getByRole('dialog', { name: /Your cart/ })).toBeVisible();
  });

  test('a variant that sold out since the build is not added: a toast says so', ONE_WINDOW, async ({ page }) => {
    let release!: () => void;
    await liveStock(page, { var_arctic_white: 0 }, new Promise<void>((resolve) => (release = resolve)));
    // An add waits at most a second of the page's clock for current figures: stopped, however slowly the refresh
    // lands, it lands in time.
    await page.clock.install();
    await page.goto('/?variant=arctic-white');
    await pauseClock(page);
    await page.locator('#main-add-button').click();
    release();
    await expect(page.locator('#toasts-urgent')).toContainText(`${PRODUCT.name} in Arctic White has just sold out.`);
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  });

  test('never adds more than the current stock, refreshed after load', ONE_WINDOW, async ({ page }) => {
    await page.route('**/api/v1/stores/*/products/*', async (route) => {
      const response = await route.fetch();
      const product = (await response.json()) as LiveProduct;
      for (const v of product.variants) if (v.id === 'var_arctic_white') v.stock = 1;
      await route.fulfill({ response, json: product });
    });
    // As above: the refresh lands within the add's wait however slowly, with the page's clock stopped.
    await page.clock.install();
    await page.goto('/');
    await pauseClock(page);
    await page.getByRole('spinbutton', { name: 'Quantity' }).first().fill('2');
    await page.locator('#main-add-button').click();
    await expect(page.locator('#toasts-urgent')).toContainText('Maximum quantity of 1 reached for this item.');
  });
});

test.describe('share', () => {
  test('copies a link with the selected variant and confirms for 1.5 s', ONE_WINDOW, async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await page.goto('/?variant=midnight-black');
    await pauseClock(page);
    await expect(page).toHaveURL(/variant=midnight-black/);
    await page.getByRole('button', { name: 'Share' }).click();
    const status = page.getByText('Link with selected variant copied!');
    await expect(status).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/\?variant=midnight-black$/);
    await page.clock.runFor(1400);
    await expect(status).toBeVisible();
    await page.clock.runFor(200);
    await expect(status).toBeHidden();
  });

  test('a link that cannot be copied is shown in a toast, to copy by hand', ONE_WINDOW, async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      }),
    );
    await page.goto('/?variant=midnight-black');
    await page.getByRole('button', { name: 'Share' }).click();
    const urgent = page.locator('#toasts-urgent');
    await expect(urgent).toContainText('Could not copy the link');
    await expect(urgent).toContainText(/\/\?variant=midnight-black/);
    await expect(page.getByText('Link with selected variant copied!')).toBeHidden();
  });
});

test.describe('gallery', () => {
  test('previous and next wrap around, with a counter', async ({ page }) => {
    await page.goto('/');
    const counter = page.getByTestId('gallery-counter');
    await expect(counter).toHaveText('1 / 3');
    await page.getByRole('button', { name: 'Previous image' }).click();
    await expect(counter).toHaveText('3 / 3');
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(counter).toHaveText('1 / 3');
    await expect(page.getByTestId('gallery-main-image')).toHaveAttribute('alt', /picture 1 of 3/);
  });

  test('the opening picture decodes with the first frame, the ones a tap brings off the frame that answers it', async ({
    page,
  }) => {
    await page.goto('/');
    const main = page.getByTestId('gallery-main-image');
    // The largest paint of the page: an asynchronous decode would paint it a frame after the rest.
    await expect(main).not.toHaveAttribute('decoding', /./);
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(main).toHaveAttribute('alt', /picture 2 of 3/);
    await expect(main).toHaveAttribute('decoding', 'async');
  });

  test('thumbnails on wide screens, dots on small ones', async ({ page, isPhone }) => {
    await page.goto('/');
    const choosers = page.getByRole('list', { name: 'Choose an image' });
    await choosers.getByRole('button', { name: 'Show image 3 of 3' }).click();
    await expect(page.getByTestId('gallery-counter')).toHaveText('3 / 3');
    await expect(choosers.getByRole('button', { name: 'Show image 3 of 3' })).toHaveAttribute('aria-current', 'true');
    const thumbnails = choosers.locator('img');
    await expect(thumbnails).toHaveCount(3);
    if (isPhone) await expect(thumbnails.first()).toBeHidden();
    else await expect(thumbnails.first()).toBeVisible();
  });

  test('follows the chosen variant', ONE_WINDOW, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Next image' }).click();
    await pick(page, 'Outdoor Pro Graphite');
    await expect(page.getByTestId('gallery-counter')).toHaveText('1 / 3');
    await expect(page.getByTestId('gallery-main-image')).toHaveAttribute('alt', /Outdoor Pro Graphite, picture 1/);
  });

  test(
    'the frame that answers a pick shows the picker, the pictures follow in a later one',
    ONE_WINDOW,
    async ({ page }) => {
      await page.goto('/?variant=arctic-white');
      // Read at the first frame after the pick's click: the picker has answered (its legend is React's), the
      // gallery still shows the old pictures.
      await page.evaluate(() => {
        const w = window as unknown as { atFirstFrame?: { color?: string | null; picture?: string } };
        addEventListener(
          'click',
          () =>
            requestAnimationFrame(() => {
              const picker = document.querySelector('[role="radiogroup"][aria-label="Color"]')?.closest('fieldset');
              const image = document.querySelector<HTMLImageElement>('[data-testid="gallery-main-image"]');
              w.atFirstFrame = { color: picker?.querySelector('legend')?.textContent, picture: image?.alt };
            }),
          { capture: true, once: true },
        );
      });
      await pick(page, 'Outdoor Pro Graphite');
      await expect(page.getByTestId('gallery-main-image')).toHaveAttribute('alt', /Outdoor Pro Graphite, picture 1/);
      const atFirstFrame = await page.evaluate(() => (window as unknown as { atFirstFrame: unknown }).atFirstFrame);
      expect(atFirstFrame).toEqual({
        color: 'Color: Outdoor Pro Graphite',
        picture: expect.stringMatching(/Arctic White/),
      });
    },
  );

  test('zooms by button and by click', async ({ page }) => {
    await page.goto('/');
    const zoom = page.getByRole('button', { name: 'Zoom in' });
    await zoom.click();
    await expect(page.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('gallery-main-image').click();
    await expect(page.getByRole('button', { name: 'Zoom in' })).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('gallery-main-image').click();
    await expect(page.getByTestId('gallery-main-image')).toHaveClass(/scale-/);
  });

  test('a swipe of more than 50 px changes the image, a shorter one does not', async ({ page }) => {
    await page.goto('/');
    const img = page.getByTestId('gallery-main-image');
    await expect(page.getByTestId('gallery-counter')).toHaveText('1 / 3');
    const box = (await img.boundingBox())!;
    const y = box.y + box.height / 2;
    const swipe = async (from: number, to: number) => {
      await img.dispatchEvent('pointerdown', { clientX: from, clientY: y, pointerId: 1, isPrimary: true });
      await img.dispatchEvent('pointerup', { clientX: to, clientY: y, pointerId: 1, isPrimary: true });
    };
    await swipe(box.x + 200, box.x + 160);
    await expect(page.getByTestId('gallery-counter')).toHaveText('1 / 3');
    await swipe(box.x + 200, box.x + 120);
    await expect(page.getByTestId('gallery-counter')).toHaveText('2 / 3');
    await swipe(box.x + 100, box.x + 200);
    await expect(page.getByTestId('gallery-counter')).toHaveText('1 / 3');
  });

  test('shows a fallback when an image fails to load', ONE_WINDOW, async ({ page }) => {
    await page.route(/\/_astro\/.*\.(webp|avif)/, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByText('Image failed to load').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#main-add-button')).toBeEnabled();
  });
});

test.describe('reviews and deal', () => {
  test('shows the review summary and thanks for a review without sending it', ONE_WINDOW, async ({ page }) => {
    await page.goto('/');
    const summary = page.locator('#reviews');
    await expect(summary).toContainText('4.8');
    await expect(summary).toContainText('Based on 2,847 reviews');
    const distribution = page.getByRole('list', { name: 'Rating distribution' });
    for (const [stars, pct] of [
      ['5 stars', '68%'],
      ['4 stars', '22%'],
      ['3 stars', '7%'],
      ['2 stars', '2%'],
      ['1 star', '1%'],
    ]) {
      await expect(distribution.getByRole('listitem').filter({ hasText: stars! })).toContainText(pct!);
    }
    const form = page.getByRole('form', { name: 'Write a review' });
    await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
    // Browser-level validation: nothing happens with empty required fields.
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect(page.getByText('Thank you for your review!')).toBeHidden();
    await page.clock.install();
    await pauseClock(page);
    await form.getByLabel('Name').fill('Sam');
    await form.getByLabel('Title').fill('Great');
    await form.getByLabel('Review').fill('Works well.');
    await form.getByText('4 stars').click({ force: true });
    // The page may still be fetching (product refresh, PRODUCT_VIEW, the wallet SDK): none of that may carry the
    // review, and nothing else may be sent.
    const requests: string[] = [];
    page.on('request', (r) => {
      const text = `${r.method()} ${r.url()} ${r.postData() ?? ''}`;
      if ((r.method() !== 'GET' && !r.url().includes('/analytics/track')) || /review|Works well|Sam\b/i.test(text))
        requests.push(text);
    });
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect(page.getByText('Thank you for your review!')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await page.clock.runFor(2100);
    await expect(page.getByText('Thank you for your review!')).toBeHidden();
    expect(requests).toEqual([]);
  });

  test(
    'without JavaScript, submitting a review neither leaves the page nor sends the review',
    ONE_WINDOW,
    async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/');
      const url = page.url();
      const sent: string[] = [];
      page.on('request', (r) => sent.push(`${r.method()} ${r.url()}`));
      const form = page.getByRole('form', { name: 'Write a review' });
      await form.getByLabel('Name').fill('Sam');
      await form.getByLabel('Title').fill('Great');
      await form.getByLabel('Review').fill('Works well.');
      // A click waits for any navigation it starts: the URL below would already be the submitted one.
      await form.getByRole('button', { name: 'Submit review' }).click();
      await form.getByLabel('Name').press('Enter'); // implicit submission
      expect(page.url()).toBe(url);
      await expect(form.getByLabel('Name')).toHaveValue('Sam');
      expect(sent).toEqual([]);
      await context.close();
    },
  );

  test('the countdown face shows the time left and turns every tick', ONE_WINDOW, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('deal-banner').getByRole('timer')).toHaveText(/^59:/);
    const read = () =>
      page.evaluate<{ face: string; now: number }>(`({ face: ${READ_COUNTDOWN_FACE}, now: performance.now() })`);
    const msOf = (face: string) => {
      const [, m, s, c] = /^(\d\d):(\d\d)\.(\d\d)$/.exec(face) ?? [];
      return Number(m) * 60_000 + Number(s) * 1000 + Number(c) * 10;
    };
    // The face follows the document's frames: within a tick and a few frames of the page's own clock.
    await expect
      .poll(async () => {
        const { face, now } = await read();
        return Math.abs(msOf(face) - (60 * 60 * 1000 - now));
      })
      .toBeLessThan(150);
    const faces = new Set<string>();
    await expect.poll(async () => faces.add((await read()).face).size).toBeGreaterThanOrEqual(6);
    expect([...faces].every((face) => /^59:\d\d\.\d\d$/.test(face))).toBe(true);
    // Every label of each wheel, as lines of one text: an element per label (some 220) would be styled and laid out
    // one by one in the frame after the banner hydrates, wherever that lands.
    const strips = await page.getByTestId('countdown-face').evaluate((face) =>
      [...face.children].map((wheel) => {
        const strip = wheel.lastElementChild?.firstElementChild;
        return { elements: strip?.children.length, lines: strip?.textContent?.split('\n') };
      }),
    );
    expect(strips).toEqual(countdownWheels().map(({ labels }) => ({ elements: 0, lines: labels })));
  });

  test('the countdown runs one hour from load and shakes in the last ten seconds', ONE_WINDOW, async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await pauseClock(page);
    const banner = page.getByTestId('deal-banner');
    await expect(banner.getByRole('timer')).toHaveText(/^59:5\d\.\d\d$/);
    const left = await page.evaluate(() => 60 * 60 * 1000 - performance.now());
    await page.clock.fastForward(Math.floor(left - 11_000));
    await expect(banner.getByRole('timer')).toHaveText(/^00:1[01]\.\d\d$/);
    await expect(banner).not.toHaveAttribute('data-shaking');
    await page.clock.runFor(2_000);
    await expect(banner).toHaveAttribute('data-shaking', 'true');
    await expect(banner).toHaveClass(/motion-safe:animate-shake/);
    await page.clock.runFor(10_000);
    await expect(banner).toHaveText('This deal has ended.');
  });

  test('no shaking for shoppers who prefer reduced motion', ONE_WINDOW, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await pauseClock(page);
    await page.clock.fastForward(60 * 60 * 1000 - 5_000 - Math.ceil(await page.evaluate(() => performance.now())));
    const banner = page.getByTestId('deal-banner');
    await expect(banner).toHaveAttribute('data-shaking', 'true');
    expect(await banner.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });
});

test.describe('page state', () => {
  test('restores the scroll position from session storage on reload', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 1200));
    // Kept as the page is left, not while it is scrolled: two frames on, nothing is written yet.
    const written = await page.evaluate(
      () =>
        new Promise((done) =>
          requestAnimationFrame(() => requestAnimationFrame(() => done(sessionStorage.getItem('haven-scroll:/')))),
        ),
    );
    expect(written).toBeNull();
    await page.reload();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);
  });

  test('a reload far down the page shows the same content, though blocks below the fold render lazily', async ({
    page,
  }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { name: 'Customer reviews' });
    await heading.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const top = () => heading.evaluate((el) => Math.round(el.getBoundingClientRect().top));
    const before = await top();
    const y = await page.evaluate(() => Math.round(window.scrollY));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
    expect(Math.abs((await top()) - before)).toBeLessThanOrEqual(2);
    await expect(heading).toBeInViewport();
  });

  test('shows a sticky Add bar whenever the main button is out of view, above or below', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'Quick add' });
    await page.locator('#main-add-button').scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    await expect(bar).toBeVisible();
    await bar.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: /Your cart/ })).toBeVisible();
    await page.getByRole('button', { name: 'Close cart' }).click();
    // Focus goes back to the button that opened the drawer, in the bar.
    await expect(bar.getByRole('button', { name: 'Added to Cart' })).toBeFocused();
    await page.locator('#main-add-button').scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
  });

  test('hides the sticky bar while any of the main button shows, even at the very bottom of the screen', async ({
    page,
  }) => {
    await page.goto('/');
    const main = page.locator('#main-add-button');
    const top = await main.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    // A window that ends 10 pixels into the button, at the top of the page as loaded.
    await page.setViewportSize({ width: page.viewportSize()!.width, height: Math.ceil(top) + 10 });
    await page.reload();
    await expect(main).toBeInViewport();
    await expect(page.getByRole('region', { name: 'Quick add' })).toBeHidden();
  });

  for (const viewport of [
    { width: 390, height: 700 },
    { width: 412, height: 915 },
  ]) {
    test(`on a ${viewport.width}x${viewport.height} phone the first screen has a way to add`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const bar = page.getByRole('region', { name: 'Quick add' });
      // The gallery fills the first screen: the main button starts below it, so the bar is there from the start.
      await expect(page.locator('#main-add-button')).not.toBeInViewport();
      await expect(bar).toBeVisible();
      await expect(bar).toBeInViewport({ ratio: 1 });
      await bar.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByRole('dialog', { name: /Your cart/ })).toBeVisible();
    });
  }

  test("while the sticky bar shows, the footer's last line can still be scrolled above it", async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'Quick add' });
    const last = page.getByText('© Haven Home Security. Prices in US dollars.');
    const bottom = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await bottom();
    await expect(bar).toBeVisible();
    // Scrolled to the very end (the page may grow by the bar's room once it shows): the line ends above the bar.
    await expect
      .poll(async () => {
        await bottom();
        const [line, top] = await Promise.all([last.boundingBox(), bar.boundingBox()]);
        return Math.round(top!.y - (line!.y + line!.height));
      })
      .toBeGreaterThanOrEqual(0);
    await page.locator('#main-add-button').scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    // Without the bar, no extra room.
    await expect.poll(() => last.evaluate((el) => getComputedStyle(el.closest('footer')!).paddingBottom)).toBe('0px');
  });
});
