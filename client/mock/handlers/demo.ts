// Test read-back outside /api/v1 (never delayed or failed by scenarios), and the API's catch-all 404.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { apiError } from '../api-error.ts';
import { refuseWithoutToken } from '../auth.ts';
import { findOperation } from '../openapi.ts';
import { API_PREFIX, applyScenario } from '../route.ts';
import type { Scenario } from '../scenario.ts';
import { captureHold, type DemoState } from '../state.ts';
import { presentOrder } from './orders.ts';

export function demoHandlers(state: DemoState, reset: () => void): HttpHandler[] {
  return [
    // ?session=<id>: only the orders created with that demo-session cookie, and their intents and payments.
    http.get('*/__demo/orders', ({ request }) => {
      const url = new URL(request.url);
      const session = url.searchParams.get('session');
      const mine = (orderId: string) => session === null || state.orderSessions.get(orderId) === session;
      return HttpResponse.json({
        orders: [...state.orders.values()].filter((o) => mine(o.id)).map((order) => presentOrder(order, url.origin)),
        paymentIntents: [...state.intents.values()].filter((intent) => mine(intent.orderId)),
        payments: state.payments.filter((payment) => mine(payment.orderId)),
      });
    }),
    // ?session=<id>: only the events whose request carried that demo-session cookie (see handlers/analytics.ts).
    http.get('*/__demo/analytics', ({ request }) => {
      const session = new URL(request.url).searchParams.get('session');
      return HttpResponse.json({
        events: session === null ? state.analytics : state.analytics.filter((e) => e.session === session),
      });
    }),
    // Lets the order's captures held by `capture-held` go on, and any later one through at once.
    http.post('*/__demo/orders/:id/release-capture', ({ params }) => {
      captureHold(state, String(params['id'])).release();
      return HttpResponse.json({ ok: true });
    }),
    http.post('*/__demo/reset', () => {
      reset();
      return HttpResponse.json({ ok: true });
    }),
    http.all('*/__demo/*', ({ request }) =>
      apiError(404, 'NOT_FOUND', `No demo read-back route ${request.method} ${new URL(request.url).pathname}`),
    ),
  ];
}

/**
 * Must come last: any /api/v1 request no route answered. An operation the contract protects still refuses a
 * request without a valid token first, as a real backend would before looking for the resource.
 */
export function apiFallbackHandlers(runScenario: Scenario, issued: ReadonlySet<string>): HttpHandler[] {
  const notFound = async ({ request }: { request: Request }) => {
    const scenario = await applyScenario(request, runScenario);
    if (scenario instanceof Response) return scenario;
    const { pathname } = new URL(request.url);
    const operation = findOperation(request.method, pathname.slice(pathname.indexOf(API_PREFIX) + API_PREFIX.length));
    const refused = operation?.needsToken
      ? refuseWithoutToken(request, issued, `${operation.method.toUpperCase()} ${operation.path}`)
      : undefined;
    if (refused) return refused;
    return apiError(
      404,
      'NOT_FOUND',
      `The demo backend has no route ${request.method} ${new URL(request.url).pathname}`,
    );
  };
  return [http.all(`*${API_PREFIX}`, notFound), http.all(`*${API_PREFIX}/*`, notFound)];
}
