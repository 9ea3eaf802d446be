// Debian Chromium for every browser the project starts: Playwright tests, the bench and check-deploy.
export const CHROME_PATH = process.env['CHROME_PATH'] || '/usr/bin/chromium';

/**
 * The browser tests' Chromium: Debian's headless shell, the same Chromium without the browser's own window and UI
 * (Playwright's own choice for headless runs). The full browser spent about a third of the tests' CPU drawing a UI
 * nobody sees. The bench and check-deploy keep the full browser, as shoppers have it.
 */
export const TEST_CHROME_PATH = process.env['TEST_CHROME_PATH'] || '/usr/bin/chromium-headless-shell';

/** What every headless run needs on these machines (no sandbox in containers, no GPU, no background traffic). */
export const CHROME_BASE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Every name but 127.0.0.1 fails to resolve, so nothing a page or Chromium asks for can leave the machine. Tests
 * and the bench always use it; check-deploy only when asked (--loopback-only), since it visits a live site.
 */
export const LOOPBACK_ONLY_FLAG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

export const CHROME_FLAGS = [...CHROME_BASE_FLAGS, LOOPBACK_ONLY_FLAG];
