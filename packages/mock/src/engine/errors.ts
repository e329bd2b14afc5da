import type { components } from '@blockindex/spec/types';

/** The Fastify error body every Stacks 4xx/5xx uses. */
export type ErrorResponse = components['schemas']['ErrorResponse'];
/** The body of a BRC-20 404: exactly `{ "error": "Not found" }`. */
export type Brc20NotFoundResponse = components['schemas']['Brc20NotFoundResponse'];

/** A schema-validation 400, as Fastify words it (`code: FST_ERR_VALIDATION`). */
export function validationError(message: string): ErrorResponse {
  return { statusCode: 400, code: 'FST_ERR_VALIDATION', error: 'Bad Request', message };
}

/** A 400 raised by a handler after validation (no `code`), e.g. a bad checksum. */
export function badRequest(message: string): ErrorResponse {
  return { statusCode: 400, error: 'Bad Request', message };
}

/** A 404 raised by a handler, e.g. `cannot find block by height`. */
export function notFound(message: string): ErrorResponse {
  return { statusCode: 404, error: 'Not Found', message };
}

/** The Ordinals API's 404 body. */
export const BRC20_NOT_FOUND: Brc20NotFoundResponse = { error: 'Not found' };

/** Fastify's answer for a route that does not exist. */
export function routeNotFound(method: string, url: string) {
  return { message: `Route ${method}:${url} not found`, error: 'Not Found', statusCode: 404 };
}
