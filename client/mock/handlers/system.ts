import type { HttpHandler } from 'msw';
import { specVersion } from '../openapi.ts';
import type { createRoute } from '../route.ts';

/** The API version the demo reports is the contract's own (info.version of openapi.yaml). */
export function systemHandlers(route: ReturnType<typeof createRoute>): HttpHandler[] {
  return [route('get', '/system/version', ({ ok }) => ok({ version: specVersion() }))];
}
