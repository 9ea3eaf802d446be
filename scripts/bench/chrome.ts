// The bench's Chromium: the project's flags (scripts/chromium.ts) plus headless mode for chrome-launcher.

import { CHROME_FLAGS as BASE_FLAGS } from '../chromium.ts';

export { CHROME_PATH } from '../chromium.ts';

/**
 * Lighthouse starts Chromium itself (chrome-launcher), so it must ask for headless mode. The bench serves the site
 * over HTTPS with a certificate made for the run (scripts/bench/tls-front.ts), which this Chromium accepts.
 */
export const CHROME_FLAGS = ['--headless=new', '--ignore-certificate-errors', ...BASE_FLAGS];
