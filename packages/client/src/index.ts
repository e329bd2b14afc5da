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
export type { Middleware } from 'openapi-fetch';
export type { WithResponse } from './api-promise.js';
export { ApiPromise } from './api-promise.js';
export { BASE_URLS } from './base-urls.js';
export {
  BlockindexClient,
  createClient,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
} from './client.js';
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
  NotFoundError,
  RateLimitError,
  RedirectError,
  ResponseParseError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from './errors.js';
export type {
  ApiWarning,
  ClientOptions,
  ContractStatusOptions,
  FetchFn,
  HeadersOption,
  IterationOptions,
  ListOptions,
  RateLimitOptions,
  RequestOptions,
} from './options.js';
export type { PageData, PageParam } from './page-param.js';
export type { ListStart, Page, PageBody, PagePromise } from './pagination.js';
export type { RetryOptions, RetryPolicy } from './retry.js';
export { DEFAULT_RETRY_POLICY } from './retry.js';
export type { ApiErrorBody } from './types.js';
