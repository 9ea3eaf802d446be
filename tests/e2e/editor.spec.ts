// The content editor at /admin, as an editor uses it on a desktop: against its own `npm start` over a copy of
// src/content in the system's temp folder (the repository's text is never touched), it changes a sentence of
// the shipping policy, adds a question to the FAQ, renames the store and changes its shipping and tax figures in its settings and saves; the server rebuilds,
// and the pages show each change, and the demo backend charges by the new figures. An entry the build would refuse is refused in the editor with a message, and no file is written. Against
// the shared server: shop pages never load the editor, and /admin is noindex with a policy of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_CATALOG_PATH } from '@haven/commerce-client/mock/fixtures';
import { baseURL } from '../../playwright.config.ts';
import { EDITOR_BOOT, EDITOR_BOOT_MS } from '../../scripts/e2e-report.ts';
import { paidOrderId } from './shop.support.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// A port of its own per worker, the same from run to run: the build's optimised pictures are cached per image URL,
// port included.
const FIRST_EDITOR_PORT = Number(new URL(baseURL).port) + 2;
let origin = '';

let copy = '';
let server: ChildProcess | undefined;
const repositoryShipping = readFileSync(join(root, 'src/content/policy/shipping.md'), 'utf8');

/**
 * Starts `npm start` on the copy and resolves once the built shop is served. The text is what the editor changes:
 * the small test catalogue keeps each rebuild's pictures few.
 */
function startServer(port: number): Promise<void> {
  origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DEMO_CATALOG: FIXTURE_CATALOG_PATH };
  delete env['SITE_URL'];
  const child = spawn(
    process.execPath,
    ['scripts/start.ts', `--dist=${join(copy, 'dist')}`, `--content-root=${copy}`],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server = child;
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Storefront ready at')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output.slice(-3000)}`)));
  });
}

/** The Markdown files of the copy, with their text: what saving may or may not have changed. */
function contentFiles(): Record<string, string> {
  const dir = join(copy, 'src', 'content');
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (name.endsWith('.md')) files[name] = readFileSync(join(dir, name), 'utf8');
  }
  return files;
}

/** Opens the editor at `route` (after #), signing in to the local proxy (no credentials) unless signed in. */
async function openEditor(page: Page, route: string): Promise<void> {
  const started = Date.now();
  // A page on the editor already changes only its route: nothing starts.
  const starts = !page.url().startsWith(`${origin}/admin/`);
  await page.goto(`${origin}/admin/#${route}`);
  const login = page.getByRole('button', { name: 'Login' });
  await expect(login.or(page.getByRole('link', { name: /Writing in .+ collection/ }))).toBeVisible({
    timeout: EDITOR_BOOT_MS,
  });
  if (starts) test.info().annotations.push({ type: EDITOR_BOOT, description: String(Date.now() - started) });
  if (await login.isVisible()) await login.click();
  await expect(page.getByRole('link', { name: /Writing in .+ collection/ })).toBeVisible();
}

/** Selects `needle` inside the Markdown editor, as a double-click and drag would. */
async function selectText(page: Page, needle: string): Promise<void> {
  const editor = page.locator('[data-slate-editor]');
  await editor
    .getByText(needle, { exact: false })
    .last()
    .evaluate((element, text) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(text);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
        return;
      }
      throw new Error(`"${text}" is not in one piece of text`);
    }, needle);
}

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
}

test.describe('content editor', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    copy = mkdtempSync(join(tmpdir(), 'haven-editor-'));
    cpSync(join(root, 'src', 'content'), join(copy, 'src', 'content'), { recursive: true });
    await startServer(FIRST_EDITOR_PORT + test.info().parallelIndex);
  });

  test.afterAll(async () => {
    const running = server;
    if (running && running.exitCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }
    if (copy) rmSync(copy, { recursive: true, force: true });
    expect(readFileSync(join(root, 'src/content/policy/shipping.md'), 'utf8')).toBe(repositoryShipping);
  });

  test('an editor changes the shipping policy and adds a question; after the rebuild the shop shows both', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await openEditor(page, '/collections/policy/entries/shipping');
    await expect(page.getByLabel('Title')).toHaveValue('Shipping policy');
    // The preview draws the entry with the site's own stylesheet and markup.
    const preview = page.frameLocator('iframe').first();
    await expect(preview.getByRole('heading', { level: 2, name: 'Shipping policy' })).toBeVisible();
    await expect(preview.getByText('Last updated November 1, 2026')).toBeVisible();

    await selectText(page, 'no handling');
    await page.keyboard.type('no handling or packing');
    await expect(preview.getByText(/no handling or packing\s+fees/)).toBeVisible();
    await publish(page);
    await expect(page.getByText('Entry saved')).toBeVisible();
    await expect.poll(() => contentFiles()['policy/shipping.md']).toMatch(/there are no handling or packing\s+fees\./);

    await openEditor(page, '/collections/faq/new');
    await page.getByLabel('Question').fill('Does the camera work without a subscription?');
    await page.getByLabel('Topic').click();
    await page.getByText('Features and privacy', { exact: true }).click();
    await page.getByLabel('Position').fill('90');
    await page.locator('[data-slate-editor]').click();
    await page.keyboard.type('Yes. Live view, motion alerts and local recording need no plan.');
    await publish(page);
    await expect
      .poll(() => contentFiles()['faq/does-the-camera-work-without-a-subscription.md'])
      .toContain('question: Does the camera work without a subscription?');

    // The server rebuilds after each save and keeps serving the previous build meanwhile.
    await test.step('the rebuild', () =>
      expect
        .poll(async () => (await page.request.get(`${origin}/support`)).text(), { timeout: 120_000 })
        .toContain('Does the camera work without a subscription?'));
    await page.goto(`${origin}/policy`);
    await expect(page.locator('#shipping')).toContainText('there are no handling or packing fees.');
    await page.goto(`${origin}/support`);
    const question = page.getByText('Does the camera work without a subscription?');
    await question.click();
    await expect(page.getByText('Yes. Live view, motion alerts and local recording need no plan.')).toBeVisible();
  });

  test('the store settings: a blank name is refused and nothing is written', async ({ page }) => {
    await openEditor(page, '/collections/settings/entries/store');
    await expect(page.getByLabel('Store name')).toHaveValue('Haven');
    // The preview draws the header and the footer as the shop does.
    const preview = page.frameLocator('iframe').first();
    await expect(preview.getByRole('banner')).toContainText('Haven');
    await expect(preview.getByRole('contentinfo')).toContainText('Smart home security that just works.');

    const before = contentFiles();
    await page.getByLabel('Store name').fill('   ');
    await publish(page);
    await expect(page.getByText(/^Store name didn't match the pattern: some text, not only spaces/)).toBeVisible();
    expect(contentFiles()).toEqual(before);
  });

  test("the store settings: a new name, tagline and shop's figures are saved, and after the rebuild every page shows them", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await test.step('the editor saves the settings', async () => {
      await openEditor(page, '/collections/settings/entries/store');
      await page.getByLabel('Store name').fill('Haven & Co');
      await expect(page.getByLabel('Store name')).toHaveValue('Haven & Co');
      await page.getByLabel('Tagline').fill('Cameras for every room, shipped free over $60.');
      await expect(page.frameLocator('iframe').first().getByRole('banner')).toContainText('Haven & Co');
      await page.getByLabel('Free shipping above ($)').fill('60');
      await page.getByLabel('Shipping fee ($)').fill('4.5');
      await page.getByLabel('Tax (%)').fill('10');
      await page.getByLabel('Return window (days)').fill('14');
      await page.getByLabel('Warranty (years)').fill('2');
      await page.getByLabel('Processing (business days)').fill('2-3');
      await page.getByLabel('Delivery (business days)').fill('4-6');
      await page.getByLabel('Support hours').fill('Mon–Fri 9am–5pm');
      await page.getByLabel('Country').fill('CA');
      await publish(page);
      await expect.poll(() => contentFiles()['settings/store.md']).toContain('name: Haven & Co');
      expect(contentFiles()['settings/store.md']).toMatch(
        /freeShippingAbove: 60\n\s*shippingFee: 4.5\n\s*taxPercent: 10\n/,
      );
      expect(contentFiles()['settings/store.md']).toMatch(/returnDays: 14\n\s*warrantyYears: 2\n/);
    });
    await test.step('the rebuild', () =>
      expect
        .poll(async () => (await page.request.get(`${origin}/policy`)).text(), { timeout: 120_000 })
        .toContain('Cameras for every room, shipped free over $60.'));
    await page.goto(`${origin}/policy`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Haven & Co — home' })).toBeVisible();
    await expect(page).toHaveTitle('Store Policies: Privacy, Shipping & Returns | Haven & Co');
    await expect(page.getByRole('contentinfo')).toContainText('Cameras for every room, shipped free over $60.');
    await page.goto(`${origin}/`);
    await expect(page.getByText('Free shipping over $60', { exact: true })).toBeVisible();
    await test.step('every page and the structured data state the new promises, none the old', async () => {
      const badges = page.locator('ul').filter({ hasText: 'No questions asked' });
      await expect(badges).toContainText('Ships in 2-3 business days');
      await expect(badges).toContainText('14-day returns');
      await expect(badges).toContainText('2-year warranty');
      await expect(badges).toContainText('Support Mon–Fri 9am–5pm');
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
        hasVariant: { offers: Record<string, unknown> }[];
      };
      expect(ld.hasVariant[0]?.offers).toMatchObject({
        hasMerchantReturnPolicy: { applicableCountry: 'CA', merchantReturnDays: 14 },
        shippingDetails: {
          shippingDestination: { addressCountry: 'CA' },
          deliveryTime: { handlingTime: { minValue: 2, maxValue: 3 }, transitTime: { minValue: 4, maxValue: 6 } },
        },
      });
      // What the pages say of themselves (the backend's product text keeps its own words).
      const OLD = ['30-day returns', '1-year warranty', '1-2 business days', '5-10 business days', '24/7'];
      const said = async (path: string, where: string[]) => {
        await page.goto(`${origin}${path}`);
        const parts = await Promise.all(
          where.map(async (selector) => {
            const found = page.locator(selector).first();
            return (await found.getAttribute('content')) ?? (await found.getAttribute('props')) ?? found.innerText();
          }),
        );
        return parts.join('\n');
      };
      const pages: Record<string, [string[], string[]]> = {
        '/': [['ul:has-text("No questions asked")'], ['14-day returns', 'Support Mon–Fri 9am–5pm']],
        '/checkout': [
          ['meta[name="description"]', 'ul[aria-label="Our promises"]', 'astro-island[component-url*="Checkout"]'],
          ['14-day returns and a 2-year warranty', 'Processed in 2-3 business days, delivered in 4-6 business days'],
        ],
        '/thank-you': [['astro-island[component-url*="ThankYou"]'], ['2-3 business days', '4-6 business days']],
        '/order-tracking': [
          ['p:has-text("Orders are processed in")'],
          ['processed in 2-3 business days and delivered in 4-6 business days. Our team is available Mon–Fri 9am–5pm.'],
        ],
        '/support': [
          ['meta[name="description"]', 'h1 + p'],
          ['Mon–Fri 9am–5pm support', 'here for you Mon–Fri 9am–5pm'],
        ],
        '/policy': [
          ['meta[name="description"]'],
          ['processed in 2-3 business days, delivered in 4-6 business days) and 14-day'],
        ],
      };
      for (const [path, [where, now]] of Object.entries(pages)) {
        const whole = await said(path, where);
        // The confirmation's props also carry the contact cards' own text.
        const text = path === '/thank-you' ? whole.slice(whole.indexOf('"promised"')) : whole;
        for (const phrase of now) expect(text, `${path} says "${phrase}"`).toContain(phrase);
        for (const old of OLD) expect(text, `${path} no longer says "${old}"`).not.toContain(old);
      }
    });
    await test.step('the editable text names the settings, so it states the new figures too', async () => {
      // Every word of the page, the closed FAQ answers included.
      const words = async (path: string) => {
        await page.goto(`${origin}${path}`);
        return page.evaluate(() => {
          const body = document.body.cloneNode(true) as HTMLElement;
          for (const script of body.querySelectorAll('script, astro-island')) script.remove();
          return body.textContent.replace(/\s+/g, ' ');
        });
      };
      const OLD_TEXT = [
        '30 days',
        '30-day',
        '1-year',
        '1-2 business days',
        '5-10 business days',
        '24/7',
        '$100',
        '$9.99',
      ];
      const now: Record<string, string[]> = {
        '/support': [
          'within 14 days of delivery',
          '2-year limited warranty',
          'available Mon–Fri 9am–5pm',
          'Open Mon–Fri 9am–5pm.',
        ],
        '/policy': [
          'Free on orders over $60, else $4.50',
          'within 2-3 business days',
          'Delivery takes 4-6 business days',
          'within 14 days of delivery',
        ],
        '/links': ['Return any item within 14 days of delivery'],
      };
      for (const [path, phrases] of Object.entries(now)) {
        const text = await words(path);
        for (const phrase of phrases) expect(text, `${path} says "${phrase}"`).toContain(phrase);
        // The privacy policy's own "within 30 days" answers data requests, no promise of the settings.
        const promises = text.replace('reply within 30 days', '');
        for (const old of OLD_TEXT) expect(promises, `${path} no longer says "${old}"`).not.toContain(old);
      }
    });
  });

  test('the look: a brand colour and an uploaded logo are saved, and after the rebuild the shop wears them', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const LOGO =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#7c3aed"/></svg>';
    await test.step('the editor saves the colour and uploads the logo', async () => {
      await openEditor(page, '/collections/settings/entries/store');
      await page.getByLabel('Brand colour').fill('#7c3aed');
      // The first picture of the form is the logo (the tab icon follows).
      await page.getByRole('button', { name: 'Choose an image' }).first().click();
      const library = page.getByRole('dialog');
      await expect(library.getByRole('heading', { name: 'Images' })).toBeVisible();
      await library
        .locator('input[type=file]')
        .setInputFiles({ name: 'our-mark.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) });
      await expect(library.getByRole('button', { name: 'Choose selected' })).toBeEnabled();
      await page.getByRole('button', { name: 'Choose selected' }).click();
      await publish(page);
      await expect.poll(() => contentFiles()['settings/store.md']).toContain('logo: /uploads/our-mark.svg');
      expect(contentFiles()['settings/store.md']).toMatch(/brandColor: ["']#7c3aed["']/);
      // Decap's local proxy writes the entry first and its uploads after it.
      const upload = join(copy, 'src/content/uploads/our-mark.svg');
      await expect.poll(() => (existsSync(upload) ? readFileSync(upload, 'utf8') : undefined)).toBe(LOGO);
    });
    await test.step('the rebuild', () =>
      expect
        .poll(async () => (await page.request.get(`${origin}/support`)).text(), { timeout: 120_000 })
        .toContain('src="/uploads/our-mark.svg"'));
    await page.goto(`${origin}/support`);
    const mark = page.getByRole('banner').locator('img[src="/uploads/our-mark.svg"]');
    await expect(mark).toBeVisible();
    expect(await mark.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // #7c3aed is dark enough for white text, so the palette's main shade is the colour itself.
    const promise = page.getByRole('list', { name: 'Our promises' }).getByRole('link').first().locator('span').first();
    await expect(promise).toHaveCSS('color', 'rgb(124, 58, 237)');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#7c3aed');
  });

  test("the shop's new figures price the drawer and /checkout, and the demo backend charges the same", async ({
    page,
  }) => {
    // Free shipping above $60, else $4.50, and 10 % tax, as saved above. The test camera opens on White, $49.99.
    // In steps, so that a failure's report says which part took the time (the rest: the context's setup and close).
    await test.step('the drawer', async () => {
      await page.goto(`${origin}/`);
      await page.locator('#main-add-button').click();
      const drawer = page.getByRole('dialog', { name: /Your cart/ });
      await expect(drawer.getByText('Add $10.02 more for free shipping!')).toBeVisible();
      await expect(drawer.locator('dl')).toContainText('Subtotal$49.99Shipping$4.50Tax (10%)$5.00Total$59.49');
    });
    const express = page.getByRole('region', { name: 'Express checkout' });
    await test.step('/checkout', async () => {
      await page.goto(`${origin}/checkout`);
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expect(summary.locator('dl')).toContainText('Subtotal$49.99Shipping$4.50Tax (10%)$5.00Total$59.49');
      // The amount by the button is the amount taken, and the receipt's.
      await expect(express).toContainText('Pay $59.49');
    });
    await test.step('the payment', async () => {
      const button = express.getByRole('button', { name: 'PayPal', exact: true });
      await expect(button).toHaveAttribute('aria-disabled', 'false');
      await button.click();
      await page.getByRole('dialog', { name: 'Demo wallet' }).getByRole('button', { name: 'Approve' }).click();
      await paidOrderId(page);
      await expect(page.getByTestId('order-total')).toHaveText('$59.49');
      const { payments } = (await (await page.request.get(`${origin}/__demo/orders`)).json()) as {
        payments: { amount: number }[];
      };
      expect(payments.map((p) => p.amount)).toEqual([59.49]);
    });
  });

  test('an entry the build would refuse is refused with a message, and nothing is written', async ({ page }) => {
    const before = contentFiles();
    await openEditor(page, '/collections/policy/new');
    await page.getByLabel('Position').fill('40');
    await page.getByLabel('Link name').fill('warranty-terms');
    await page.getByLabel('Summary').fill('x'.repeat(201));
    await publish(page);
    await expect(page.getByText("Oops, you've missed a required field. Please complete before saving.")).toBeVisible();
    await expect(page.getByText('Title is required.')).toBeVisible();
    await expect(
      page.getByText("Summary didn't match the pattern: some text, not only spaces, at most 200 characters."),
    ).toBeVisible();
    expect(contentFiles()).toEqual(before);
  });

  test('a blank question and a negative position are refused too', async ({ page }) => {
    const before = contentFiles();
    await openEditor(page, '/collections/faq/new');
    await page.getByLabel('Question').fill('   ');
    await page.getByLabel('Topic').click();
    await page.getByText('Getting started', { exact: true }).click();
    await page.getByLabel('Position').fill('-1');
    await publish(page);
    await expect(page.getByText(/^Question didn't match the pattern: some text, not only spaces/)).toBeVisible();
    await expect(page.getByText('Position must be at least 0.')).toBeVisible();
    expect(contentFiles()).toEqual(before);
  });

  test('the local proxy refuses pages of other sites', async ({ request }) => {
    const info = { action: 'info' };
    expect((await request.post(`${origin}/admin/api/v1`, { data: info })).status()).toBe(200);
    const foreign = await request.post(`${origin}/admin/api/v1`, {
      data: { action: 'persistEntry', params: {} },
      headers: { Origin: 'https://attacker.example' },
    });
    expect(foreign.status()).toBe(403);
    expect(await foreign.text()).toBe('Only the editor of this server may save files.');
  });
});

test.describe('shop pages and the editor', () => {
  for (const path of ['/', '/support', '/policy', '/checkout']) {
    test(`${path} never loads the editor`, async ({ page }) => {
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      expect(requested.filter((p) => p.startsWith('/admin'))).toEqual([]);
    });
  }

  test('/admin is noindex, out of the sitemap, with a policy of its own that the shop pages do not have', async ({
    page,
    request,
  }) => {
    const admin = await (await request.get('/admin/')).text();
    expect(admin).toContain('<meta name="robots" content="noindex, nofollow" />');
    const editorPolicy = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(admin)?.[1];
    expect(editorPolicy).toContain("script-src 'self' 'unsafe-eval'");
    await page.goto('/checkout');
    const shopPolicy = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
    expect(shopPolicy).not.toContain('unsafe-eval');
    expect(shopPolicy).not.toContain("'unsafe-inline'");
    expect(await (await request.get('/sitemap-0.xml')).text()).not.toContain('/admin');
  });
});
