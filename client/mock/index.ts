// The demo backend: one implementation for vitest (setupServer), Playwright and `npm start` (Node adapter).
export { createDemoBackend, type DemoBackend, type DemoBackendOptions } from './backend.ts';
export { CatalogError, DEFAULT_CATALOG_PATH, loadCatalogFile, parseCatalog } from './catalog.ts';
export {
  DEFAULT_SLOW_MS,
  parseScenario,
  ScenarioError,
  SCENARIO_COOKIE,
  SCENARIO_HEADER,
  SCENARIO_NAMES,
  type Scenario,
} from './scenario.ts';
export { DECLINED_DESCRIPTION, INTENT_ERROR } from './handlers/payments.ts';
export { DEFAULT_PRICING, orderAmounts, type DemoPricing } from './pricing.ts';
export type {
  Catalog,
  CatalogProduct,
  DemoOrder,
  DemoOrderItem,
  DemoPayment,
  DemoPaymentIntent,
  PayPalCapture,
  TrackedEvent,
} from './types.ts';
export type { DemoState } from './state.ts';
