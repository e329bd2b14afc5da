/**
 * The error hierarchy, one family per file under `errors/`: the base and its brand, API errors (one class per
 * status family, chosen by `createApiError`), connection errors, response errors and list errors.
 */
export type { ApiErrorInit } from './errors/api-errors.js';
export {
  ApiError,
  BadRequestError,
  createApiError,
  ForbiddenError,
  GoneError,
  NotFoundError,
  RateLimitError,
  ServerError,
  UnauthorizedError,
} from './errors/api-errors.js';
export type { BlockindexErrorOptions } from './errors/blockindex-error.js';
export { BlockindexError, ERROR_KIND } from './errors/blockindex-error.js';
export { AbortError, ConnectionError, RedirectError, TimeoutError } from './errors/connection-errors.js';
export { ListInconsistentError, ListOutpacedError, ListReorgedError } from './errors/list-errors.js';
export type { ResponseErrorInit } from './errors/response-errors.js';
export { ResponseParseError, ResponseTooLargeError } from './errors/response-errors.js';
