// The cross-engine browser tests (CONTRIBUTING.md#testing): WebKit and Firefox against the shop the Chromium tests built,
// one engine after the other.
import { defineConfig } from 'vitest/config';
import { ENGINES_REPORT } from '../../scripts/vitest-report.ts';

export default defineConfig({
  test: {
    include: ['tests/engines/*.test.ts'],
    globalSetup: ['tests/engines/shop-server.ts'],
    maxWorkers: 2,
    allowOnly: false,
    // The JSON report names the failed tests in `npm test`'s summary.
    reporters: ['default', ['json', { outputFile: ENGINES_REPORT }]],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
