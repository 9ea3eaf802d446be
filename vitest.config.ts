import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The tests that build the whole shop against a demo API on the one test port (scripts/server/config.ts, TEST_PORT):
// one at a time, so the port is free for each and every build after the first finds its pictures optimised.
const SHOP_BUILDS = ['tests/unit/demo-build.test.ts', 'tests/unit/rebrand.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Every core: the default leaves one for the main process, which on a 2-core machine runs one file at a time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'client/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SHOP_BUILDS],
        },
      },
      { extends: true, test: { name: 'shop builds', include: SHOP_BUILDS, maxWorkers: 1 } },
    ],
  },
});
