// Request validation and security straight from client/openapi.yaml, so the demo backend can never drift from the
// contract the client is generated from: each operation's requestBody schema is compiled with its $refs resolved,
// and whether it needs a bearer token is read from its `security`.
import { readFileSync } from 'node:fs';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const SPEC_URL = new URL('../openapi.yaml', import.meta.url);
const SPEC_ID = 'openapi.yaml';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

let loaded: { ajv: Ajv2020; doc: JsonObject } | undefined;

function spec(): { ajv: Ajv2020; doc: JsonObject } {
  if (loaded) return loaded;
  const doc: unknown = parse(readFileSync(SPEC_URL, 'utf8'));
  if (!isObject(doc)) throw new Error(`${SPEC_URL.pathname} is not an OpenAPI document`);
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  // OpenAPI's own annotation keywords: allowed in schemas, no validation meaning. `paths` and `components` only
  // hold the schemas that refs point into; ajv never validates against them directly.
  ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator', 'paths', 'components']);
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(format, true);
  // Registered as one document so that refs like #/components/schemas/X resolve inside it.
  ajv.addSchema({ paths: doc['paths'], components: doc['components'] }, SPEC_ID);
  loaded = { ajv, doc };
  return loaded;
}

/** JSON pointer escaping (RFC 6901) for a path template such as /orders/{id}. */
function pointerSegment(segment: string): string {
  return encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'));
}

function resolveLocalRef(doc: JsonObject, value: unknown): unknown {
  if (!isObject(value) || typeof value['$ref'] !== 'string') return value;
  const ref = value['$ref'];
  if (!ref.startsWith('#/')) throw new Error(`Unsupported $ref ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = isObject(node) ? node[key] : undefined;
  }
  return resolveLocalRef(doc, node);
}

function operationOf(doc: JsonObject, path: string, method: HttpMethod): JsonObject {
  const paths = doc['paths'];
  const pathItem = isObject(paths) ? paths[path] : undefined;
  const operation = isObject(pathItem) ? pathItem[method] : undefined;
  if (!isObject(operation)) throw new Error(`openapi.yaml has no operation ${method.toUpperCase()} ${path}`);
  return operation;
}

const bodyValidators = new Map<string, ValidateFunction | null>();

/**
 * Validator for the JSON request body of `method path` (path as in the spec, e.g. /orders/{id}/payment-intent),
 * or null when the operation declares no JSON body.
 */
export function requestBodyValidator(path: string, method: HttpMethod): ValidateFunction | null {
  const key = `${method} ${path}`;
  const cached = bodyValidators.get(key);
  if (cached !== undefined) return cached;
  const { ajv, doc } = spec();
  const operation = operationOf(doc, path, method);
  const requestBody = resolveLocalRef(doc, operation['requestBody']);
  let validator: ValidateFunction | null = null;
  if (
    isObject(requestBody) &&
    isObject(requestBody['content']) &&
    isObject(requestBody['content']['application/json'])
  ) {
    // A $ref'd requestBody lives elsewhere in the document: point at where it was resolved from.
    const bodyRef = isObject(operation['requestBody']) ? operation['requestBody']['$ref'] : undefined;
    const location = typeof bodyRef === 'string' ? bodyRef : `#/paths/${pointerSegment(path)}/${method}/requestBody`;
    validator = ajv.compile({ $ref: `${SPEC_ID}${location}/content/application~1json/schema` });
  }
  bodyValidators.set(key, validator);
  return validator;
}

const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Whether the operation needs a bearer token: its own `security`, else the document's, is a non-empty list with no
 * empty requirement (an empty one lets anonymous callers in). Throws on a scheme the demo cannot check.
 */
function needsBearerToken(doc: JsonObject, operation: JsonObject): boolean {
  const security = operation['security'] ?? doc['security'] ?? [];
  if (!Array.isArray(security) || !security.every(isObject))
    throw new Error('openapi.yaml has a malformed security list');
  if (security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0)) return false;
  const components = doc['components'];
  const schemes = isObject(components) ? components['securitySchemes'] : undefined;
  for (const name of security.flatMap((requirement) => Object.keys(requirement))) {
    const scheme = isObject(schemes) ? schemes[name] : undefined;
    if (!isObject(scheme) || scheme['type'] !== 'http' || String(scheme['scheme']).toLowerCase() !== 'bearer') {
      throw new Error(
        `openapi.yaml security scheme "${name}" is not http bearer, the only kind the demo backend checks`,
      );
    }
  }
  return true;
}

/** Whether `method path` (path as in the spec, e.g. /orders/{id}) needs a bearer token. */
export function requiresBearerToken(path: string, method: HttpMethod): boolean {
  const { doc } = spec();
  return needsBearerToken(doc, operationOf(doc, path, method));
}

export interface SpecOperation {
  method: HttpMethod;
  /** As in the spec, e.g. /orders/{id}. */
  path: string;
  needsToken: boolean;
}

let operations: (SpecOperation & { pattern: RegExp })[] | undefined;

function allOperations(): (SpecOperation & { pattern: RegExp })[] {
  if (operations) return operations;
  const { doc } = spec();
  const paths = isObject(doc['paths']) ? doc['paths'] : {};
  operations = Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = isObject(item) ? item[method] : undefined;
      if (!isObject(operation)) return [];
      // Each {param} stands for one non-empty segment; everything else is literal.
      const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
      return [{ method, path, needsToken: needsBearerToken(doc, operation), pattern: new RegExp(`^${source}$`) }];
    }),
  );
  return operations;
}

/** 0 for a literal segment, 1 for a templated one: literal segments win, as on a router. */
const segmentKinds = (path: string) =>
  path
    .split('/')
    .map((segment) => (segment.includes('{') ? '1' : '0'))
    .join('');

/**
 * The operation of openapi.yaml that a request names: its method and its path below /api/v1 (still percent-encoded,
 * e.g. /orders/DEMO-1). Where templates overlap (/orders/store/{storeId} and /orders/{id}/refund), the one with a
 * literal segment first wins.
 */
export function findOperation(method: string, apiPath: string): SpecOperation | undefined {
  const lower = method.toLowerCase();
  return allOperations()
    .filter((operation) => operation.method === lower && operation.pattern.test(apiPath))
    .sort((a, b) => segmentKinds(a.path).localeCompare(segmentKinds(b.path)))[0];
}

/** info.version of the contract: what the demo backend reports as its API version. */
export function specVersion(): string {
  const info = spec().doc['info'];
  return isObject(info) && typeof info['version'] === 'string' ? info['version'] : 'unknown';
}

/** Validator for a named schema under components/schemas, optionally extended (e.g. the catalogue wrapper). */
export function compileWithComponents(schema: JsonObject): ValidateFunction {
  return spec().ajv.compile(schema);
}

export function componentRef(name: string): { $ref: string } {
  return { $ref: `${SPEC_ID}#/components/schemas/${name}` };
}

/** JS-style path of an instance location: /items/0/quantity becomes items[0].quantity. */
export function fieldPath(pointer: string, extra?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (extra) parts.push(extra);
  return parts.reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

/** One readable sentence for the most useful ajv error, naming the field. */
export function describeValidationError(errors: ErrorObject[] | null | undefined, root = 'body'): string {
  const error = pickError(errors ?? []);
  if (!error) return `${root} is invalid`;
  const missing = error.keyword === 'required' ? String(error.params['missingProperty']) : undefined;
  const field = fieldPath(error.instancePath, missing) || root;
  switch (error.keyword) {
    case 'required':
      return `${field} is required`;
    case 'enum':
      return `${field} must be one of ${(error.params['allowedValues'] as unknown[]).map(String).join(', ')}`;
    case 'minItems': {
      const limit = Number(error.params['limit']);
      return `${field} must contain at least ${limit} ${limit === 1 ? 'item' : 'items'}`;
    }
    case 'additionalProperties':
      return `${fieldPath(error.instancePath, String(error.params['additionalProperty']))} is not allowed`;
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}

/** Prefer the deepest error: "items[0].quantity must be >= 1" says more than a failing anyOf at the root. */
function pickError(errors: ErrorObject[]): ErrorObject | undefined {
  const depth = (e: ErrorObject) => e.instancePath.split('/').length + (e.keyword === 'required' ? 1 : 0);
  return (
    errors
      .filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'allOf')
      .sort((a, b) => depth(b) - depth(a))[0] ?? errors[0]
  );
}
