// Interaction latency on the product page, as INP measures it: the page loads in Chromium on Lighthouse's phone
// (viewport, pixel ratio, user agent, touch) with the CPU slowed down 4x, as Lighthouse's mobile profile
// simulates it, and is driven with real touch input; the browser's Event Timing API times every interaction from
// input to the next paint, counted from when the page had the tap (DevTools holds an injected tap until the page
// has committed a frame, which a finger's tap never waits for: heldBeforeDelivery). Each pass is traced, so the
// slowest run of an interaction shows where its time went.
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { CHROME_FLAGS, CHROME_PATH, mobileContext } from './chrome.ts';
import {
  EVENT_THRESHOLD_MS,
  fromDelivery,
  longestEvent,
  median,
  phasesOf,
  type EventPhases,
  type InteractionRun,
  type Phases,
} from './summary.ts';
import { breakdown, heldBeforeDelivery, mainThreadOf, type Breakdown, type TraceEvent } from './trace-breakdown.ts';

export const CPU_SLOWDOWN = 4;

/** How long a control may take to be there and a step to be done. */
const STEP_TIMEOUT_MS = 15_000;
const CART = `document.querySelector('[role="dialog"][aria-labelledby="cart-title"]')`;

/**
 * A shopper's way through the product page, each step from where the one before left it: a tap on a control, then
 * what shows that it happened, both JavaScript expressions read in the page. The first is a control of the first
 * screen, so the page's first interaction is a tap (the others need a scroll first). The add opens the cart drawer
 * by itself, so the cart is closed before it is opened.
 */
interface Step {
  name: string;
  control: string;
  done: string;
}
const INTERACTIONS: Step[] = [
  {
    name: 'next image',
    control: `document.querySelector('button[aria-label="Next image"]')`,
    done: `document.querySelector('[data-testid="gallery-counter"]')?.textContent.trim() === '2 / 3'`,
  },
  {
    name: 'pick a variant',
    control: `[...document.querySelectorAll('[role="radiogroup"][aria-label="Color"] label span')].find((s) => s.textContent === 'Midnight Black')`,
    done: `/Midnight Black/.test(document.querySelector('[data-testid="gallery-main-image"]')?.alt ?? '')`,
  },
  {
    name: 'quantity +',
    control: `document.querySelector('button[aria-label="Increase quantity"]')`,
    done: `document.getElementById('quantity')?.value === '2'`,
  },
  { name: 'add to cart', control: `document.getElementById('main-add-button')`, done: `!!${CART}?.checkVisibility()` },
  {
    name: 'close the cart',
    control: `${CART}?.querySelector('button[aria-label="Close cart"]')`,
    done: `!${CART}?.checkVisibility()`,
  },
  {
    name: 'open the cart',
    control: `document.querySelector('button[aria-label^="Cart, "]')`,
    done: `!!${CART}?.checkVisibility()`,
  },
];

/** Frames a control may take to come to rest (a drawer sliding in) before the tap is given up. */
const STILL_WITHIN_FRAMES = 120;

/** Runs in the page: the middle of an enabled control at rest, in view and on top there, or why not. */
async function restingPoint(element: Element | null | undefined, frames: number) {
  if (!element) return 'not there';
  if ((element as HTMLButtonElement).disabled) return 'disabled';
  (element as Element & { scrollIntoViewIfNeeded: (center: boolean) => void }).scrollIntoViewIfNeeded(true);
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
}

/**
 * Reads an expression in the page every 50 ms until its value is `ready`, or fails after STEP_TIMEOUT_MS with what
 * the last value says; Playwright's own waits would add its script to the page.
 */
async function poll<T, R extends T>(
  page: Page,
  expression: string,
  ready: (value: T) => value is R,
  failure: (last: Exclude<T, R>) => string,
): Promise<R> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (;;) {
    const value = (await page.evaluate(expression)) as T;
    if (ready(value)) return value;
    // Not ready, so not an R; TypeScript does not narrow a type parameter by a predicate's false branch.
    if (Date.now() > deadline) throw new Error(failure(value as Exclude<T, R>));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function until(page: Page, expression: string, what: string): Promise<void> {
  await poll(
    page,
    `!!(${expression})`,
    (done: boolean): done is true => done,
    () => `${what}: not within ${STEP_TIMEOUT_MS / 1000} s (${expression})`,
  );
}

/**
 * A shopper's tap on the middle of a control, with nothing of the harness in the page: no Playwright locator or
 * wait is used on these pages, since Playwright's page script keeps listeners on every tap event (non-passive
 * touch listeners make the browser wait for the page before it goes on with a tap: about 8 ms of every tap at 4x).
 * The checks its tap() makes come first instead: there, enabled, in view, at rest for a frame and on top.
 */
async function touch(page: Page, control: string, what: string): Promise<void> {
  const point = await poll(
    page,
    `(${restingPoint.toString()})(${control}, ${STILL_WITHIN_FRAMES})`,
    (found: Awaited<ReturnType<typeof restingPoint>>) => typeof found !== 'string',
    (why) => `Cannot tap for ${what}: ${why}`,
  );
  await page.touchscreen.tap(point.x, point.y);
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
  await touch(page, step.control, step.name);
  await until(page, step.done, step.name);
  await until(page, `performance.interactionCount > ${before}`, `${step.name} reported`);
  // An entry is reported after the paint that ends its interaction: two frames on, it is there.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))),
  );
  return longestEvent(await entries());
}

/** Taps on the floor page's button; their median is the run's floor for a tap. */
const FLOOR_TAPS = 3;
const FLOOR_BUTTON = 'bench-floor-tap';

/**
 * The floor of a tap on this machine: the floor page (the product page's first screen, no JavaScript) given a button
 * that only changes its own text, tapped as the steps are. Touch input, hit testing and one frame of the first
 * screen cost this much before any code of the page runs; every interaction's figure includes it.
 */
async function floorTap(browser: Browser, floorUrl: string, traceDir: string): Promise<number> {
  const context = await mobileContext(browser);
  try {
    const page = await phone(context, floorUrl);
    await page.evaluate((id) => {
      const button = Object.assign(document.createElement('button'), { id, type: 'button', textContent: '0' });
      // Through the CSSOM, which the page policy allows (a style attribute it refuses).
      button.style.cssText = 'position:fixed;top:40%;left:25%;width:50%;height:3rem;z-index:1';
      button.addEventListener('click', () => (button.textContent = String(Number(button.textContent) + 1)));
      document.body.append(button);
    }, FLOOR_BUTTON);
    const button = `document.getElementById('${FLOOR_BUTTON}')`;
    // Traced as the passes are, so its taps are counted from the page's receipt too.
    const file = join(traceDir, 'floor-tap.json');
    await browser.startTracing(page, { path: file, categories: TRACE_CATEGORIES });
    await page.evaluate((name) => performance.mark(name), CLOCK_MARK);
    const entries: (Entry | undefined)[] = [];
    for (let tap = 1; tap <= FLOOR_TAPS; tap++) {
      entries.push(
        await timed(page, { name: 'floor tap', control: button, done: `${button}.textContent === '${tap}'` }),
      );
    }
    await browser.stopTracing();
    const trace = readTrace(file);
    return median(entries.map((e) => (e ? Math.round(delivered(trace, e).entry.duration) : EVENT_THRESHOLD_MS)));
  } finally {
    await context.close();
  }
}

/** A traced pass's events, its page's main thread and the offset from the page's clock to the trace's (µs). */
function readTrace(file: string) {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const thread = mainThreadOf(events, CLOCK_MARK);
  const mark = events.find((e) => e.name === CLOCK_MARK);
  return { events, thread, markTs: mark?.ts ?? 0 };
}

/** An entry counted from the page's receipt of its tap, and how long before that the browser held it (ms). */
function delivered(trace: ReturnType<typeof readTrace>, entry: Entry) {
  const held = (trace.thread && heldBeforeDelivery(trace.events, trace.thread, entry.startTime)) ?? 0;
  return { entry: fromDelivery(entry, held), held };
}

/**
 * The steps in a fresh context, traced: per step its latency (the longest event of its interaction, from the page's
 * receipt of the tap) and where that event's time went on the main thread.
 */
async function pass(browser: Browser, url: string, steps: Step[], traceDir: string) {
  const context = await mobileContext(browser);
  try {
    const page = await phone(context, url);
    const file = join(traceDir, `interactions-${++passes}.json`);
    await browser.startTracing(page, { path: file, categories: TRACE_CATEGORIES });
    const clockMs = await page.evaluate((name) => performance.mark(name).startTime, CLOCK_MARK);
    const longest: Record<string, Entry | undefined> = {};
    for (const step of steps) longest[step.name] = await timed(page, step);
    await browser.stopTracing();
    const trace = readTrace(file);
    // Trace time is in microseconds on another origin: the mark is at both.
    const offset = trace.markTs - clockMs * 1000;
    const latencyMs: InteractionRun['latencyMs'] = {};
    const breakdownMs: Record<string, Breakdown> = {};
    const phasesMs: Record<string, Phases> = {};
    const heldMs: Record<string, number> = {};
    for (const [name, raw] of Object.entries(longest)) {
      if (!raw) {
        latencyMs[name] = null;
        continue;
      }
      const { entry, held } = delivered(trace, raw);
      latencyMs[name] = Math.round(entry.duration);
      phasesMs[name] = phasesOf(entry);
      heldMs[name] = held;
      if (!trace.thread) continue;
      const from = offset + entry.startTime * 1000;
      breakdownMs[name] = breakdown(trace.events, trace.thread, from, from + entry.duration * 1000);
    }
    return { latencyMs, breakdownMs, phasesMs, heldMs, trace: file };
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
    const floorTapMs = floorUrl === undefined ? undefined : await floorTap(browser, floorUrl, traceDir);
    const traces: Record<string, string> = { [FIRST_TAP.name]: first.trace };
    for (const name of Object.keys(rest.latencyMs)) traces[name] = rest.trace;
    return {
      latencyMs: { ...rest.latencyMs, ...first.latencyMs },
      breakdownMs: { ...rest.breakdownMs, ...first.breakdownMs },
      phasesMs: { ...rest.phasesMs, ...first.phasesMs },
      heldMs: { ...rest.heldMs, ...first.heldMs },
      traces,
      ...(floorTapMs === undefined ? {} : { floorTapMs }),
      benchmarkIndex,
      loadAverage: Math.max(loadAverage, loadavg()[0] ?? 0),
    };
  } finally {
    await browser.close();
  }
}
