// Interaction latency on the product page, as INP measures it: the page loads in Chromium on Lighthouse's phone
// (viewport, pixel ratio, user agent, touch) with the CPU slowed down 4x, as Lighthouse's mobile profile
// simulates it, and is driven with real touch input; the browser's Event Timing API times every interaction from
// input to the next paint. Each pass is traced, so the slowest run of an interaction shows where its time went.
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, expect as playwrightExpect, type Browser, type Page } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { CHROME_FLAGS, CHROME_PATH, mobileContext } from './chrome.ts';
import { EVENT_THRESHOLD_MS, longestEvent, type InteractionRun } from './summary.ts';
import { breakdown, mainThreadOf, type Breakdown, type TraceEvent } from './trace-breakdown.ts';

export const CPU_SLOWDOWN = 4;

const expect = playwrightExpect.configure({ timeout: 15_000 });
const drawer = (page: Page) => page.getByRole('dialog', { name: /Your cart/ });

/**
 * A shopper's way through the product page, each step from where the one before left it: a tap, then what shows
 * that it happened. The first is a control of the first screen, so the page's first interaction is a tap (the
 * others need a scroll first). The add opens the cart drawer by itself, so the cart is closed before it is opened.
 */
interface Step {
  name: string;
  tap: (page: Page) => Promise<void>;
  done: (page: Page) => Promise<void>;
}
const INTERACTIONS: Step[] = [
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

/** A load of its own whose first interaction is a pick: work the page starts at a first tap must not sit in it. */
const FIRST_TAP: Step = { ...INTERACTIONS[1]!, name: 'pick a variant, as the first tap' };

type Entry = { interactionId: number; duration: number; startTime: number };
type BenchWindow = { benchEntries: () => Entry[] };
// Not yet in TypeScript's DOM types: the interaction an event belongs to, and how many interactions there were.
type EventEntry = PerformanceEventTiming & { interactionId: number };
const interactionCount = () => (performance as Performance & { interactionCount: number }).interactionCount;

/** Runs in the page before its own scripts: keeps the Event Timing entries of interactions until read. */
function recordEntries(threshold: number): void {
  const kept: Entry[] = [];
  const keep = (list: PerformanceEntryList) => {
    for (const { interactionId, duration, startTime } of list as EventEntry[])
      if (interactionId) kept.push({ interactionId, duration, startTime });
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'event', durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
  (window as unknown as BenchWindow).benchEntries = () => {
    keep(observer.takeRecords());
    return kept.splice(0);
  };
}

const TRACE_CATEGORIES = ['devtools.timeline', 'blink.user_timing'];
const CLOCK_MARK = 'bench:clock';
let passes = 0;

/**
 * The steps in a fresh context, traced: per step its latency (the longest event of its interaction) and where that
 * event's time went on the main thread.
 */
async function pass(browser: Browser, url: string, steps: Step[], traceDir: string) {
  const context = await mobileContext(browser);
  try {
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(recordEntries, EVENT_THRESHOLD_MS);
    await page.goto(url, { waitUntil: 'networkidle' });
    const trace = join(traceDir, `interactions-${++passes}.json`);
    await browser.startTracing(page, { path: trace, categories: TRACE_CATEGORIES });
    const clockMs = await page.evaluate((name) => performance.mark(name).startTime, CLOCK_MARK);
    const entries = () => page.evaluate(() => (window as unknown as BenchWindow).benchEntries());
    const longest: Record<string, Entry | undefined> = {};
    for (const step of steps) {
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
      longest[step.name] = longestEvent(await entries());
    }
    await browser.stopTracing();
    const events = (JSON.parse(readFileSync(trace, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const thread = mainThreadOf(events, CLOCK_MARK);
    // Trace time is in microseconds on another origin: the mark is at both.
    const offset = (events.find((e) => e.name === CLOCK_MARK)?.ts ?? 0) - clockMs * 1000;
    const latencyMs: InteractionRun['latencyMs'] = {};
    const breakdownMs: Record<string, Breakdown> = {};
    for (const [name, entry] of Object.entries(longest)) {
      latencyMs[name] = entry?.duration ?? null;
      if (!entry || !thread) continue;
      const from = offset + entry.startTime * 1000;
      breakdownMs[name] = breakdown(events, thread, from, from + entry.duration * 1000);
    }
    return { latencyMs, breakdownMs, trace };
  } finally {
    await context.close();
  }
}

/** One pass through INTERACTIONS and one first tap, each in a fresh context; throws when a step does not happen. */
export async function measureInteractions(url: string, traceDir: string): Promise<InteractionRun> {
  const loadAverage = loadavg()[0] ?? 0;
  mkdirSync(traceDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    // Lighthouse's CPU benchmark, taken as Lighthouse takes it (a blank page, no slowdown), tells a busy machine.
    const blank = await (await mobileContext(browser)).newPage();
    const benchmarkIndex = await blank.evaluate(pageFunctions.computeBenchmarkIndex);
    await blank.context().close();
    const first = await pass(browser, url, [FIRST_TAP], traceDir);
    const rest = await pass(browser, url, INTERACTIONS, traceDir);
    const traces: Record<string, string> = { [FIRST_TAP.name]: first.trace };
    for (const name of Object.keys(rest.latencyMs)) traces[name] = rest.trace;
    return {
      latencyMs: { ...rest.latencyMs, ...first.latencyMs },
      breakdownMs: { ...rest.breakdownMs, ...first.breakdownMs },
      traces,
      benchmarkIndex,
      loadAverage: Math.max(loadAverage, loadavg()[0] ?? 0),
    };
  } finally {
    await browser.close();
  }
}
