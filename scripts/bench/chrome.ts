// The bench's Chromium: the project's flags (scripts/chromium.ts) plus headless mode for chrome-launcher.

import { CHROME_FLAGS as BASE_FLAGS } from '../chromium.ts';

export { CHROME_PATH } from '../chromium.ts';

/** Lighthouse starts Chromium itself (chrome-launcher), so it must ask for headless mode. */
export const CHROME_FLAGS = ['--headless=new', ...BASE_FLAGS];
