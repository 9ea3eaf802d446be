import type { HttpHandler } from 'msw';
import { analyticsHandlers } from './handlers/analytics.ts';
import { apiFallbackHandlers, demoHandlers } from './handlers/demo.ts';
import { orderHandlers } from './handlers/orders.ts';
import { paymentHandlers } from './handlers/payments.ts';
import { productHandlers } from './handlers/products.ts';
import { systemHandlers } from './handlers/system.ts';
import { userHandlers } from './handlers/users.ts';
import { DEFAULT_PRICING, type DemoPricing } from './pricing.ts';
import { createRoute } from './route.ts';
import { NO_SCENARIO, parseScenario, type Scenario } from './scenario.ts';
import { clearState, createState, issueToken, type DemoState } from './state.ts';
import type { Catalog } from './types.ts';

export interface DemoBackendOptions {
  catalog: Catalog;
  /** The run's scenario (DEMO_SCENARIO), as text or parsed; requests may choose another by header or cookie. */
  scenario?: string | Scenario;
  /** The store's shipping and tax settings, which orders are charged by; the seed store's without. */
  pricing?: DemoPricing;
}

export interface DemoBackend {
  /** msw handlers: for setupServer in tests and for the Node adapter of `npm start`. */
  handlers: HttpHandler[];
  state: DemoState;
  /** Forgets orders, payment intents, payments, analytics events, idempotency keys and issued tokens. */
  reset: () => void;
  /** A new access token the protected operations accept until reset(), as POST /users/refresh-token gives out. */
  issueToken: () => string;
  /** Orders from now on are charged by these settings (the store's settings were edited). */
  setPricing: (pricing: DemoPricing) => void;
}

export function createDemoBackend({ catalog, scenario, pricing }: DemoBackendOptions): DemoBackend {
  let charged = pricing ?? DEFAULT_PRICING;
  const runScenario = typeof scenario === 'string' ? parseScenario(scenario) : (scenario ?? NO_SCENARIO);
  const state = createState();
  const reset = () => clearState(state);
  const route = createRoute(runScenario, state.accessTokens);
  const handlers = [
    ...productHandlers(route, catalog),
    ...orderHandlers(route, catalog, state, () => charged),
    ...paymentHandlers(route, state),
    ...analyticsHandlers(route, catalog, state),
    ...userHandlers(route, state),
    ...systemHandlers(route),
    ...demoHandlers(state, reset),
    ...apiFallbackHandlers(runScenario, state.accessTokens),
  ];
  return {
    handlers,
    state,
    reset,
    issueToken: () => issueToken(state),
    setPricing: (next) => (charged = next),
  };
}
