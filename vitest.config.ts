import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// The tests that build the whole shop against a demo API on the one test port (scripts/server/config.ts, TEST_PORT):
// one at a time, so the port is free for each and every build after the first finds its pictures optimised.
const SHOP_BUILDS = ['tests/unit/demo-build.test.ts', 'tests/unit/rebrand.test.ts'];
// The demo's own tests: its backend and wallet, and the pages' pricing against the demo's. `npm test` reports them
// apart from the shop's, which they do not prove.
const DEMO = ['client/mock/**/*.test.ts', 'tests/unit/one-amount.test.ts'];
// Tests that run a tool (the linters, Java, tsc, a browser, a server, a command line) or check a model through
// thousands of interleavings: seconds each on a quiet machine, up to twice that on a busy one.
const TOOL_RUNS = [
  'tests/unit/import-rules.test.ts',
  'tests/unit/runner-refusals.test.ts',
  'tests/unit/client-package.test.ts',
  'tests/unit/content-build.test.ts',
  'tests/unit/rebuild-workflow.test.ts',
  'tests/unit/site-url.test.ts',
  'scripts/start.test.ts',
  'scripts/check-html.test.ts',
  'scripts/check-links.test.ts',
  'scripts/check-product/check-product.test.ts',
  'scripts/check-deploy/check-deploy.test.ts',
  'client/check-generated.test.ts',
  'src/features/payment/attempt/attempt.model.test.ts',
];
// The demo wallet's tests drive it in a browser.
const DEMO_TOOL_RUNS = ['client/mock/wallet/sdk.test.ts'];
const TOOL_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    environment: 'node',
    // With or without CI: a focused test would make a run check it alone and still say it passed.
    allowOnly: false,
    // The rest take milliseconds; the slowest of them well under a second.
    testTimeout: 5_000,
    hookTimeout: 10_000,
    setupFiles: [fileURLToPath(new URL('tests/fast-check-setup.ts', import.meta.url))],
    // Every core: the default leaves one for the main process, which on a 2-core machine runs one file at a time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'client/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SHOP_BUILDS, ...DEMO, ...TOOL_RUNS],
        },
      },
      {
        extends: true,
        test: { name: 'tool runs', include: TOOL_RUNS, ...TOOL_TIMEOUTS },
      },
      { extends: true, test: { name: 'demo', include: DEMO, exclude: DEMO_TOOL_RUNS } },
      { extends: true, test: { name: 'demo tool runs', include: DEMO_TOOL_RUNS, ...TOOL_TIMEOUTS } },
      {
        extends: true,
        // A build takes about a minute in the hook, twice that on a busy machine.
        test: { name: 'shop builds', include: SHOP_BUILDS, maxWorkers: 1, testTimeout: 60_000, hookTimeout: 120_000 },
      },
    ],
  },
});
