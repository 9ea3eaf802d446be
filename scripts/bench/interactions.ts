// Interaction latency on the product page, as INP measures it: the page loads in Chromium on Lighthouse's phone
// (viewport, pixel ratio, user agent, touch) with the CPU slowed down 4x, as Lighthouse's mobile profile
// simulates it, and is driven with real touch input; the browser's Event Timing API times every interaction from
// input to the next paint.
import { loadavg } from 'node:os';
import { chromium, expect as playwrightExpect, type Page } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { CHROME_FLAGS, CHROME_PATH, mobileContext } from './chrome.ts';
import { EVENT_THRESHOLD_MS, interactionLatencies, type InteractionRun } from './summary.ts';

export const CPU_SLOWDOWN = 4;

const expect = playwrightExpect.configure({ timeout: 15_000 });
const drawer = (page: Page) => page.getByRole('dialog', { name: /Your cart/ });

/**
 * A shopper's way through the product page, each step from where the one before left it: a tap, then what shows
 * that it happened. The first is a control of the first screen, so the page's first interaction is a tap (the
 * others need a scroll first). The add opens the cart drawer by itself, so the cart is closed before it is opened.
 */
const INTERACTIONS: { name: string; tap: (page: Page) => Promise<void>; done: (page: Page) => Promise<void> }[] = [
  {
    name: 'next image',
    tap: (page) => page.getByRole('button', { name: 'Next image' }).tap(),
    done: (page) => expect(page.getByTestId('gallery-counter')).toHaveText('2 / 3'),
  },
  {
    name: 'pick a variant',
    tap: (page) => page.getByRole('radiogroup', { name: 'Color' }).getByText('Midnight Black', { exact: true }).tap(),
    done: (page) => expect(page.getByTestId('gallery-main-image')).toHaveAttribute('alt', /Midnight Black/),
  },
  {
    name: 'quantity +',
    tap: (page) => page.getByRole('button', { name: 'Increase quantity' }).first().tap(),
    done: (page) => expect(page.getByRole('spinbutton', { name: 'Quantity' }).first()).toHaveValue('2'),
  },
  {
    name: 'add to cart',
    tap: (page) => page.locator('#main-add-button').tap(),
    done: (page) => expect(drawer(page)).toBeVisible(),
  },
  {
    name: 'close the cart',
    tap: (page) => page.getByRole('button', { name: 'Close cart' }).tap(),
    done: (page) => expect(drawer(page)).toBeHidden(),
  },
  {
    name: 'open the cart',
    tap: (page) => page.getByRole('button', { name: /^Cart, / }).tap(),
    done: (page) => expect(drawer(page)).toBeVisible(),
  },
];

type Entry = { interactionId: number; duration: number };
type BenchWindow = { benchEntries: () => Entry[] };
// Not yet in TypeScript's DOM types: the interaction an event belongs to, and how many interactions there were.
type EventEntry = PerformanceEventTiming & { interactionId: number };
const interactionCount = () => (performance as Performance & { interactionCount: number }).interactionCount;

/** Runs in the page before its own scripts: keeps the Event Timing entries of interactions until read. */
function recordEntries(threshold: number): void {
  const kept: Entry[] = [];
  const keep = (list: PerformanceEntryList) => {
    for (const { interactionId, duration } of list as EventEntry[])
      if (interactionId) kept.push({ interactionId, duration });
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'event', durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
  (window as unknown as BenchWindow).benchEntries = () => {
    keep(observer.takeRecords());
    return kept.splice(0);
  };
}

/** One pass through INTERACTIONS in a fresh browser; throws when a step does not happen. */
export async function measureInteractions(url: string): Promise<InteractionRun> {
  const loadAverage = loadavg()[0] ?? 0;
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const context = await mobileContext(browser);
    const page = await context.newPage();
    // Lighthouse's CPU benchmark, taken as Lighthouse takes it (a blank page, no slowdown), tells a busy machine.
    const benchmarkIndex = await page.evaluate(pageFunctions.computeBenchmarkIndex);
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(recordEntries, EVENT_THRESHOLD_MS);
    await page.goto(url, { waitUntil: 'networkidle' });
    const entries = () => page.evaluate(() => (window as unknown as BenchWindow).benchEntries());
    const latencyMs: InteractionRun['latencyMs'] = {};
    for (const step of INTERACTIONS) {
      await entries();
      const before = await page.evaluate(interactionCount);
      await step.tap(page);
      await step.done(page);
      await page.waitForFunction(
        (count) => (performance as Performance & { interactionCount: number }).interactionCount > count,
        before,
      );
      // An entry is reported after the paint that ends its interaction: two frames on, it is there.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))),
      );
      const latencies = [...interactionLatencies(await entries()).values()];
      latencyMs[step.name] = latencies.length ? Math.max(...latencies) : null;
    }
    return { latencyMs, benchmarkIndex, loadAverage: Math.max(loadAverage, loadavg()[0] ?? 0) };
  } finally {
    await browser.close();
  }
}
