// A shop built from hostile or broken catalogue data (tests/fixtures/hostile-catalog.json): markup in names,
// a description full of scripts, a sale price above the regular price, every variant sold out, pictures
// missing or failing. The page must build, render, run nothing injected and stay usable.
import { expect, test } from './shop.support.ts';

test('renders hostile data as text and runs none of it', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Cam <script>window.__pwned='name'</script> & "Friends"`,
  );
  await expect(page).toHaveTitle(`Hostile </title><script>window.__pwned='title'</script>`);
  await expect(page.getByText('Readable text survives.')).toBeVisible();
  const prose = page.locator('.prose-shop');
  await expect(prose.locator('script, iframe, img, svg, [onclick], [onerror], [style]')).toHaveCount(0);
  await expect(prose.getByRole('heading', { level: 2, name: 'Heading one' })).toBeVisible();
  await expect(prose.getByText('click')).not.toHaveAttribute('href', /javascript:/);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  expect(errors).toEqual([]);
});

test('everything sold out: the notices show and nothing can be bought', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('All options are currently out of stock')).toBeVisible();
  await expect(page.getByText('(Out of stock - showing for reference)')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Sold Out One/ })).toBeChecked();
  await expect(page.locator('#main-add-button')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  // A "sale" whose regular price is below the price is not shown as a sale.
  await expect(page.getByTestId('price')).toHaveText('$10.00');
});

test('an out-of-stock variant named in the URL is shown for reference', async ({ page }) => {
  await page.goto('/?variant=sold-out-two');
  await expect(page.getByRole('radio', { name: 'Sold Out Two' })).toBeChecked();
  await expect(page.getByText('All options are currently out of stock')).toBeVisible();
  await expect(page.getByText('(Out of stock - showing for reference)')).toBeVisible();
});

test('missing and failing pictures leave a working gallery', async ({ page }) => {
  await page.goto('/?variant=sold-out-two');
  await expect(page.getByText('No image available')).toBeVisible();
  await page.goto('/?variant=broken-pictures');
  await expect(page.getByText('Image failed to load')).toBeVisible();
  await expect(page.getByTestId('gallery-counter')).toHaveText('1 / 1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
