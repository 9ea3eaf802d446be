// The bench's Chromium: the project's flags (scripts/chromium.ts), headless for chrome-launcher, and the phone that
// Lighthouse's mobile profile emulates, for the browsers the bench drives itself.
import type { Browser, BrowserContext } from '@playwright/test';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import { CHROME_FLAGS as BASE_FLAGS } from '../chromium.ts';

export { CHROME_PATH } from '../chromium.ts';

/** Lighthouse starts Chromium itself, so it must ask for headless; the run's self-signed certificate is accepted. */
export const CHROME_FLAGS = ['--headless=new', '--ignore-certificate-errors', ...BASE_FLAGS];

/** Lighthouse's mobile viewport, pixel ratio and user agent, so a page renders as in the Lighthouse runs. */
const { width = 412, height = 823, deviceScaleFactor = 1.75 } = screenEmulationMetrics.mobile ?? {};
export const PHONE = {
  viewport: { width, height },
  deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
  userAgent: userAgents.mobile,
};

export const mobileContext = (browser: Browser): Promise<BrowserContext> => browser.newContext(PHONE);
