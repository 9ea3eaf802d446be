import { HttpResponse } from 'msw';
import type { ApiErrorBody } from './types.ts';

let traceCounter = 0;

/** Trace ids only need to be unique within a run and recognisable in logs and screenshots. */
function newTraceId(): string {
  traceCounter += 1;
  return `demo-trace-${Date.now().toString(36)}-${traceCounter.toString(36)}`;
}

/** An ApiError body: always code, message, statusCode and traceId. */
export function apiErrorBody(status: number, code: string, message: string, details?: unknown): ApiErrorBody {
  const body: ApiErrorBody = { code, message, statusCode: status, traceId: newTraceId() };
  if (details !== undefined) body.details = details;
  return body;
}

/** An ApiError answer. */
export function apiError(status: number, code: string, message: string, details?: unknown): HttpResponse<ApiErrorBody> {
  return HttpResponse.json(apiErrorBody(status, code, message, details), { status });
}
