// What the cross-engine tests need of a browser, the same in WebKit (WebKitWebDriver, webdriverio) and Gecko (Firefox
// ESR over WebDriver BiDi, puppeteer-core): a page to drive with real clicks and keys, and what it shows.

import { TEST_PORT } from '../../scripts/server/config.ts';

/** The shop under test: `npm start --no-build` serving the build the Chromium tests made, on the test port. */
export const SHOP = `http://127.0.0.1:${TEST_PORT}`;

/** A CSS selector, or an XPath one (`//…`), which both drivers take. */
export type Selector = string;

export interface Tab {
  /** Opens `path` and waits until every island that hydrates unprompted has hydrated. */
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  click(selector: Selector): Promise<void>;
  /** A key as WebDriver names it: 'Tab', 'Escape', 'Enter'. */
  press(key: 'Tab' | 'Escape' | 'Enter'): Promise<void>;
  count(selector: Selector): Promise<number>;
  /** Whether the element is on screen (rendered and not `visibility: hidden`). */
  visible(selector: Selector): Promise<boolean>;
  text(selector: Selector): Promise<string>;
  evaluate<T>(script: string): Promise<T>;
  screenshot(file: string): Promise<void>;
  /** Uncaught errors, console errors and refusals of the page policy seen so far on this tab. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

export interface Session {
  readonly engine: 'webkit' | 'firefox';
  readonly window: Window;
  /** A tab of its own, its storage and cookies cleared, on the demo shop's origin. */
  freshTab(cookies?: Record<string, string>): Promise<Tab>;
  /** Another tab sharing the first one's storage. */
  secondTab(): Promise<Tab>;
  close(): Promise<void>;
}

export interface Window {
  name: 'phone' | 'desktop';
  width: number;
  height: number;
}

export const WINDOWS: Window[] = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
];

/** Long enough for a slow machine; a failure, never a wait: `until` returns as soon as the page shows it. */
const PATIENCE_MS = 15_000;

/** Waits until `check` holds (polling what the page shows), or fails saying what was awaited and what was seen. */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  holds: (value: T) => boolean,
  patienceMs = PATIENCE_MS,
): Promise<T> {
  const deadline = Date.now() + patienceMs;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (holds(last)) return last;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline)
      throw new Error(`Waited ${patienceMs} ms for ${what}; last seen: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether the page's islands that hydrate unprompted have hydrated (Astro removes `ssr` then). */
export const HYDRATED = `[...document.querySelectorAll('astro-island')].every((island) => {
  const when = island.getAttribute('client');
  return !island.hasAttribute('ssr') || (when !== 'load' && when !== 'idle' && when !== 'intent');
})`;

/** An element by its exact accessible text (its aria-label, or its text). */
export const byName = (tag: string, name: string): Selector =>
  `//${tag}[@aria-label=${literal(name)} or normalize-space(.)=${literal(name)}]`;

/** An XPath string literal for any text. */
function literal(text: string): string {
  if (!text.includes("'")) return `'${text}'`;
  if (!text.includes('"')) return `"${text}"`;
  return `concat('${text.split("'").join(`', "'", '`)}')`;
}
