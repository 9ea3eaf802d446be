// The cross-engine browser tests (CONTRIBUTING.md#testing): WebKit and Firefox against the shop the Chromium tests built,
// one engine after the other.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/engines/*.test.ts'],
    globalSetup: ['tests/engines/shop-server.ts'],
    maxWorkers: 2,
    allowOnly: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
