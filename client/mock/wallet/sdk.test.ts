// The fake wallet SDK in a real browser (Debian Chromium), under a strict CSP, driven by roles the way the
// storefront's Playwright tests drive it. Requests are answered by page.route: nothing goes to the network.
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const ORIGIN = 'http://wallet.test';
const SDK = readFileSync(new URL('./sdk.js', import.meta.url), 'utf8');
// The loader @paypal/react-paypal-js builds on: same option-to-query mapping and script insertion.
const LOADER = readFileSync(
  new URL('../../../node_modules/@paypal/paypal-js/dist/iife/paypal-js.js', import.meta.url),
  'utf8',
);
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'";

// Callbacks record what they receive in window.events; tests swap window.createOrderImpl / onApproveImpl.
const HARNESS = `
window.events = [];
window.createOrderImpl = function () { return Promise.resolve('ORDER-1'); };
window.onApproveImpl = function () { return Promise.resolve(); };
document.addEventListener('securitypolicyviolation', function (e) { events.push('csp:' + e.violatedDirective); });
var buttons = paypal.Buttons({
  onInit: function (data, actions) { window.initActions = actions; events.push('init'); },
  createOrder: function () { events.push('createOrder'); return window.createOrderImpl(); },
  onApprove: function (data, actions) { events.push('approve:' + data.orderID + ':' + data.payerID); return window.onApproveImpl(data, actions); },
  onCancel: function (data) { events.push('cancel:' + data.orderID); },
  onError: function (error) { events.push('error:' + error.message); },
});
window.eligible = buttons.isEligible();
window.buttons = buttons;
buttons.render('#pay').then(function () { events.push('rendered'); });
`;

function pageHtml(sdkQuery: string): string {
  return `<!doctype html><html lang="en"><head><title>wallet</title></head><body>
<main><div id="pay" class="pay"></div></main>
<script src="/demo-wallet/sdk.js?${sdkQuery}"></script><script src="/harness.js"></script></body></html>`;
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env['CHROME_PATH'] || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
});
afterEach(async () => {
  await page?.context().close();
});
afterAll(async () => {
  await browser?.close();
});

async function openPage(sdkQuery = 'client-id=demo-client-id&components=buttons&currency=USD'): Promise<Page> {
  const context = await browser.newContext();
  const p = await context.newPage();
  await p.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') {
      return route.fulfill({
        contentType: 'text/html',
        headers: { 'Content-Security-Policy': CSP },
        body: pageHtml(sdkQuery),
      });
    }
    if (path === '/demo-wallet/sdk.js') return route.fulfill({ contentType: 'text/javascript', body: SDK });
    if (path === '/harness.js') return route.fulfill({ contentType: 'text/javascript', body: HARNESS });
    if (path === '/loader.js') return route.fulfill({ contentType: 'text/javascript', body: LOADER });
    if (path === '/loader-page') {
      return route.fulfill({
        contentType: 'text/html',
        headers: { 'Content-Security-Policy': CSP },
        body: '<!doctype html><title>l</title><script src="/loader.js"></script>',
      });
    }
    return route.fulfill({ status: 404, body: '' });
  });
  await p.goto(`${ORIGIN}/`);
  return p;
}

const events = () => page.evaluate(() => (window as unknown as { events: string[] }).events);
const wallet = () => page.getByRole('dialog', { name: 'Demo wallet' });
const payButton = () => page.getByRole('button', { name: 'PayPal' });

describe('fake wallet SDK', () => {
  beforeEach(async () => {
    page = await openPage();
    await expect.poll(events).toContain('rendered');
  });

  it('renders an eligible, gold, pill-shaped 45 px full-width button and calls onInit', async () => {
    const box = await payButton().boundingBox();
    const container = await page.locator('#pay').boundingBox();
    expect(box?.height).toBe(45);
    expect(box?.width).toBe(container?.width);
    const look = await payButton().evaluate((b) => {
      const s = getComputedStyle(b);
      return { background: s.backgroundColor, radius: s.borderTopLeftRadius };
    });
    expect(look).toEqual({ background: 'rgb(255, 196, 57)', radius: '22.5px' });
    expect(await page.evaluate(() => (window as unknown as { eligible: boolean }).eligible)).toBe(true);
    expect(await events()).toEqual(['init', 'rendered']);
  });

  it('approve: asks with the order id, then calls onApprove with orderID and payerID', async () => {
    await payButton().click();
    await expect.poll(() => wallet().isVisible()).toBe(true);
    expect(await wallet().textContent()).toContain('ORDER-1');
    await wallet().getByRole('button', { name: 'Approve' }).click();
    await expect.poll(events).toContain('approve:ORDER-1:DEMOPAYER');
    expect(await wallet().count()).toBe(0);
    expect((await events()).filter((e) => e.startsWith('csp:'))).toEqual([]);
  });

  it('actions.restart() asks again for the same order without creating another', async () => {
    await page.evaluate(() => {
      let first = true;
      (window as unknown as { onApproveImpl: unknown }).onApproveImpl = (
        _data: unknown,
        actions: { restart: () => void },
      ) => {
        if (first) actions.restart();
        first = false;
        return Promise.resolve();
      };
    });
    await payButton().click();
    await wallet().getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => wallet().isVisible()).toBe(true);
    expect(await wallet().textContent()).toContain('ORDER-1');
    await wallet().getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(events)
      .toEqual(['init', 'rendered', 'createOrder', 'approve:ORDER-1:DEMOPAYER', 'approve:ORDER-1:DEMOPAYER']);
  });

  it('decline calls onError with the decline message', async () => {
    await payButton().click();
    await wallet().getByRole('button', { name: 'Decline' }).click();
    await expect.poll(events).toContain('error:Payment declined by the buyer in the demo wallet');
  });

  it('cancel and Escape call onCancel with the order id', async () => {
    await payButton().click();
    await wallet().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(events).toContain('cancel:ORDER-1');
    await payButton().click();
    await expect.poll(() => wallet().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await events()).filter((e) => e === 'cancel:ORDER-1').length).toBe(2);
  });

  it('a rejected createOrder goes to onError and opens no dialog; the button stays usable', async () => {
    await page.evaluate(() => {
      (window as unknown as { createOrderImpl: unknown }).createOrderImpl = () =>
        Promise.reject(new Error('backend down'));
    });
    await payButton().click();
    await expect.poll(events).toContain('error:backend down');
    expect(await wallet().count()).toBe(0);
    await payButton().click();
    await expect.poll(async () => (await events()).filter((e) => e === 'createOrder').length).toBe(2);
  });

  it('is keyboard usable: Enter opens the dialog with focus on Approve, and focus returns afterwards', async () => {
    await payButton().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => wallet().isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Approve');
    await page.keyboard.press('Enter');
    await expect.poll(events).toContain('approve:ORDER-1:DEMOPAYER');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('PayPal');
  });

  it('disable() marks the button aria-disabled and ignores clicks; enable() restores it', async () => {
    await page.evaluate(() =>
      (window as unknown as { initActions: { disable: () => Promise<void> } }).initActions.disable(),
    );
    expect(await payButton().getAttribute('aria-disabled')).toBe('true');
    expect(await payButton().isDisabled()).toBe(true);
    // Playwright refuses to click an aria-disabled button; a person still can, so force it.
    await payButton().click({ force: true });
    expect(await events()).not.toContain('createOrder');
    await page.evaluate(() =>
      (window as unknown as { initActions: { enable: () => Promise<void> } }).initActions.enable(),
    );
    expect(await payButton().getAttribute('aria-disabled')).toBe('false');
    await payButton().click();
    await expect.poll(events).toContain('createOrder');
  });

  it('ignores clicks while a flow is in progress', async () => {
    await page.evaluate(() => {
      (window as unknown as { createOrderImpl: unknown }).createOrderImpl = () => new Promise(() => undefined);
    });
    await payButton().click();
    await payButton().click();
    expect((await events()).filter((e) => e === 'createOrder')).toHaveLength(1);
  });

  it('close() removes the button and its open dialog, and is safe to call twice', async () => {
    await payButton().click();
    await expect.poll(() => wallet().isVisible()).toBe(true);
    await page.evaluate(async () => {
      const b = (window as unknown as { buttons: { close: () => Promise<void> } }).buttons;
      await b.close();
      await b.close();
    });
    expect(await payButton().count()).toBe(0);
    expect(await wallet().count()).toBe(0);
    expect(await events()).not.toContain('cancel:ORDER-1');
  });
});

describe('fake wallet SDK loading', () => {
  it('defines no window.paypal without a client-id, like the real SDK refusing the request', async () => {
    page = await openPage('components=buttons');
    expect(await page.evaluate(() => typeof (window as unknown as { paypal?: unknown }).paypal)).toBe('undefined');
  });

  it('loads through paypal-js loadScript with the storefront options (sdkBaseUrl, client id, funding)', async () => {
    page = await openPage();
    await page.goto(`${ORIGIN}/loader-page`);
    const loaded = await page.evaluate(async () => {
      const load = (window as unknown as { paypalLoadScript: (o: object) => Promise<{ Buttons?: unknown } | null> })
        .paypalLoadScript;
      const paypal = await load({
        clientId: 'demo-client-id',
        environment: 'sandbox',
        sdkBaseUrl: '/demo-wallet/sdk.js',
        components: 'buttons',
        currency: 'USD',
        intent: 'capture',
        disableFunding: 'venmo,card,credit',
        buyerCountry: 'US',
      });
      const src = document.querySelector('script[src^="/demo-wallet/sdk.js"]')?.getAttribute('src');
      return { hasButtons: typeof paypal?.Buttons === 'function', src };
    });
    expect(loaded.hasButtons).toBe(true);
    expect(loaded.src).toContain('client-id=demo-client-id');
    expect(loaded.src).toContain('disable-funding=venmo,card,credit');
  });

  it('offers Buttons only when the buttons component is requested', async () => {
    page = await openPage('client-id=x&components=messages');
    expect(
      await page.evaluate(() => typeof (window as unknown as { paypal: { Buttons?: unknown } }).paypal.Buttons),
    ).toBe('undefined');
  });
});
