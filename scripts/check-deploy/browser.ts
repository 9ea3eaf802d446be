// The browser side of check-deploy: Debian Chromium through Playwright, pages loaded as a shopper's browser loads
// them, with every CSP violation (from the page itself, via an init script) and console error recorded.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROME_BASE_FLAGS, CHROME_PATH, LOOPBACK_ONLY_FLAG } from '../chromium.ts';
import type { Violation } from './csp.ts';
import type { PageVisit, Route } from './page-checks.ts';

export async function launch(loopbackOnly: boolean): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: loopbackOnly ? [...CHROME_BASE_FLAGS, LOOPBACK_ONLY_FLAG] : CHROME_BASE_FLAGS,
    headless: true,
  });
}

const BINDING = '__checkDeployViolation';

/** What the init script reports; `path` is filled in on this side. */
type ReportedViolation = Omit<Violation, 'path'>;

/** Per page: the violations and console errors seen since the last `take()`. */
export interface PageLog {
  violations: ReportedViolation[];
  consoleErrors: string[];
  /** The browser's own console lines about the policy; they matter when the page reported no violation itself. */
  cspConsole: string[];
}

const logs = new WeakMap<Page, PageLog>();

function logOf(page: Page): PageLog {
  let log = logs.get(page);
  if (!log) {
    log = { violations: [], consoleErrors: [], cspConsole: [] };
    logs.set(page, log);
  }
  return log;
}

/** Empties a page's log, returning what it held. */
export function take(page: Page): PageLog {
  const log = logOf(page);
  const out = {
    violations: [...log.violations],
    consoleErrors: [...log.consoleErrors],
    cspConsole: [...log.cspConsole],
  };
  log.violations.length = 0;
  log.consoleErrors.length = 0;
  log.cspConsole.length = 0;
  return out;
}

/**
 * A context whose pages report CSP violations of the site's own documents (and of the blank frames they create,
 * which share their policy); a wallet's iframe's own policy is its provider's business.
 */
export async function newContext(browser: Browser, site: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.exposeBinding(BINDING, ({ page, frame }, reported: ReportedViolation) => {
    const url = frame.url();
    const ours = url === '' || url.startsWith('about:') || url.startsWith(`${site}/`) || url === site;
    if (ours) logOf(page).violations.push(reported);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      if (e.disposition !== 'enforce') return;
      const report = (window as unknown as Record<string, (v: unknown) => void>)[binding];
      report?.({
        directive: e.effectiveDirective,
        blockedURI: e.blockedURI,
        sourceFile: e.sourceFile || undefined,
        sample: e.sample || undefined,
      });
    });
  }, BINDING);
  return context;
}

export interface ConsoleFilter {
  /** A network error line the page expects and handles (e.g. the backend's 401 to an order lookup without a token). */
  expected?: (text: string, url: string) => boolean;
}

export function watchConsole(page: Page, filter: ConsoleFilter = {}): void {
  page.on('pageerror', (error) => logOf(page).consoleErrors.push(`uncaught ${error.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // The page's securitypolicyviolation event reports the same violation with more detail.
    if (/Content Security Policy/.test(text)) {
      logOf(page).cspConsole.push(text);
      return;
    }
    if (filter.expected?.(text, message.location().url)) return;
    logOf(page).consoleErrors.push(text);
  });
}

/** Every island that starts without waiting for the shopper has started (Astro removes `ssr` then). */
export function waitForIslands(page: Page, timeoutMs: number): Promise<boolean> {
  return page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('astro-island')].every((island) => {
          const when = island.getAttribute('client');
          return !island.hasAttribute('ssr') || (when !== 'load' && when !== 'idle' && when !== 'intent');
        }),
      undefined,
      { timeout: timeoutMs },
    )
    .then(
      () => true,
      () => false,
    );
}

const describeError = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error));

/** Loads one route in a page of its own and reads what the checks need. */
export async function visit(
  context: BrowserContext,
  site: string,
  route: Route,
  timeoutMs: number,
  filter: ConsoleFilter,
): Promise<PageVisit> {
  const page = await context.newPage();
  watchConsole(page, filter);
  const result: PageVisit = {
    path: route.path,
    expectedStatus: route.status,
    headers: {},
    cspMetas: [],
    jsonLd: [],
    hydrated: false,
    violations: [],
    consoleErrors: [],
  };
  try {
    const response = await page.goto(`${site}${route.path}`, { waitUntil: 'load', timeout: timeoutMs });
    if (!response) throw new Error('no response');
    result.status = response.status();
    result.headers = await response.allHeaders();
    result.hydrated = await waitForIslands(page, timeoutMs);
    // What the page starts on load (an order lookup, a product refresh) has answered.
    await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => undefined);
    // Read from the loaded document at once: a locator's wait can time out on a busy machine though the heading is there.
    result.h1 = (await page.evaluate(() => document.querySelector('h1')?.textContent ?? null)) ?? undefined;
    result.cspMetas = await page.$$eval('meta[http-equiv="content-security-policy" i]', (els) =>
      els.map((el) => el.getAttribute('content') ?? ''),
    );
    result.jsonLd = await page.$$eval('script[type="application/ld+json"]', (els) =>
      els.map((el) => el.textContent ?? ''),
    );
  } catch (error) {
    if (result.status === undefined) result.error = describeError(error);
  }
  const log = take(page);
  result.violations = log.violations.map((v) => ({ ...v, path: route.path }));
  result.consoleErrors = [...log.consoleErrors, ...(log.violations.length ? [] : log.cspConsole)];
  await page.close();
  return result;
}
