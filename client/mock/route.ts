// Declares demo API routes by their OpenAPI path, so each handler is typed from the generated contract, and its
// bearer token and request body are checked as the same operation in openapi.yaml requires.
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { apiError } from './api-error.ts';
import { refuseWithoutToken } from './auth.ts';
import { describeValidationError, fieldPath, requestBodyValidator, requiresBearerToken } from './openapi.ts';
import { scenarioOf, ScenarioError, type Scenario } from './scenario.ts';
import type { paths } from './types.ts';

export const API_PREFIX = '/api/v1';

type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;
type RequestBodyOf<O> = O extends { requestBody: infer R } ? JsonContent<R> : undefined;
type OkBodyOf<O> = O extends { responses: { 200: infer R } } ? JsonContent<R> : never;
type PathParamsOf<O> = O extends { parameters: { path: infer T } } ? T : Record<string, never>;

interface RouteContext<O> {
  request: Request;
  url: URL;
  params: PathParamsOf<O>;
  body: RequestBodyOf<O>;
  scenario: Scenario;
  /** A 200 answer whose body the contract types. */
  ok: (body: OkBodyOf<O>, init?: { headers?: Record<string, string> }) => Response;
}

export type RouteResolver<O> = (ctx: RouteContext<O>) => Response | Promise<Response>;

/** Resolves the request's scenario and waits out `slow`; an unknown scenario name is the caller's error. */
export async function applyScenario(request: Request, runScenario: Scenario): Promise<Scenario | Response> {
  let scenario: Scenario;
  try {
    scenario = scenarioOf(request, runScenario);
  } catch (error) {
    if (error instanceof ScenarioError) return apiError(400, 'UNKNOWN_SCENARIO', error.message);
    throw error;
  }
  if (scenario.slowMs > 0) await delay(scenario.slowMs);
  return scenario;
}

async function readJsonBody(request: Request): Promise<{ value: unknown } | Response> {
  const text = await request.text();
  if (text.trim() === '') return apiError(400, 'VALIDATION_ERROR', 'Request body is required (JSON)');
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return apiError(400, 'INVALID_JSON', 'Request body is not valid JSON');
  }
}

/** `issued`: the access tokens the backend gave out, read live on every request. */
export function createRoute(runScenario: Scenario, issued: ReadonlySet<string>) {
  return function route<P extends keyof paths, M extends Method>(
    method: M,
    path: P,
    resolver: RouteResolver<Operation<P, M>>,
  ): HttpHandler {
    const validator = requestBodyValidator(path, method);
    const needsToken = requiresBearerToken(path, method);
    const operation = `${method.toUpperCase()} ${path}`;
    const mswPath = `*${API_PREFIX}${path.replace(/\{(\w+)\}/g, ':$1')}`;
    return http[method](mswPath, async ({ request, params }) => {
      const scenario = await applyScenario(request, runScenario);
      if (scenario instanceof Response) return scenario;
      const refused = needsToken ? refuseWithoutToken(request, issued, operation) : undefined;
      if (refused) return refused;
      let body: unknown;
      if (validator) {
        const parsed = await readJsonBody(request);
        if (parsed instanceof Response) return parsed;
        if (!validator(parsed.value)) {
          const problems = (validator.errors ?? []).map((e) => ({
            field: fieldPath(e.instancePath),
            problem: e.message,
          }));
          return apiError(400, 'VALIDATION_ERROR', describeValidationError(validator.errors), problems);
        }
        body = parsed.value;
      }
      type O = Operation<P, M>;
      return resolver({
        request,
        url: new URL(request.url),
        params: params as PathParamsOf<O>,
        body: body as RequestBodyOf<O>,
        scenario,
        ok: (answer, init) =>
          HttpResponse.json(answer as Record<string, unknown>, { status: 200, headers: init?.headers }),
      });
    });
  };
}
