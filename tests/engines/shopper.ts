// What a shopper does, in each engine and window: the product page, the sticky bar, the drawer, paying from the
// drawer and from /checkout, a declined instrument, the cart across a reload and tabs, every page without an error,
// and the keyboard in the open drawer. Edge cases stay with the Chromium suite.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_COUNTDOWN_FACE } from '../countdown-face.ts';
import { SHOP, WINDOWS, type Session, type Tab, type Window, byName, until } from './engine.ts';

const PAGES = ['/', '/support', '/policy', '/order-tracking', '/links', '/checkout', '/thank-you?orderId=X', '/nope'];
const DRAWER = '//*[@aria-labelledby="cart-title"]';
const CART_LINE = `${DRAWER}//ul[@aria-label="Items in your cart"]/li`;
const COUNTER = '[data-testid="gallery-counter"]';
const STICKY = '[role="region"][aria-label="Quick add"]';
const PICTURE_SHOWN = `(() => { const img = document.querySelector('[data-testid="gallery-main-image"]');
  return !!img && img.complete && img.naturalWidth > 0; })()`;
const THANK_YOU = '//h1[normalize-space(.)="Thank you for your order!"]';
const PAYPAL = '//button[@aria-label="PayPal" and @aria-disabled="false"]';
const APPROVE =
  '//dialog[.//h2[normalize-space(.)="Demo wallet"]]//button[normalize-space(.)="Approve" and @aria-disabled="false"]';
const EXPRESS = '//section[@aria-labelledby="express-title"]';
/** Where screenshots of each engine and window go, to be looked at. */
const SHOTS = 'test-results/engines';

const textOf = (tab: Tab, selector: string, wanted: string | RegExp) =>
  until(
    `${selector} to read ${String(wanted)}`,
    () => tab.text(selector),
    (text) => (typeof wanted === 'string' ? text.replace(/\s+/g, ' ').trim() === wanted : wanted.test(text)),
  );
const shows = (tab: Tab, selector: string, shown = true) =>
  until(
    `${selector} to be ${shown ? 'shown' : 'hidden'}`,
    () => tab.visible(selector),
    (v) => v === shown,
  );

interface Books {
  orders: { id: string; status: string; total: number }[];
  payments: { orderId: string; amount: number }[];
}
/** The demo-session cookie of the latest fresh tab: the engines run side by side, and each counts only its orders. */
let session = '';
const books = async (): Promise<Books> =>
  (await fetch(`${SHOP}/__demo/orders?session=${session}`)).json() as Promise<Books>;

async function addToCart(tab: Tab): Promise<void> {
  await tab.click('#main-add-button');
  await shows(tab, DRAWER);
}

/** Pays with the demo wallet from the button under `scope`, and waits for the confirmation: the order paid. */
async function pay(tab: Tab, scope: string): Promise<string> {
  const before = await books();
  await tab.click(`${scope}${PAYPAL}`);
  await tab.click(APPROVE);
  await shows(tab, THANK_YOU);
  const orderId = new URL(await tab.url()).searchParams.get('orderId')!;
  const after = await books();
  expect(after.orders.length - before.orders.length).toBe(1);
  expect(after.payments.filter((p) => p.orderId === orderId)).toHaveLength(1);
  expect(after.orders.find((o) => o.id === orderId)?.status).toBe('PAID');
  return orderId;
}

/** The shopper's paths in one engine, once per window, each window a session of its own. */
export function engineSuite(engine: string, start: (window: Window) => Promise<Session>): void {
  describe.each(WINDOWS)(`${engine}, $name window`, (window) => {
    let session: Session;
    beforeAll(async () => {
      session = await start(window);
    });
    afterAll(() => session?.close());
    shopperPaths(() => session);
  });
}

function shopperPaths(current: () => Session): void {
  let tabs = 0;
  const fresh = (cookies?: Record<string, string>) => {
    session = `${current().engine}-${current().window.name}-${++tabs}`;
    return current().freshTab({ 'demo-session': session, ...cookies });
  };
  const shot = async (tab: Tab, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await tab.screenshot(`${SHOTS}/${current().engine}-${current().window.name}-${name}.png`);
  };

  it('the product page as served, then its gallery: next and previous wrap, the counter and the image choosers', async () => {
    const tab = await fresh();
    await tab.goto('/');
    expect(await tab.text('h1')).toContain('Haven Cam 360');
    await until('the first picture to show', () => tab.evaluate<boolean>(PICTURE_SHOWN), Boolean);
    await shot(tab, 'product');
    await textOf(tab, COUNTER, '1 / 3');
    await tab.click(byName('button', 'Next image'));
    await textOf(tab, COUNTER, '2 / 3');
    await tab.click(byName('button', 'Previous image'));
    await tab.click(byName('button', 'Previous image'));
    await textOf(tab, COUNTER, '3 / 3');
    await tab.click(byName('button', 'Show image 2 of 3'));
    await textOf(tab, COUNTER, '2 / 3');
    await until('the second picture to show', () => tab.evaluate<boolean>(PICTURE_SHOWN), Boolean);
    expect(await tab.errors()).toEqual([]);
  });

  it("the deal countdown's face turns", async () => {
    const tab = await fresh();
    await tab.goto('/');
    const running = (face: string | null) => /^59:\d\d\.\d\d$/.test(face ?? '');
    const face = () => tab.evaluate<string | null>(READ_COUNTDOWN_FACE);
    const first = await until('the face to show the hour running', face, running);
    await until('the face to turn', face, (next) => running(next) && next !== first);
    expect(await tab.errors()).toEqual([]);
  });

  it('a variant picked is named in the URL, without a history entry; quantity and share', async () => {
    const tab = await fresh();
    await tab.goto('/');
    await until(
      'the URL to name the starting variant',
      () => tab.url(),
      (url) => url.endsWith('?variant=arctic-white'),
    );
    const entries = await tab.evaluate<number>('history.length');
    await tab.click('//label[span[normalize-space(.)="Outdoor Pro Graphite"]]');
    await until(
      '?variant= to follow the pick',
      () => tab.url(),
      (url) => url.endsWith('?variant=outdoor-pro-graphite'),
    );
    expect(await tab.evaluate<number>('history.length')).toBe(entries);
    await textOf(tab, '[data-testid="price"]', /\$129\.99/);
    await tab.click(byName('button', 'Increase quantity'));
    await until(
      'the quantity to be 2',
      () => tab.evaluate<string>(`document.querySelector('#quantity').value`),
      (v) => v === '2',
    );
    await tab.click(byName('button', 'Share'));
    // Copied, or (where the browser refuses the clipboard) shown to copy by hand.
    await until(
      'the share to say what happened',
      () => tab.evaluate<string>('document.body.innerText'),
      (text) => text.includes('Link with selected variant copied!') || text.includes('Could not copy the link'),
    );
    expect(await tab.errors()).toEqual([]);
  });

  it('the sticky Add bar shows while the main Add to Cart is out of view, and only then', async () => {
    const tab = await fresh();
    await tab.goto('/');
    await tab.evaluate(`document.getElementById('main-add-button').scrollIntoView({ block: 'center' }), 0`);
    await shows(tab, STICKY, false);
    await tab.evaluate(`scrollTo(0, document.documentElement.scrollHeight), 0`);
    await shows(tab, STICKY);
    await tab.evaluate(`document.getElementById('main-add-button').scrollIntoView({ block: 'center' }), 0`);
    await shows(tab, STICKY, false);
  });

  it('Add to Cart opens the drawer: quantity plus and minus, totals, the free-shipping hint, remove', async () => {
    const tab = await fresh();
    await tab.goto('/?variant=arctic-white');
    await addToCart(tab);
    await textOf(
      tab,
      `${DRAWER}//dl`,
      /Subtotal\s*\$79\.99\s*Shipping\s*\$9\.99\s*Tax \(8%\)\s*\$6\.40\s*Total\s*\$96\.38/,
    );
    await textOf(tab, DRAWER, /Add \$20\.02 more for free shipping!/);
    await tab.click(`${DRAWER}//button[starts-with(@aria-label, "Increase quantity of")]`);
    await textOf(tab, `${DRAWER}//dl`, /Subtotal\s*\$159\.98\s*Shipping\s*Free/);
    await shot(tab, 'drawer');
    await tab.click(`${DRAWER}//button[starts-with(@aria-label, "Decrease quantity of")]`);
    await textOf(tab, `${DRAWER}//dl`, /Subtotal\s*\$79\.99/);
    await tab.click(`${DRAWER}//button[starts-with(@aria-label, "Remove ")]`);
    await until(
      'the drawer to be empty',
      () => tab.count(CART_LINE),
      (n) => n === 0,
    );
    expect(await tab.errors()).toEqual([]);
  });

  it('pays from the drawer with the wallet, through to the confirmation: one order, one payment', async () => {
    const tab = await fresh();
    await tab.goto('/?variant=arctic-white');
    await addToCart(tab);
    await pay(tab, DRAWER);
    await textOf(tab, '[data-testid="order-total"]', '$96.38');
    await shot(tab, 'confirmation');
  });

  it('pays from /checkout with the wallet, through to the confirmation: one order, one payment', async () => {
    const tab = await fresh();
    await tab.goto('/?variant=outdoor-pro-graphite');
    await tab.click(byName('button', 'Buy Now'));
    await until(
      '/checkout',
      () => tab.url(),
      (url) => new URL(url).pathname === '/checkout',
    );
    await textOf(tab, EXPRESS, /Pay \$140\.39 securely with PayPal\./);
    await pay(tab, EXPRESS);
    await textOf(tab, '[data-testid="order-total"]', '$140.39');
  });

  it('a declined instrument: pressed again, the button asks for the same order, and the next approval pays it', async () => {
    const tab = await fresh({ 'demo-scenario': 'declined' });
    await tab.goto('/?variant=arctic-white');
    await addToCart(tab);
    const before = await books();
    await tab.click(`${DRAWER}${PAYPAL}`);
    await tab.click(APPROVE);
    await textOf(tab, DRAWER, /Your payment method was declined\./);
    await tab.click(`${DRAWER}${PAYPAL}`);
    await tab.click(APPROVE);
    await shows(tab, THANK_YOU);
    const after = await books();
    expect(after.orders.length - before.orders.length).toBe(1);
  });

  it('the cart survives a reload and is shared with another tab', async () => {
    const tab = await fresh();
    await tab.goto('/?variant=midnight-black');
    await addToCart(tab);
    await tab.reload();
    await tab.click('//button[starts-with(@aria-label, "Cart, ")]');
    await textOf(tab, DRAWER, /Midnight Black/);
    const other = await current().secondTab();
    await other.goto('/support');
    await until(
      'the other tab to count the line',
      () => other.evaluate<string>(`document.querySelector('[aria-label^="Cart, "]').getAttribute('aria-label')`),
      (label) => label === 'Cart, 1 item',
    );
    await other.close();
  });

  it('every page, the 404 too, renders with no error and no refusal of the page policy', async () => {
    const tab = await fresh();
    for (const path of PAGES) {
      await tab.goto(path);
      expect(await tab.count('h1'), path).toBeGreaterThan(0);
      await tab.click('//button[starts-with(@aria-label, "Cart, ")]');
      await shows(tab, DRAWER);
      await tab.press('Escape');
      await shows(tab, DRAWER, false);
      expect(await tab.errors(), path).toEqual([]);
    }
  });

  it('keyboard focus stays visible and inside the open drawer', async () => {
    const tab = await fresh();
    await tab.goto('/?variant=arctic-white');
    await addToCart(tab);
    await until(
      "focus to move to the drawer's close button",
      () => tab.evaluate<string | null>(`document.activeElement.getAttribute('aria-label')`),
      (label) => label === 'Close cart',
    );
    for (let i = 0; i < 12; i++) {
      await tab.press('Tab');
      const focus = await tab.evaluate<{ inside: boolean; ring: boolean; what: string }>(`(() => {
        const el = document.activeElement;
        const style = getComputedStyle(el);
        return {
          inside: !!el.closest('[role="dialog"]'),
          ring: el.matches(':focus-visible') && (style.outlineStyle !== 'none' || style.boxShadow !== 'none'),
          what: el.outerHTML.slice(0, 120) + ' ' + el.matches(':focus-visible') + ' ' + style.outlineStyle + ' ' + style.boxShadow,
        };
      })()`);
      expect({ inside: focus.inside, ring: focus.ring }, focus.what).toEqual({ inside: true, ring: true });
    }
    await tab.press('Escape');
    await shows(tab, DRAWER, false);
  });
}
