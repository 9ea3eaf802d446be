// Browser end-to-end tests: Debian's Chromium headless shell (Playwright's browser download does not work here)
// against `npm start` (the built site and the demo backend in one process) on a test port, on a phone and a desktop
// viewport.
import { defineConfig, devices } from '@playwright/test';
import { CHROME_FLAGS, TEST_CHROME_PATH } from './scripts/chromium.ts';
import { E2E_REPORT } from './scripts/e2e-report.ts';
import { TEST_PORT } from './scripts/server/config.ts';

const PORT = Number(process.env.E2E_PORT ?? TEST_PORT);
// Handy while writing tests; never under CI or `npm test` (scripts/test.ts), which weigh the dist/ built here.
const reuseServer = !process.env.CI && !process.env.E2E_FRESH_BUILD;
export const baseURL = `http://127.0.0.1:${PORT}`;
// A second shop built from a hostile catalogue (tests/fixtures/hostile-catalog.json), into its own folder.
const HOSTILE_PORT = PORT + 1;
const hostileURL = `http://127.0.0.1:${HOSTILE_PORT}`;
// A third shop served under a path, as a GitHub Pages project site is (SITE_URL names the path).
const BASE_PATH_PORT = PORT - 1;
export const basePathURL = `http://127.0.0.1:${BASE_PATH_PORT}/shop`;

/** `npm start` of one of the tests' shops at `site`, its port and its path. */
const shop = (site: string, args: string, env: Record<string, string> = {}) => ({
  command: `node scripts/start.ts${args}`,
  url: `${site}/`,
  env: { PORT: new URL(site).port, SITE_URL: site, ...env },
  timeout: 240_000,
  reuseExistingServer: reuseServer,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two on CI's 2-core machine: the whole suite took 9.3 min with one worker, 8.2 with two and 7.9 with three, but
  // three made every test half again to twice as slow, the slowest near half its timeout. Elsewhere: half the cores.
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // With or without CI: a focused test would make a run check it alone and still say it passed.
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // The JSON report lets `npm test` name the failed tests in its summary, the last lines a CI log shows.
  reporter: [
    ['list'],
    ['json', { outputFile: E2E_REPORT }],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
  ],
  use: {
    baseURL,
    // Recording a trace costs every test about a quarter more CPU, and nobody can open one left on a CI machine.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: { executablePath: TEST_CHROME_PATH, args: CHROME_FLAGS },
  },
  projects: [
    {
      name: 'hostile-data',
      testMatch: /hostile\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, baseURL: hostileURL },
    },
    {
      name: 'base-path',
      testMatch: /base-path\.spec\.ts/,
      // A trailing slash: the tests' relative paths ('checkout') resolve under the shop's path.
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, baseURL: `${basePathURL}/` },
    },
    {
      name: 'phone',
      // The content editor is a desktop tool; what no window size changes runs once (ONE_WINDOW, shop.support.ts).
      testIgnore: [/hostile\.spec\.ts/, /base-path\.spec\.ts/, /editor\.spec\.ts/],
      grepInvert: /@one-window/,
      use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium', viewport: { width: 390, height: 844 } },
    },
    {
      name: 'desktop',
      testIgnore: [/hostile\.spec\.ts/, /base-path\.spec\.ts/],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
    },
  ],
  webServer: [
    shop(baseURL, ''),
    shop(hostileURL, ' --dist=test-results/hostile-dist', { DEMO_CATALOG: 'tests/fixtures/hostile-catalog.json' }),
    shop(basePathURL, ' --dist=test-results/base-path-dist'),
  ],
});
