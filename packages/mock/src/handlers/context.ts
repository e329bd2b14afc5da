import { openapi } from '@blockindex/spec';
import type { operations } from '../generated/schema';
import { JSON_CONTENT_TYPE, jsonResponse } from '../internal/json-response';
import type { Scenarios } from '../scenarios';
import type { World } from '../world';
import { routeNotFound, validationError } from './errors';
import { DEPRECATION_WARNING, ifNoneMatchMatches } from './headers';
import { type OpenApiDocument, RequestValidator } from './validation';

/** One of the seven operationIds of the spec. */
export type OperationId = keyof operations;

type Parameters<Id extends OperationId> = operations[Id]['parameters'];
type Defined<T> = T extends undefined ? never : T;

/** Path parameters of an operation after validation. */
export type PathOf<Id extends OperationId> = Defined<Parameters<Id>['path']>;
/** Query parameters of an operation after validation and coercion. */
export type QueryOf<Id extends OperationId> = Defined<Parameters<Id>['query']>;

/** What every area's handlers share. */
export interface HandlerContext {
  readonly world: World;
  readonly scenarios: Scenarios | undefined;
}

let sharedValidator: RequestValidator | undefined;

// Compiling is lazy and shared: one ajv instance for every handler set, schemas compiled on first request.
function validator(): RequestValidator {
  sharedValidator ??= new RequestValidator(openapi as unknown as OpenApiDocument);
  return sharedValidator;
}

/** True when the spec marks the operation `deprecated`. */
export function isDeprecated(operationId: OperationId): boolean {
  return validator().isDeprecated(operationId);
}

const exactRoutes = new Map<OperationId, RegExp>();

// MSW matches paths case-insensitively; Fastify (the real service) does not, so `/EXTENDED/...` is an unknown
// route there. Parameters match one segment; one trailing slash is ignored, as the real service does.
function isExactRoute(operationId: OperationId, pathname: string): boolean {
  let route = exactRoutes.get(operationId);
  if (!route) {
    const pattern = validator()
      .pathTemplate(operationId)
      .split(/\{[^}]+\}/)
      .map((literal) => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    route = new RegExp(`${pattern}/?$`);
    exactRoutes.set(operationId, route);
  }
  return route.test(pathname);
}

/**
 * Validates an operation's path and query parameters against the spec: typed, coerced values with
 * defaults applied, or the 400 the real service sends.
 */
export function validateInput<Id extends OperationId>(
  operationId: Id,
  request: Request,
  params: Readonly<Record<string, string | readonly string[] | undefined>>,
): { path: PathOf<Id>; query: QueryOf<Id> } | Response {
  const result = validator().validate(operationId, {
    params,
    searchParams: new URL(request.url).searchParams,
  });
  if (!result.ok) return jsonResponse(validationError(result.message), 400);
  // The schemas these values were just checked and coerced against are the ones these types come from.
  return { path: result.params as PathOf<Id>, query: result.query as QueryOf<Id> };
}

/**
 * Runs one operation: scenarios first (they stand for the edge in front of the service), then `answer`,
 * then what the real service adds to every answer (JSON charset, `Warning`, 304 on a matching ETag).
 */
export async function serve(
  context: HandlerContext,
  operationId: OperationId,
  request: Request,
  answer: () => Response | Promise<Response>,
): Promise<Response> {
  const url = new URL(request.url);
  if (!isExactRoute(operationId, url.pathname)) {
    return jsonResponse(routeNotFound(request.method, `${url.pathname}${url.search}`), 404);
  }
  const decision = context.scenarios
    ? await context.scenarios.intercept(request)
    : { response: undefined, headers: {} };
  const deprecated = isDeprecated(operationId);
  if (decision.response) {
    // A network error has no headers to add; a simulated failure still carries the deprecation notice,
    // which the spec promises on every response of a deprecated operation.
    if (decision.response.type === 'error' || !deprecated) return decision.response;
    return withHeaders(decision.response, { Warning: DEPRECATION_WARNING });
  }
  const response = await answer();
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(decision.headers)) headers.set(name, value);
  if (deprecated) headers.set('Warning', DEPRECATION_WARNING);
  if (headers.get('Content-Type')?.startsWith('application/json'))
    headers.set('Content-Type', JSON_CONTENT_TYPE);
  const etag = headers.get('ETag');
  if (response.status === 200 && etag && ifNoneMatchMatches(request.headers.get('If-None-Match'), etag)) {
    headers.delete('Content-Type');
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function withHeaders(response: Response, extra: Record<string, string>): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
