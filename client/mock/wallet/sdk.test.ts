// The demo wallet SDK (v6's shape) in a real browser (Debian Chromium), under a strict CSP, driven by roles the way
// the storefront's Playwright tests drive it. Requests are answered by page.route: nothing goes to the network.
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const ORIGIN = 'http://wallet.test';
const SDK = readFileSync(new URL('./sdk.js', import.meta.url), 'utf8');
// PayPal's own v6 loader, which @paypal/react-paypal-js's provider calls: it must take the demo already in place.
const LOADER = readFileSync(
  new URL('../../../node_modules/@paypal/paypal-js/dist/v6/esm/paypal-js.js', import.meta.url),
  'utf8',
);
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'";

// Session callbacks record what they receive in window.events; tests swap window.createOrderImpl,
// window.onApproveImpl and window.onAddressImpl, and set window.beforeStart to await something before start().
const HARNESS = `
window.events = [];
window.createOrderImpl = function () { return Promise.resolve({ orderId: 'ORDER-1' }); };
window.onApproveImpl = function () { return Promise.resolve(); };
window.onAddressImpl = function () { return Promise.resolve(); };
document.addEventListener('securitypolicyviolation', function (e) { events.push('csp:' + e.violatedDirective); });
paypal.createInstance({ clientId: 'demo-client-id', components: ['paypal-payments'], pageType: 'checkout' })
  .then(function (sdk) {
    window.sdk = sdk;
    return sdk.findEligibleMethods({ currencyCode: 'USD' });
  })
  .then(function (methods) {
    window.eligible = methods.isEligible('paypal');
    window.session = window.sdk.createPayPalOneTimePaymentSession({
      onApprove: function (data) { events.push('approve:' + data.orderId + ':' + data.payerId); return window.onApproveImpl(data); },
      onCancel: function (data) { events.push('cancel:' + data.orderId); },
      onError: function (error) { events.push('error:' + error.message); },
      onComplete: function (data) { events.push('complete:' + data.paymentSessionState); },
      onShippingAddressChange: function (data) {
        events.push('ship:' + data.shippingAddress.countryCode);
        return window.onAddressImpl(data);
      },
    });
    var button = document.createElement('paypal-button');
    button.type = 'pay';
    button.addEventListener('click', function () {
      events.push('click');
      var start = function () {
        window.session.start({ presentationMode: 'auto' }, window.createOrderImpl()).catch(function (e) {
          events.push('start:' + e.message);
        });
      };
      if (window.beforeStart) window.beforeStart().then(start);
      else start();
    });
    document.querySelector('#pay').appendChild(button);
    events.push('ready');
  });
`;

const PAGE = `<!doctype html><html lang="en"><head><title>wallet</title></head><body>
<main><div id="pay" class="pay"></div></main>
<script src="/demo-wallet/sdk.js"></script><script src="/harness.js"></script></body></html>`;

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

async function openPage(path = '/'): Promise<Page> {
  const context = await browser.newContext();
  const p = await context.newPage();
  await p.route(`${ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    const html = (body: string) =>
      route.fulfill({ contentType: 'text/html', headers: { 'Content-Security-Policy': CSP }, body });
    if (url.pathname === '/') return html(PAGE);
    if (url.pathname === '/demo-wallet/sdk.js') return route.fulfill({ contentType: 'text/javascript', body: SDK });
    if (url.pathname === '/harness.js') return route.fulfill({ contentType: 'text/javascript', body: HARNESS });
    if (url.pathname === '/loader.js') return route.fulfill({ contentType: 'text/javascript', body: LOADER });
    if (url.pathname === '/loader-page') {
      return html(
        '<!doctype html><title>l</title><script src="/demo-wallet/sdk.js"></script>' +
          '<script type="module" src="/loader-run.js"></script>',
      );
    }
    if (url.pathname === '/loader-run.js') {
      return route.fulfill({
        contentType: 'text/javascript',
        body:
          "import { loadCoreSdkScript } from '/loader.js';\n" +
          "window.loaded = loadCoreSdkScript({ environment: 'sandbox' }).then((p) => p.version);\n",
      });
    }
    return route.fulfill({ status: 404, body: '' });
  });
  await p.goto(`${ORIGIN}${path}`);
  return p;
}

const events = () => page.evaluate(() => (window as unknown as { events: string[] }).events);
const wallet = () => page.getByRole('dialog', { name: 'Demo wallet' });
const payButton = () => page.getByRole('button', { name: 'PayPal' });
const approve = () => wallet().getByRole('button', { name: 'Approve' });

describe('demo wallet SDK (v6)', () => {
  beforeEach(async () => {
    page = await openPage();
    await expect.poll(events).toContain('ready');
  });

  it('defines paypal 6.x with createInstance, offers PayPal, and draws <paypal-button> as a gold 48 px pill', async () => {
    expect(await page.evaluate(() => (window as unknown as { paypal: { version: string } }).paypal.version)).toMatch(
      /^6\./,
    );
    expect(await page.evaluate(() => (window as unknown as { eligible: boolean }).eligible)).toBe(true);
    const box = await payButton().boundingBox();
    const container = await page.locator('#pay').boundingBox();
    expect(box).toMatchObject({ height: 48, width: container?.width });
    const look = await payButton().evaluate((b) => {
      const s = getComputedStyle(b);
      return { background: s.backgroundColor, radius: s.borderTopLeftRadius };
    });
    expect(look).toEqual({ background: 'rgb(255, 196, 57)', radius: '24px' });
    expect(
      await page.evaluate(() => (window as unknown as { paypal: { instances: unknown[] } }).paypal.instances),
    ).toEqual([{ clientId: 'demo-client-id', components: ['paypal-payments'], pageType: 'checkout' }]);
  });

  it('approve: asks with the order id and a US address, then calls onApprove with orderId and payerId', async () => {
    await payButton().click();
    await expect.poll(() => wallet().isVisible()).toBe(true);
    expect(await wallet().textContent()).toContain('ORDER-1');
    await expect.poll(events).toContain('ship:US');
    await approve().click();
    await expect.poll(events).toContain('approve:ORDER-1:DEMOPAYER');
    await expect.poll(events).toContain('complete:approved');
    expect(await wallet().count()).toBe(0);
    expect((await events()).filter((e) => e.startsWith('csp:'))).toEqual([]);
  });

  it('a shipping address the merchant refuses shows its error and cannot be approved until another is chosen', async () => {
    await page.evaluate(() => {
      (window as unknown as { onAddressImpl: unknown }).onAddressImpl = (data: {
        shippingAddress: { countryCode: string };
        errors: { COUNTRY_ERROR: string };
      }) =>
        data.shippingAddress.countryCode === 'US'
          ? Promise.resolve()
          : Promise.reject(new Error(data.errors.COUNTRY_ERROR));
    });
    await payButton().click();
    await wallet().getByLabel('Ship to').selectOption({ label: 'Canada (Toronto, ON M5V 2T6)' });
    await expect
      .poll(() => wallet().getByRole('alert').textContent())
      .toBe('Your order can’t be shipped to this country.');
    expect(await approve().getAttribute('aria-disabled')).toBe('true');
    // Playwright refuses to click an aria-disabled button; a person still can, so force it.
    await approve().click({ force: true });
    expect(await events()).not.toContain('approve:ORDER-1:DEMOPAYER');
    await wallet().getByLabel('Ship to').selectOption({ label: 'United States (Austin, TX 78701)' });
    await expect.poll(() => approve().getAttribute('aria-disabled')).toBe('false');
    await approve().click();
    await expect.poll(events).toContain('approve:ORDER-1:DEMOPAYER');
    expect((await events()).filter((e) => e.startsWith('ship:'))).toEqual(['ship:US', 'ship:CA', 'ship:US']);
  });

  it('a session started again for the same order asks again, as after a declined instrument', async () => {
    await payButton().click();
    await approve().click();
    await expect.poll(events).toContain('complete:approved');
    await payButton().click();
    await approve().click();
    await expect.poll(async () => (await events()).filter((e) => e === 'approve:ORDER-1:DEMOPAYER')).toHaveLength(2);
  });

  it('decline calls onError with the decline message', async () => {
    await payButton().click();
    await wallet().getByRole('button', { name: 'Decline' }).click();
    await expect.poll(events).toContain('error:Payment declined by the buyer in the demo wallet');
    expect(await events()).toContain('complete:error');
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

  it('a rejected order promise goes to onError and opens no window; the session can start again', async () => {
    await page.evaluate(() => {
      (window as unknown as { createOrderImpl: unknown }).createOrderImpl = () =>
        Promise.reject(new Error('backend down'));
    });
    await payButton().click();
    await expect.poll(events).toContain('error:backend down');
    expect(await wallet().count()).toBe(0);
    await page.evaluate(() => {
      (window as unknown as { createOrderImpl: unknown }).createOrderImpl = () =>
        Promise.resolve({ orderId: 'ORDER-2' });
    });
    await payButton().click();
    await expect.poll(() => wallet().isVisible()).toBe(true);
    expect(await wallet().textContent()).toContain('ORDER-2');
  });

  it('is keyboard usable: Enter opens the window with focus on Approve, and focus returns afterwards', async () => {
    await payButton().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => wallet().isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Approve');
    await page.keyboard.press('Enter');
    await expect.poll(events).toContain('approve:ORDER-1:DEMOPAYER');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('PayPal');
  });

  it('disabled marks the button aria-disabled and keeps its clicks from the page; enabled again, it starts', async () => {
    await page.evaluate(() => {
      document.querySelector('paypal-button')!.setAttribute('disabled', '');
    });
    expect(await payButton().getAttribute('aria-disabled')).toBe('true');
    // Playwright refuses to click an aria-disabled button; a person still can, so force it.
    await payButton().click({ force: true });
    expect(await events()).not.toContain('click');
    await page.evaluate(() => {
      (document.querySelector('paypal-button') as HTMLElement & { disabled: boolean }).disabled = false;
    });
    expect(await payButton().getAttribute('aria-disabled')).toBe('false');
    await payButton().click();
    await expect.poll(events).toContain('click');
  });

  it('blocks its window when start() is awaited past the click, as a browser blocks a popup', async () => {
    await page.evaluate(() => {
      (window as unknown as { beforeStart: () => Promise<void> }).beforeStart = () =>
        new Promise((resolve) => setTimeout(resolve, 0));
    });
    await payButton().click();
    await expect
      .poll(events)
      .toContain('error:Demo wallet: the PayPal window was blocked: start() was called outside the click');
    expect(await wallet().count()).toBe(0);
    // Started within the click, it opens.
    await page.evaluate(() => delete (window as unknown as { beforeStart?: unknown }).beforeStart);
    await payButton().click();
    await expect.poll(() => wallet().isVisible()).toBe(true);
  });

  it('refuses a second start while a session runs', async () => {
    await page.evaluate(() => {
      (window as unknown as { createOrderImpl: unknown }).createOrderImpl = () => new Promise(() => undefined);
    });
    await payButton().click();
    await payButton().click();
    await expect.poll(events).toContain('start:Demo wallet: a payment session is already running');
  });

  it('destroy() takes the open window with it, without a callback', async () => {
    await payButton().click();
    await expect.poll(() => wallet().isVisible()).toBe(true);
    await page.evaluate(() => (window as unknown as { session: { destroy: () => void } }).session.destroy());
    expect(await wallet().count()).toBe(0);
    expect((await events()).filter((e) => e.startsWith('cancel') || e.startsWith('complete'))).toEqual([]);
  });
});

describe('demo wallet SDK loading', () => {
  it("is taken by PayPal's v6 loader in place of PayPal's script, which is then never requested", async () => {
    page = await openPage('/loader-page');
    expect(await page.evaluate(() => (window as unknown as { loaded: Promise<string> }).loaded)).toBe('6.0.0');
    const requested = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(requested.filter((url) => url.includes('paypal.com'))).toEqual([]);
  });

  it('refuses an instance without a client id, and sessions without the paypal-payments component', async () => {
    page = await openPage();
    const answers = await page.evaluate(async () => {
      const paypal = (window as unknown as { paypal: { createInstance: (o: object) => Promise<unknown> } }).paypal;
      const noId = await paypal.createInstance({ components: ['paypal-payments'] }).then(
        () => 'made',
        (e: Error) => e.message,
      );
      const sdk = (await paypal.createInstance({ clientId: 'x', components: ['paypal-messages'] })) as {
        createPayPalOneTimePaymentSession: (o: object) => unknown;
      };
      let session = 'made';
      try {
        sdk.createPayPalOneTimePaymentSession({ onApprove: () => Promise.resolve() });
      } catch (e) {
        session = (e as Error).message;
      }
      return [noId, session];
    });
    expect(answers).toEqual([
      'Demo wallet: a client id or client token is required',
      'Demo wallet: the paypal-payments component was not requested',
    ]);
  });
});
