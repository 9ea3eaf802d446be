// One Lighthouse 13 run (mobile defaults: moto g power emulation, simulated slow 4G, 4x CPU slowdown) in a fresh
// Chromium, reduced to the figures the bench reports. Lighthouse's own HTML report of the run is kept beside the
// results: it explains a figure (LCP element and breakdown, render-blocking requests, long tasks, script work).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { WALLET_PAGES } from '../../src/build/index.ts';
import { CHROME_FLAGS, CHROME_PATH } from './chrome.ts';
import { afterLcp, type AfterLcp } from './after-lcp.ts';
import { forgetSimulations, lastLcpPath, type PathRequest } from './lcp-path.ts';

/** The demo's stand-in or a wallet's real SDK. */
const isWalletSdk = (url: string) => url.includes('/demo-wallet/') || WALLET_PAGES.some((w) => w.sdkScript.test(url));
const CATEGORIES = {
  performance: 'performance',
  accessibility: 'accessibility',
  bestPractices: 'best-practices',
  seo: 'seo',
} as const;
export type CategoryKey = keyof typeof CATEGORIES;

export interface RunFigures {
  scores: Record<CategoryKey, number>;
  /** The scored audits of each category (weight > 0), so a score can be recomputed without an exempt audit. */
  scoredAudits: Record<CategoryKey, { id: string; weight: number; score: number | null }[]>;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /**
   * Main-thread work of the load (Lighthouse's mainthread-work-breakdown): what this machine did, times the 4x CPU
   * slowdown Lighthouse simulates.
   */
  mainThreadMs: number;
  cls: number;
  speedIndexMs: number;
  totalTransferBytes: number;
  /** Script requests of the load (Lighthouse does not interact: this is what loads before interaction). */
  scripts: { url: string; transferBytes: number }[];
  jsTransferBytes: number;
  walletSdkRequested: string[];
  benchmarkIndex?: number;
  /** Higher one-minute load average of the machine at the start and end of the run (other work inflates CPU figures). */
  loadAverage: number;
  /** Lighthouse's HTML report of this run. */
  report: string;
  /** The requests on the path to the LCP as Lighthouse simulated the load. */
  lcpPath?: PathRequest[];
  /** How much of the main thread's work came after the LCP, from the run's trace. */
  afterLcp?: AfterLcp;
}

/**
 * Puts `items` in the localStorage of `url`'s origin, through a page that loads nothing else (robots.txt), so the
 * measured load still starts with an empty cache.
 */
async function seedLocalStorage(port: number, url: string, items: Record<string, string>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await (browser.contexts()[0] ?? (await browser.newContext())).newPage();
    await page.goto(new URL('/robots.txt', url).href);
    await page.evaluate((entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v)), items);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run of `url`; `localStorage` is what the shopper's browser holds for the origin beforehand. */
export async function runLighthouse(
  url: string,
  report: string,
  localStorage?: Record<string, string>,
): Promise<RunFigures> {
  const loadAverage = loadavg()[0] ?? 0;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    if (localStorage) await seedLocalStorage(chrome.port, url, localStorage);
    forgetSimulations();
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'html',
      onlyCategories: Object.values(CATEGORIES),
      // The full-page screenshot resizes the viewport after load, which would hydrate client:visible islands
      // outside the measured load; it is also the slowest gatherer.
      disableFullPageScreenshot: true,
      // Lighthouse empties the origin's storage (and the cache) before loading, unless told not to: the seeded
      // storage must survive; the cache holds only robots.txt, so the load stays a first visit.
      disableStorageReset: Boolean(localStorage),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    writeFileSync(report, String(result.report));
    const metric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id} value`);
      return value;
    };
    const scores = {} as RunFigures['scores'];
    const scoredAudits = {} as RunFigures['scoredAudits'];
    for (const [key, id] of Object.entries(CATEGORIES) as [CategoryKey, string][]) {
      const category = lhr.categories[id];
      if (typeof category?.score !== 'number') throw new Error(`Lighthouse gave no ${id} score`);
      scores[key] = category.score;
      scoredAudits[key] = category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => ({ id: ref.id, weight: ref.weight, score: lhr.audits[ref.id]?.score ?? null }));
    }
    const details = lhr.audits['network-requests']?.details;
    const requests = (details?.type === 'table' ? details.items : []) as {
      url: string;
      resourceType?: string;
      transferSize?: number;
    }[];
    const scripts = requests
      .filter((r) => r.resourceType === 'Script')
      .map((r) => ({ url: r.url, transferBytes: r.transferSize ?? 0 }));
    return {
      scores,
      scoredAudits,
      lcpMs: metric('largest-contentful-paint'),
      fcpMs: metric('first-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      mainThreadMs: metric('mainthread-work-breakdown'),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
      totalTransferBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      scripts,
      jsTransferBytes: scripts.reduce((sum, s) => sum + s.transferBytes, 0),
      walletSdkRequested: requests.map((r) => r.url).filter(isWalletSdk),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      loadAverage: Math.max(loadAverage, loadavg()[0] ?? 0),
      report,
      lcpPath: lastLcpPath(new URL(url).origin),
      afterLcp: afterLcp(result.artifacts.Trace.traceEvents),
    };
  } finally {
    chrome.kill();
  }
}
