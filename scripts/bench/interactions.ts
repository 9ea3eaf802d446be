// Interaction latency on the product page, as INP measures it: the page loads in Chromium on Lighthouse's phone
// (viewport, pixel ratio, user agent, touch) with the CPU slowed down 4x, as Lighthouse's mobile profile
// simulates it, and is driven with real touch input; the browser's Event Timing API times every interaction from
// input to the next paint. Each pass is traced, so the slowest run of an interaction shows where its time went.
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  expect as playwrightExpect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { CHROME_FLAGS, CHROME_PATH, mobileContext } from './chrome.ts';
import {
  EVENT_THRESHOLD_MS,
  longestEvent,
  median,
  phasesOf,
  type EventPhases,
  type InteractionRun,
  type Phases,
} from './summary.ts';
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
    tap: (page) => touch(page.getByRole('button', { name: 'Next image' })),
    done: (page) => expect(page.getByTestId('gallery-counter')).toHaveText('2 / 3'),
  },
  {
    name: 'pick a variant',
    tap: (page) => touch(page.getByRole('radiogroup', { name: 'Color' }).getByText('Midnight Black', { exact: true })),
    done: (page) => expect(page.getByTestId('gallery-main-image')).toHaveAttribute('alt', /Midnight Black/),
  },
  {
    name: 'quantity +',
    tap: (page) => touch(page.getByRole('button', { name: 'Increase quantity' }).first()),
    done: (page) => expect(page.getByRole('spinbutton', { name: 'Quantity' }).first()).toHaveValue('2'),
  },
  {
    name: 'add to cart',
    tap: (page) => touch(page.locator('#main-add-button')),
    done: (page) => expect(drawer(page)).toBeVisible(),
  },
  {
    name: 'close the cart',
    tap: (page) => touch(page.getByRole('button', { name: 'Close cart' })),
    done: (page) => expect(drawer(page)).toBeHidden(),
  },
  {
    name: 'open the cart',
    tap: (page) => touch(page.getByRole('button', { name: /^Cart, / })),
    done: (page) => expect(drawer(page)).toBeVisible(),
  },
];

/** Frames a control may take to come to rest (a drawer sliding in) before the tap is given up. */
const STILL_WITHIN_FRAMES = 120;

/**
 * A shopper's tap on the middle of a control, with nothing of the harness in the page while the tap is handled.
 * Playwright's own tap() listens to the tap's events in the page to check what they hit, and that work counted in
 * the interaction (2 to 12 ms at 4x in the traces). The same checks come first instead: in view, enabled, at rest
 * for a frame, and on top at the point tapped.
 */
async function touch(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeEnabled();
  const point = await control.evaluate(async (element, frames) => {
    const middle = () => {
      const box = element.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    let at = middle();
    for (let frame = 0; frame < frames; frame++) {
      await new Promise(requestAnimationFrame);
      const now = middle();
      if (now.x === at.x && now.y === at.y) {
        const top = document.elementFromPoint(at.x, at.y);
        return top && element.contains(top) ? at : `covered by ${top?.outerHTML.slice(0, 80) ?? 'nothing'}`;
      }
      at = now;
    }
    return `still moving after ${frames} frames`;
  }, STILL_WITHIN_FRAMES);
  if (typeof point === 'string') throw new Error(`Cannot tap ${control.toString()}: ${point}`);
  await control.page().touchscreen.tap(point.x, point.y);
}

/** A load of its own whose first interaction is a pick: work the page starts at a first tap must not sit in it. */
const FIRST_TAP: Step = { ...INTERACTIONS[1]!, name: 'pick a variant, as the first tap' };

type Entry = EventPhases & { interactionId: number };
type BenchWindow = { benchEntries: () => Entry[] };
// Not yet in TypeScript's DOM types: the interaction an event belongs to, and how many interactions there were.
type EventEntry = PerformanceEventTiming & { interactionId: number };
const interactionCount = () => (performance as Performance & { interactionCount: number }).interactionCount;

/** Runs in the page before its own scripts: keeps the Event Timing entries of interactions until read. */
function recordEntries(threshold: number): void {
  const kept: Entry[] = [];
  const keep = (list: PerformanceEntryList) => {
    for (const { interactionId, duration, startTime, processingStart, processingEnd } of list as EventEntry[])
      if (interactionId) kept.push({ interactionId, duration, startTime, processingStart, processingEnd });
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

/** The page on the bench's phone, its CPU slowed down, keeping its interactions' entries. */
async function phone(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(recordEntries, EVENT_THRESHOLD_MS);
  await page.goto(url, { waitUntil: 'networkidle' });
  return page;
}

/** A step made and seen done; its interaction's longest event once the browser has reported it. */
async function timed(page: Page, step: Step): Promise<Entry | undefined> {
  const entries = () => page.evaluate(() => (window as unknown as BenchWindow).benchEntries());
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
  return longestEvent(await entries());
}

/** Taps on the floor page's button; their median is the run's floor for a tap. */
const FLOOR_TAPS = 3;

/**
 * The floor of a tap on this machine: the floor page (the product page's first screen, no JavaScript) given a button
 * that only changes its own text, tapped as the steps are. Touch input, hit testing and one frame of the first
 * screen cost this much before any code of the page runs; every interaction's figure includes it.
 */
async function floorTap(browser: Browser, floorUrl: string): Promise<number> {
  const context = await mobileContext(browser);
  try {
    const page = await phone(context, floorUrl);
    await page.evaluate(() => {
      const button = Object.assign(document.createElement('button'), { type: 'button', textContent: '0' });
      // Through the CSSOM, which the page policy allows (a style attribute it refuses).
      button.style.cssText = 'position:fixed;top:40%;left:25%;width:50%;height:3rem;z-index:1';
      button.addEventListener('click', () => (button.textContent = String(Number(button.textContent) + 1)));
      document.body.append(button);
    });
    const button = page.getByRole('button', { name: /^\d+$/ });
    const taps: number[] = [];
    for (let tap = 1; tap <= FLOOR_TAPS; tap++) {
      const entry = await timed(page, {
        name: 'floor tap',
        tap: () => touch(button),
        done: () => expect(button).toHaveText(String(tap)),
      });
      taps.push(entry?.duration ?? EVENT_THRESHOLD_MS);
    }
    return median(taps);
  } finally {
    await context.close();
  }
}

/**
 * The steps in a fresh context, traced: per step its latency (the longest event of its interaction) and where that
 * event's time went on the main thread.
 */
async function pass(browser: Browser, url: string, steps: Step[], traceDir: string) {
  const context = await mobileContext(browser);
  try {
    const page = await phone(context, url);
    const trace = join(traceDir, `interactions-${++passes}.json`);
    await browser.startTracing(page, { path: trace, categories: TRACE_CATEGORIES });
    const clockMs = await page.evaluate((name) => performance.mark(name).startTime, CLOCK_MARK);
    const longest: Record<string, Entry | undefined> = {};
    for (const step of steps) longest[step.name] = await timed(page, step);
    await browser.stopTracing();
    const events = (JSON.parse(readFileSync(trace, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const thread = mainThreadOf(events, CLOCK_MARK);
    // Trace time is in microseconds on another origin: the mark is at both.
    const offset = (events.find((e) => e.name === CLOCK_MARK)?.ts ?? 0) - clockMs * 1000;
    const latencyMs: InteractionRun['latencyMs'] = {};
    const breakdownMs: Record<string, Breakdown> = {};
    const phasesMs: Record<string, Phases> = {};
    for (const [name, entry] of Object.entries(longest)) {
      latencyMs[name] = entry?.duration ?? null;
      if (entry) phasesMs[name] = phasesOf(entry);
      if (!entry || !thread) continue;
      const from = offset + entry.startTime * 1000;
      breakdownMs[name] = breakdown(events, thread, from, from + entry.duration * 1000);
    }
    return { latencyMs, breakdownMs, phasesMs, trace };
  } finally {
    await context.close();
  }
}

/**
 * One pass through INTERACTIONS and one first tap, each in a fresh context, and the floor page's tap when there is
 * one; throws when a step does not happen.
 */
export async function measureInteractions(url: string, traceDir: string, floorUrl?: string): Promise<InteractionRun> {
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
    const floorTapMs = floorUrl === undefined ? undefined : await floorTap(browser, floorUrl);
    const traces: Record<string, string> = { [FIRST_TAP.name]: first.trace };
    for (const name of Object.keys(rest.latencyMs)) traces[name] = rest.trace;
    return {
      latencyMs: { ...rest.latencyMs, ...first.latencyMs },
      breakdownMs: { ...rest.breakdownMs, ...first.breakdownMs },
      phasesMs: { ...rest.phasesMs, ...first.phasesMs },
      traces,
      ...(floorTapMs === undefined ? {} : { floorTapMs }),
      benchmarkIndex,
      loadAverage: Math.max(loadAverage, loadavg()[0] ?? 0),
    };
  } finally {
    await browser.close();
  }
}
