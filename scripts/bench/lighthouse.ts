// One Lighthouse 13 run (mobile defaults: moto g power emulation, simulated slow 4G throttling) in a fresh
// Chromium, reduced to the figures the bench reports plus what explains them (LCP element and its breakdown,
// render-blocking requests, long tasks, script boot-up time).
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, CHROME_PATH } from './chrome.ts';

export const WALLET_SDK = /\/demo-wallet\/|paypal\.com\/sdk/;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface RequestFigure {
  url: string;
  resourceType: string;
  transferBytes: number;
  resourceBytes: number;
  /** Content-Encoding the server answered with ('' when none). */
  encoding: string;
}

export type CategoryKey = 'performance' | 'accessibility' | 'bestPractices' | 'seo';
const CATEGORY_KEYS: Record<(typeof CATEGORIES)[number], CategoryKey> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'bestPractices',
  seo: 'seo',
};

export interface RunFigures {
  scores: Record<CategoryKey, number>;
  /** The scored audits of each category (weight > 0), so a score can be recomputed without an exempt audit. */
  scoredAudits: Record<CategoryKey, { id: string; weight: number; score: number | null }[]>;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalTransferBytes: number;
  scripts: RequestFigure[];
  jsTransferBytes: number;
  walletSdkRequested: string[];
  requests: RequestFigure[];
  diagnostics: {
    lcpElement?: { selector?: string; snippet?: string; nodeLabel?: string };
    lcpBreakdownMs: Record<string, number>;
    renderBlocking: { url: string; transferBytes: number; wastedMs: number }[];
    longTasks: { url: string; startMs: number; durationMs: number }[];
    bootup: { url: string; totalMs: number; scriptingMs: number; parseCompileMs: number }[];
    /** Main-thread time by kind of work (script evaluation, style and layout, parsing ...), simulated. */
    mainThreadMs: Record<string, number>;
    /** Layout shifts: the element that moved most, the shift's score and its root causes (unsized media, fonts ...). */
    layoutShifts: { selector: string; snippet: string; score: number; causes: string[] }[];
    /** Audits of the scored categories that did not pass: what lowers a score below 1. */
    failingAudits: { category: string; id: string; title: string; score: number }[];
  };
  benchmarkIndex?: number;
  /** Higher one-minute load average of the machine at the start and end of the run (other work inflates CPU figures). */
  loadAverage: number;
  warnings: string[];
}

type Row = Record<string, unknown>;

function rowsOf(details: unknown): Row[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? items.filter((i): i is Row => typeof i === 'object' && i !== null) : [];
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Content-Encoding per URL from the DevTools log (the network-requests audit does not carry headers). */
function encodings(devtoolsLog: readonly { method: string; params?: unknown }[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const event of devtoolsLog) {
    if (event.method !== 'Network.responseReceived') continue;
    const response = (event.params as { response?: { url?: string; headers?: Record<string, string> } }).response;
    if (!response?.url) continue;
    const header = Object.entries(response.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-encoding');
    out.set(response.url, header?.[1] ?? '');
  }
  return out;
}

function failingAudits(lhr: import('lighthouse').Result): RunFigures['diagnostics']['failingAudits'] {
  const out: RunFigures['diagnostics']['failingAudits'] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && typeof audit.score === 'number' && audit.score < 1) {
        out.push({ category, id: ref.id, title: audit.title, score: audit.score });
      }
    }
  }
  return out;
}

function scoredAudits(lhr: import('lighthouse').Result): RunFigures['scoredAudits'] {
  const out = {} as RunFigures['scoredAudits'];
  for (const category of CATEGORIES) {
    out[CATEGORY_KEYS[category]] = (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => ({ id: ref.id, weight: ref.weight, score: lhr.audits[ref.id]?.score ?? null }));
  }
  return out;
}

/**
 * Puts `items` in the localStorage of `url`'s origin, through a page that loads nothing else (robots.txt), so the
 * measured load still starts with an empty cache.
 */
async function seedLocalStorage(port: number, url: string, items: Record<string, string>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(new URL('/robots.txt', url).href);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, items);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run of `url`; `localStorage` is what the shopper's browser holds for the origin beforehand. */
export async function runLighthouse(url: string, localStorage?: Record<string, string>): Promise<RunFigures> {
  const loadAverage = loadavg()[0] ?? 0;
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    if (localStorage) await seedLocalStorage(chrome.port, url, localStorage);
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
      // The full-page screenshot resizes the viewport after load, which would hydrate client:visible islands
      // outside the measured load; it is also the slowest gatherer.
      disableFullPageScreenshot: true,
      // Lighthouse empties the origin's storage (and the cache) before loading, unless told not to: the seeded
      // storage must survive; the cache holds only robots.txt, so the load stays a first visit.
      ...(localStorage ? { disableStorageReset: true } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr, artifacts } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const audits = lhr.audits;
    const score = (id: string) => {
      const value = lhr.categories[id]?.score;
      if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id} score`);
      return value;
    };
    const metric = (id: string) => {
      const value = audits[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id} value`);
      return value;
    };
    const encodingOf = encodings(artifacts.DevtoolsLog);
    const requests: RequestFigure[] = rowsOf(audits['network-requests']?.details).map((row) => ({
      url: str(row['url']),
      resourceType: str(row['resourceType']),
      transferBytes: num(row['transferSize']),
      resourceBytes: num(row['resourceSize']),
      encoding: encodingOf.get(str(row['url'])) ?? '',
    }));
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    const [breakdownTable, lcpNode] = rowsOf(audits['lcp-breakdown-insight']?.details);
    const lcpElement = lcpNode ?? rowsOf(audits['largest-contentful-paint-element']?.details)[0];
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
      },
      scoredAudits: scoredAudits(lhr),
      lcpMs: metric('largest-contentful-paint'),
      fcpMs: metric('first-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
      totalTransferBytes: requests.reduce((sum, r) => sum + r.transferBytes, 0),
      scripts,
      jsTransferBytes: scripts.reduce((sum, r) => sum + r.transferBytes, 0),
      walletSdkRequested: requests.map((r) => r.url).filter((u) => WALLET_SDK.test(u)),
      requests,
      diagnostics: {
        lcpElement: lcpElement
          ? { selector: str(lcpElement['selector']), snippet: str(lcpElement['snippet']), nodeLabel: str(lcpElement['nodeLabel']) }
          : undefined,
        lcpBreakdownMs: Object.fromEntries(rowsOf(breakdownTable).map((r) => [str(r['subpart']), Math.round(num(r['duration']))])),
        renderBlocking: rowsOf(audits['render-blocking-insight']?.details).map((r) => ({
          url: str(r['url']),
          transferBytes: num(r['totalBytes']),
          wastedMs: Math.round(num(r['wastedMs'])),
        })),
        longTasks: rowsOf(audits['long-tasks']?.details).map((r) => ({
          url: str(r['url']),
          startMs: Math.round(num(r['startTime'])),
          durationMs: Math.round(num(r['duration'])),
        })),
        bootup: rowsOf(audits['bootup-time']?.details).map((r) => ({
          url: str(r['url']),
          totalMs: Math.round(num(r['total'])),
          scriptingMs: Math.round(num(r['scripting'])),
          parseCompileMs: Math.round(num(r['scriptParseCompile'])),
        })),
        mainThreadMs: Object.fromEntries(
          rowsOf(audits['mainthread-work-breakdown']?.details).map((r) => [str(r['group']), Math.round(num(r['duration']))]),
        ),
        layoutShifts: rowsOf(audits['layout-shifts']?.details).map((r) => {
          const node = (r['node'] ?? {}) as Row;
          return {
            selector: str(node['selector']),
            snippet: str(node['snippet']),
            score: num(r['score']),
            causes: rowsOf(r['subItems']).map((sub) => str(sub['cause'])),
          };
        }),
        failingAudits: failingAudits(lhr),
      },
      benchmarkIndex: lhr.environment.benchmarkIndex,
      loadAverage: Math.max(loadAverage, loadavg()[0] ?? 0),
      warnings: lhr.runWarnings.map(String),
    };
  } finally {
    await chrome.kill();
  }
}
