// Gecko: Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core (Firefox ESR lacks commands Playwright's
// BiDi client sends, and no geckodriver for classic WebDriver is packaged). Each fresh tab is a context of its own.
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { SHOP, type Session, type Tab, type Window, HYDRATED, until } from './engine.ts';

const FIREFOX_PATH = process.env['FIREFOX_PATH'] || '/usr/bin/firefox-esr';

const query = (selector: string) => (selector.startsWith('//') ? `::-p-xpath(${selector})` : selector);

function tab(page: Page, window: Window): Tab {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error instanceof Error ? error.message : String(error)}`));
  page.on('console', (message) => message.type() === 'error' && errors.push(`console: ${message.text()}`));
  const element = async (selector: string) => {
    const found = await page.$(query(selector));
    if (!found) throw new Error(`No element ${selector}`);
    return found;
  };
  const hydrated = () => until('the islands to hydrate', () => page.evaluate(HYDRATED), Boolean);
  return {
    async goto(path) {
      await page.goto(new URL(path, SHOP).href, { waitUntil: 'load' });
      await hydrated();
    },
    async reload() {
      await page.reload({ waitUntil: 'load' });
      await hydrated();
    },
    url: () => Promise.resolve(page.url()),
    async click(selector) {
      await page.locator(query(selector)).setTimeout(15_000).click();
    },
    press: (key) => page.keyboard.press(key),
    count: async (selector) => (await page.$$(query(selector))).length,
    visible: async (selector) => (await page.$(query(selector)))?.isVisible() ?? false,
    text: async (selector) => (await element(selector)).evaluate((e) => e.textContent ?? ''),
    evaluate: <T>(script: string) => page.evaluate(script) as Promise<T>,
    async screenshot(file) {
      await page.setViewport({ width: window.width, height: window.height });
      await page.screenshot({ path: file });
    },
    errors: () => Promise.resolve([...errors]),
    close: () => page.close(),
  };
}

export async function firefox(window: Window): Promise<Session> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // Nothing but the shop on loopback: no updates, no telemetry, no captive-portal check.
    extraPrefsFirefox: {
      'network.dns.disableIPv6': true,
      'network.captive-portal-service.enabled': false,
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
    },
  });
  let context: BrowserContext | undefined;
  const open = async () => {
    const page = await context!.newPage();
    await page.setViewport({ width: window.width, height: window.height });
    return page;
  };
  return {
    engine: 'firefox',
    window,
    async freshTab(cookies = {}) {
      await context?.close();
      context = await browser.createBrowserContext();
      const page = await open();
      if (Object.keys(cookies).length) {
        await page.goto(`${SHOP}/links`);
        await page.evaluate((pairs: [string, string][]) => {
          for (const [name, value] of pairs) document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
        }, Object.entries(cookies));
      }
      return tab(page, window);
    },
    secondTab: async () => tab(await open(), window),
    close: () => browser.close(),
  };
}
