// @ts-check
// Lint rules for the whole repository, checked by `npm test` (scripts/test.ts) and `npm run lint`.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/dist/',
    'dist.next/',
    'dist.previous/',
    '.astro/',
    'bench/results/',
    'test-results/',
    'playwright-report/',
    // Written by openapi-typescript from client/openapi.yaml; check-generated keeps it fresh.
    'client/generated/',
    // Another project's code, type-checked by its own tsc against the packed client (tests/unit/client-package.test.ts).
    'tests/fixtures/client-consumer/',
  ]),
  js.configs.recommended,
  // The type-checked recommended set; the strict set's extra rules mostly restyle shipped code (numbers in
  // templates, non-null assertions, optional chains on browser APIs a type says are always there).
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.cjs', '.remarkrc.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error', reportUnusedInlineConfigs: 'error' },
    rules: {
      // A leading underscore marks a name left unused on purpose, as TypeScript's own unused checks allow.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.configs.recommended],
  },
  {
    files: ['**/*.astro'],
    extends: [astro.configs.recommended, astro.configs['jsx-a11y-recommended']],
    // The Astro parser has no project service; it reads the same tsconfig.json through `project`.
    languageOptions: { parserOptions: { projectService: false, project: true } },
  },
  {
    files: ['src/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    // dependency-cruiser cannot read .astro files: the same door rule (feature-doors) for pages and
    // components. A component keeps its own path, as Astro hydrates an island from the module it was imported from.
    files: ['src/**/*.astro'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/features/[^/]+/(?!index\\.ts$).+\\.ts$',
              message: "Import a feature's door (its index.ts), or a component by its own path.",
            },
          ],
        },
      ],
    },
  },
  {
    // A shop may live under a path (SITE_URL's): its own links go through href() (src/lib/href.ts), never a bare '/…'.
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'JSXAttribute[name.name=/^(href|src)$/] > Literal[value=/^\\/(?!\\/)/]',
          'JSXAttribute[name.name=/^(href|src)$/] > JSXExpressionContainer > Literal[value=/^\\/(?!\\/)/]',
          'JSXAttribute[name.name=/^(href|src)$/] > JSXExpressionContainer > TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/(?!\\/)/]',
          "CallExpression[callee.property.name=/^(assign|replace)$/]:matches([callee.object.name='location'], [callee.object.property.name='location']) > Literal[value=/^\\/(?!\\/)/]",
        ].map((selector) => ({
          selector,
          message: "Link to the shop's own paths with href('/…'): the shop may live under a path.",
        })),
      ],
    },
  },
  {
    files: ['scripts/**', 'tests/**', 'client/**', '*.{js,mjs,cjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The demo wallet SDK is a plain browser script served as it is, outside TypeScript's checks (no checkJs):
    // every value in it is `any`, which is all the no-unsafe rules could report.
    // So is the bench's in-page shopper (a module).
    files: ['client/mock/wallet/sdk.js', 'scripts/bench/taps/driver.js'],
    languageOptions: { globals: globals.browser },
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ['client/mock/wallet/sdk.js'], languageOptions: { sourceType: 'script' } },
  {
    files: ['**/*.test.ts', '**/*.spec.ts', 'tests/**'],
    rules: {
      // Vitest types its asymmetric matchers (expect.any, expect.stringContaining, ...) as `any`, and expected
      // objects are made of them; every other no-unsafe rule stays on in tests.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // A focused test makes a run check it alone and still say it passed (the runners refuse one too).
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='only']", message: 'Remove .only: every test must run.' },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
);
