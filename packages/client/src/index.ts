// Every schema type of the API, by its name in the spec.
export type {
  AccountTransactionsWithTransfersQuery,
  AddressTransaction,
  AddressTransactionEvent,
  AddressTransactionEventCounts,
  AddressTransactionEventPage,
  AddressTransactionEventsQuery,
  AddressTransactionPage,
  AddressTransactionsQuery,
  AddressTransactionWithTransfers,
  AddressTransactionWithTransfersPage,
  AssetEventCounts,
  AssetEventType,
  Block,
  Brc20NotFoundResponse,
  Brc20Supply,
  Brc20Token,
  Brc20TokenDetails,
  ClarityValue,
  CoinbaseTransaction,
  ContractCallTransaction,
  components,
  ErrorResponse,
  FtAddressTransactionEvent,
  FtTransfer,
  NftAddressTransactionEvent,
  NftTransfer,
  operations,
  PoisonMicroblockTransaction,
  PostCondition,
  paths,
  SmartContractDeployment,
  SmartContractDeploymentStatus,
  SmartContractFound,
  SmartContractNotFound,
  SmartContractStatus,
  SmartContractsStatusResponse,
  SmartContractTransaction,
  StxAddressTransactionEvent,
  StxTransfer,
  TenureChangeTransaction,
  TokenTransferTransaction,
  Transaction,
  TransactionCommon,
  TransactionEvent,
  TransactionStatus,
  TransactionType,
} from '@blockindex/spec/types';
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
export type { DeprecatedOperation } from './deprecations.js';
export { DEPRECATIONS } from './deprecations.js';
export type { ApiErrorInit, BlockindexErrorOptions, ResponseErrorInit } from './errors.js';
export {
  AbortError,
  ApiError,
  BadRequestError,
  BlockindexError,
  ConnectionError,
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
export { errorSummaries, jsonStructureLimit, middleware, statusPhrases } from './guards.js';
export { normalizeHex } from './hex.js';
export {
  getAccountTransactionsWithTransfers,
  getAddressTransactionEvents,
  getAddressTransactions,
} from './list-operations.js';
export { getBlockByBurnBlockHash, getBlockByBurnBlockHeight, getBrc20Token } from './operations.js';
export type {
  ApiWarning,
  ClientOptions,
  ContractStatusOptions,
  CoreOptions,
  FetchFn,
  HeadersOption,
  IterationOptions,
  ListOptions,
  RateLimitOptions,
  ReorgEvent,
  RequestOptions,
} from './options.js';
export type { RatePacer } from './pacer.js';
export { createPacer } from './pacer.js';
export type { ListPromise, ListStart, Page, PageBody } from './page.js';
export type { PageData, PageParam } from './page-param.js';
export type { PagePromise } from './page-promise.js';
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
export type { ApiErrorBody, Guard, Middleware, MiddlewareParams } from './types.js';
