import type { HttpHandler } from 'msw';
import { apiError } from '../api-error.ts';
import { specVersion } from '../openapi.ts';
import type { createRoute } from '../route.ts';

/** The API version the demo reports is the contract's own (info.version of openapi.yaml). */
export function systemHandlers(route: ReturnType<typeof createRoute>): HttpHandler[] {
  return [
    route('get', '/system/version', ({ ok }) => ok({ version: specVersion() })),
    // Spelled as the contract spells it; monitors read it without a token. Failing scenarios make it fail too.
    route('get', '/heath/check', ({ scenario, ok }) =>
      scenario.serverError
        ? apiError(503, 'SERVICE_UNAVAILABLE', 'The demo backend is answering every call with an error')
        : ok({ status: 'ok', version: specVersion() }),
    ),
  ];
}
