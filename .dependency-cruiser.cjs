// The import graph's rules, checked by `npm test` (scripts/test.ts): `depcruise src client scripts tests`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle (a dynamic import() counts) makes load order and chunking depend on who came first.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-stands-alone',
      severity: 'error',
      comment:
        'The typed client and its demo backend are a package of their own: they never reach into the storefront ' +
        '(src/) or its tools (scripts/).',
      from: { path: '^client/' },
      to: { path: '^(src|scripts)/' },
    },
    {
      name: 'client-by-package-name',
      severity: 'error',
      comment:
        'The storefront, its tools and its tests use the client as any other app does, by its package name ' +
        '(@haven/commerce-client), never by a relative path into client/.',
      from: { path: '^(src|scripts|tests)/' },
      to: { path: '^client/', dependencyTypesNot: ['aliased-workspace'] },
    },
    {
      name: 'shop-without-demo-backend',
      severity: 'error',
      comment:
        'The shop talks to whatever backend it is given through the client; the demo backend (client/mock) belongs ' +
        'to the demo server and the tests, never to code that could ship.',
      from: { path: '^src/' },
      to: { path: '^client/mock/' },
    },
    {
      name: 'lib-is-pure',
      severity: 'error',
      comment:
        'src/lib holds pure helpers shared by features: no store and no UI (islands, components, React), so each ' +
        'can be read and tested on its own.',
      from: { path: '^src/lib/' },
      to: {
        path: [
          '^src/(stores|islands|components|layouts|pages)/',
          '\\.(tsx|astro)$',
          '^node_modules/(react|react-dom|nanostores|@nanostores/[^/]+)/',
        ],
      },
    },
    {
      name: 'islands-on-top',
      severity: 'error',
      comment:
        'Imports go one way, islands → stores → pure logic → client: a plain module (.ts) never imports an island ' +
        'or a component (.tsx, .astro).',
      from: { path: '^src/', pathNot: '\\.(tsx|astro)$' },
      to: { path: '\\.(tsx|astro)$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules stays in the graph, unfollowed, so the rules above can name packages (React, nanostores).
    exclude: { path: '^(client/generated|dist)/' },
    // Type-only imports count too: a circle of types is still two modules that cannot be read apart.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'] },
  },
};
