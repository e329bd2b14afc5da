// Every schema type of the API under its name in the spec (`Block`, `AddressTransaction`, ...), with `paths`,
// `components` and `operations`.
export type * from '@blockindex/spec/types';
export type { WithResponse } from './api-promise.js';
export { ApiPromise } from './api-promise.js';
export { BlockindexClient, createClient } from './client.js';
export { getSmartContractsStatus } from './contract-status.js';
export type { BlockindexCore } from './core.js';
export {
  BASE_URLS,
  createCore,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
} from './core.js';
export type {
  ApiErrorBody,
  ApiErrorInit,
  BlockindexErrorOptions,
  DeprecatedOperation,
  ResponseErrorInit,
} from './errors.js';
export {
  AbortError,
  ApiError,
  BadRequestError,
  BlockindexError,
  ConnectionError,
  DEPRECATIONS,
  ForbiddenError,
  GoneError,
  ListInconsistentError,
  ListOutpacedError,
  ListReorgedError,
  NotFoundError,
  RateLimitError,
  RedirectError,
  ResponseParseError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from './errors.js';
export {
  deepRedaction,
  errorDetails,
  errorSummaries,
  headerChecks,
  jsonStructureLimit,
  longTimers,
  middleware,
  rateLimitHeaders,
  statusPhrases,
} from './guards.js';
export { normalizeHex } from './internal/option-checks.js';
export {
  getAccountTransactionsWithTransfers,
  getAddressTransactionEvents,
  getAddressTransactions,
  getBlockByBurnBlockHash,
  getBlockByBurnBlockHeight,
  getBlocksByBurnBlock,
  getBrc20Token,
  getPrincipalTransactionBalanceChanges,
  getPrincipalTransactions,
} from './operations.js';
export type {
  ApiWarning,
  ClientOptions,
  ContractStatusOptions,
  CoreOptions,
  FetchFn,
  Guard,
  HeadersOption,
  IterationOptions,
  ListOptions,
  Middleware,
  MiddlewareParams,
  RateLimitOptions,
  RatePacer,
  ReorgEvent,
  RequestOptions,
} from './options.js';
export { createPacer } from './pacer.js';
export type { ListPromise, ListStart, Page, PageBody } from './page.js';
export type { PageData, PageParam } from './page-param.js';
export type { PagePromise } from './pagination.js';
export { iterate, iteratePages } from './pagination.js';
export type { RetryOptions, RetryPolicy } from './retry.js';
export {
  backoffDelayMs,
  createRetryPolicy,
  DEFAULT_RETRY_POLICY,
  isRetryableError,
  parseRetryAfterMs,
  retryDelayMs,
} from './retry.js';
