export type { Middleware } from 'openapi-fetch';
export { ApiPromise } from './api-promise.js';
export { BASE_URLS } from './base-urls.js';
export type { ClientOptions, ContractStatusOptions, ListOptions } from './client.js';
export { BlockindexClient, createClient, DEFAULT_TIMEOUT_MS } from './client.js';
export type { ApiErrorInit } from './errors.js';
export {
  AbortError,
  ApiError,
  BadRequestError,
  BlockindexError,
  ConnectionError,
  ListOutpacedError,
  NotFoundError,
  RateLimitError,
  ResponseParseError,
  ServerError,
  TimeoutError,
} from './errors.js';
export type { components, operations, paths } from './generated/schema.js';
export type { HeadersOption, RequestOptions, WithResponse } from './internal/transport.js';
export type { PageData, PageParam } from './page-param.js';
export type { IterationOptions, ListStart, Page, PageBody, PagePromise } from './pagination.js';
export type { RetryOptions, RetryPolicy } from './retry.js';
export { DEFAULT_RETRY_POLICY } from './retry.js';
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
  ApiErrorBody,
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
  ErrorResponse,
  FtAddressTransactionEvent,
  FtTransfer,
  NftAddressTransactionEvent,
  NftTransfer,
  PoisonMicroblockTransaction,
  PostCondition,
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
} from './types.js';
