// The import graph's rules, checked by `npm test` (scripts/test.ts): `depcruise src client scripts tests`.

// Load on use: modules a page loads only when the shopper needs them (docs/performance.md#load-on-use). A static
// import from anywhere would put one into the code of the page that imports it; import() keeps it apart.
const LOAD_ON_USE = [
  '^src/api/analytics\\.ts$',
  '^src/features/cart-drawer/CartDrawer\\.tsx$',
  '^src/features/cart/(follow-figures|persistence)\\.ts$',
  '^src/features/catalog/refresh\\.ts$',
  '^src/features/product/add-selection\\.ts$',
  '^src/features/product/sticky-fallback\\.ts$',
  '^src/features/thank-you/receipt-store\\.ts$',
  '^src/features/thank-you/receipt-ahead\\.ts$',
  '^src/features/toasts/Toaster\\.tsx$',
  '^src/features/payment/banner-root\\.tsx$',
  '^src/features/payment/paypal/WalletButtonPayPal\\.tsx$',
  '^src/features/catalog/answer\\.ts$',
  '^node_modules/canvas-confetti/',
];
// Used only by load-on-use code: imported statically by it, and by import() elsewhere.
const LOAD_ON_USE_HELPERS = [
  '^src/features/toasts/toasts\\.ts$',
  '^src/features/cart/actions\\.ts$',
  '^src/features/payment/PaymentBanner\\.tsx$',
];
// Code that runs at build time (the product fetch, build.json), where the API client loads with the build.
const BUILD_TIME = ['^src/build/', '^src/pages/', '^src/features/editor/'];
// A feature's door (index.ts; build.ts: what the build and the tools read in Node, when the door brings browser
// code), and what keeps its own path because the bundler must see it: a component (Astro hydrates an island from
// the module it was imported from) and a module that loads on use (its import() is its chunk).
const DOOR = '^src/features/[^/]+/(index|build)\\.ts$';
const OWN_PATH = [DOOR, '^src/features/.+/[A-Z][^/]*\\.(tsx|astro)$', ...LOAD_ON_USE, ...LOAD_ON_USE_HELPERS];
const TESTS = '\\.(test|spec|support)\\.ts$';
// A worker is a bundle of its own, started when it is needed: what it imports never joins a page's code.
const WORKERS = '\\.worker\\.ts$';
// The payment core's parts, and its provider adapters: every folder of payment/ not named here.
const PAYMENT_PARTS = '^src/features/payment/(wallet|record|settle|attempt|notices)/';
const PAYMENT_ADAPTERS = '^src/features/payment/(?!(?:wallet|record|settle|attempt|notices|button|checkout)/)[^/]+/';
// Above the adapters: the list of wallets and the button every placement shows, then the /checkout island.
const PAYMENT_BUTTON = '^src/features/payment/button/';
const PAYMENT_CHECKOUT = '^src/features/payment/checkout/';
// What the core is built on: the backend's client, state, React and the schema library. A provider SDK is not.
const PAYMENT_CORE_PACKAGES = [
  '(^|/)node_modules/(@haven/commerce-client|nanostores|@nanostores/react|react|react-dom|valibot)/',
  '^client/',
  '^@haven/commerce-client$',
];

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
      name: 'load-on-use',
      severity: 'error',
      comment:
        'A module that loads only when the shopper needs it is reached through import(), never a static import: ' +
        'see docs/performance.md#load-on-use for why and for the list.',
      from: { path: '^src/', pathNot: ['\\.test\\.ts$', WORKERS, ...BUILD_TIME] },
      to: { path: LOAD_ON_USE, dependencyTypesNot: ['dynamic-import', 'type-only', 'type-import'] },
    },
    {
      name: 'load-on-use-helpers',
      severity: 'error',
      comment:
        'Cart actions, raising toasts and the payment banner are imported statically only by load-on-use code, so they never join a ' +
        "page's first load: see docs/performance.md#load-on-use.",
      from: {
        path: '^src/',
        pathNot: [...LOAD_ON_USE, ...LOAD_ON_USE_HELPERS, '^src/features/cart-drawer/', '\\.test\\.ts$'],
      },
      to: { path: LOAD_ON_USE_HELPERS, dependencyTypesNot: ['dynamic-import', 'type-only', 'type-import'] },
    },
    {
      name: 'api-client-on-use',
      severity: 'error',
      comment:
        'In the browser the API client loads on first use (src/api/client.ts, getApi): see ' +
        'docs/performance.md#load-on-use. Build-time code imports it as any Node code does.',
      from: { path: '^src/', pathNot: [...BUILD_TIME, '\\.test\\.ts$'] },
      to: { path: '^client/index\\.ts$', dependencyTypesNot: ['dynamic-import', 'type-only', 'type-import'] },
    },
    {
      name: 'support-files-for-tests',
      severity: 'error',
      comment: "A test's helpers are named *.support.ts and only tests use them: shipped code never imports one.",
      from: { pathNot: ['\\.(test|spec|support)\\.ts$', '\\.test-d\\.ts$'] },
      to: { path: '\\.support\\.ts$' },
    },
    {
      name: 'features-one-way',
      severity: 'error',
      comment:
        'Features depend on each other one way only (product → cart → catalog, paypal → payment → cart, ...): two features ' +
        'that import each other, directly or round a circle of features, are one concept split in two.',
      scope: 'folder',
      from: { path: '^src/features/[^/]+' },
      to: { path: '^src/features/[^/]+', circular: true },
    },
    {
      name: 'feature-doors',
      severity: 'error',
      comment:
        'Other features, pages, build-time code and tools reach a feature through its door, index.ts, which says ' +
        'what the feature offers to code that loads with the page. Components and modules that load on use keep ' +
        'their own paths: Astro hydrates an island from the module it was imported from, and a door re-exporting a ' +
        'module that loads on use would put it into the first load of every page that imports the door. Tests may ' +
        'open any module.',
      // $1 is the importing feature, if any: its own modules import each other freely.
      from: { path: '^(?:src/features/([^/]+)/|src/|scripts/)', pathNot: TESTS },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', ...OWN_PATH] },
    },
    {
      name: 'door-for-outside',
      severity: 'error',
      comment:
        "A feature's own modules import each other, never their door: the door is for other features, and through " +
        'it a module would carry its neighbours into its chunk.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/$1/index\\.ts$' },
    },
    {
      name: 'build-time-apart',
      severity: 'error',
      comment:
        'src/build runs only while the site is built (astro:env/server, astro:content, node:crypto): code that runs ' +
        'in the browser never imports it. Pages and tools do.',
      from: { path: '^src/(features|ui|api|browser|lib)/' },
      to: { path: '^src/build/' },
    },
    {
      name: 'payment-core-without-provider',
      severity: 'error',
      comment:
        'The payment core (its parts: wallet/ what an adapter is given, record/ the kept approval, settle/ what ' +
        'follows it, attempt/ what comes before it, notices/ what the shopper reads; and the door and banner at the ' +
        'top) is provider-neutral. Each provider is an adapter folder beside the parts (payment/paypal/): the core ' +
        'imports no adapter and no package but the few it is built on, so no provider SDK of any kind. Only the list ' +
        'of wallets and the button every placement shows (button/) reach the adapters, as the rule below says.',
      from: { path: [PAYMENT_PARTS, '^src/features/payment/[^/]+$'], pathNot: TESTS },
      to: { path: [PAYMENT_ADAPTERS, '(^|/)node_modules/', '^@'], pathNot: PAYMENT_CORE_PACKAGES },
    },
    {
      name: 'payment-imports-run-down',
      severity: 'error',
      comment:
        'payment/ is layered: the parts, then the adapters, then the list of wallets and the button (button/), then ' +
        'the /checkout island (checkout/), with the door and the banner on top. An import never runs back up: the ' +
        'core carries what it needs of a wallet (id, name, approval lifetime) and looks nothing up in the list.',
      from: { path: '^src/features/payment/[^/]+/', pathNot: TESTS },
      to: { path: '^src/features/payment/[^/]+\\.tsx?$' },
    },
    {
      name: 'payment-parts-below-button',
      severity: 'error',
      comment:
        'The payment core and its adapters never import the button and list of wallets (button/) or the checkout.',
      from: { path: ['^src/features/payment/(?!(?:button|checkout)/)[^/]+/'], pathNot: TESTS },
      to: { path: [PAYMENT_BUTTON, PAYMENT_CHECKOUT] },
    },
    {
      name: 'payment-button-below-checkout',
      severity: 'error',
      comment: 'The button and the list of wallets serve every placement; they never import the /checkout island.',
      from: { path: PAYMENT_BUTTON },
      to: { path: PAYMENT_CHECKOUT },
    },
    {
      name: 'wallets-load-on-use',
      severity: 'error',
      comment:
        "The list of wallets and the button every placement shows (button/) take each adapter's wallet.ts and " +
        "nothing else of it, nor any wallet SDK: wallet.ts offers its button's import(), run when the shopper first " +
        'interacts.',
      from: { path: PAYMENT_BUTTON },
      to: {
        path: [PAYMENT_ADAPTERS, '(^|/)node_modules/@paypal/', '^@paypal/'],
        pathNot: '^src/features/payment/[^/]+/wallet\\.ts$',
      },
    },
    {
      name: 'wallet-entry-stays-light',
      severity: 'error',
      comment:
        "An adapter's wallet.ts is plain data, in every page's first load and read by the build and the tools in " +
        "Node: it reaches its adapter's other files only by import() (its provider.ts excepted), and imports no " +
        'package (types from the core excepted).',
      from: { path: '^src/features/payment/([^/]+)/(wallet|provider)\\.ts$', pathNot: PAYMENT_PARTS },
      to: {
        pathNot: [PAYMENT_PARTS, '^src/features/payment/$1/provider\\.ts$'],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'tools-through-the-build-door',
      severity: 'error',
      comment:
        "The project's tools (scripts/) reach the shop only through what the build shares with them " +
        '(src/build/index.ts): how the shop arranges its modules stays its own.',
      from: { path: '^scripts/' },
      to: { path: '^src/', pathNot: '^src/build/index\\.ts$' },
    },
    {
      name: 'zod-only-for-content',
      severity: 'error',
      comment:
        "Astro's content layer takes zod schemas only, so the editable text's fields (src/lib/content-schema.ts) " +
        'and the editor reading them (decap-config.ts) use zod; every other schema in the shop and its tools is ' +
        'valibot, one library each side of that line.',
      from: {
        pathNot: ['^src/lib/content-schema\\.ts$', '^src/features/editor/decap-config\\.ts$', '\\.test\\.ts$'],
      },
      to: { path: ['^astro/zod$', '(^|/)node_modules/zod/', '^zod(/|$)'] },
    },
    {
      name: 'lib-is-pure',
      severity: 'error',
      comment:
        'src/lib holds pure helpers shared by features: no feature, no store, no UI (islands, components, React) ' +
        'and no bundler code, so each can be read and tested on its own.',
      from: { path: '^src/lib/' },
      to: {
        path: [
          '^src/(features|api|browser|ui|components|layouts|pages)/',
          '^node_modules/(vite|rolldown|astro|@astrojs/[^/]+)/',
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
        'or a component (.tsx, .astro); only a test may, to test it.',
      // An adapter's wallet.ts loads its button by import() only (wallet-entry-stays-light).
      from: {
        path: '^src/',
        pathNot: ['\\.(tsx|astro)$', '\\.test\\.ts$', '^src/features/payment/[^/]+/wallet\\.ts$'],
      },
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
