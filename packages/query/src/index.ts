export {
  getAccountTransactionsWithTransfersInfiniteOptions,
  getAccountTransactionsWithTransfersInfiniteQueryKey,
  getAccountTransactionsWithTransfersOptions,
  getAccountTransactionsWithTransfersQueryKey,
  getAddressTransactionEventsInfiniteOptions,
  getAddressTransactionEventsInfiniteQueryKey,
  getAddressTransactionEventsOptions,
  getAddressTransactionEventsQueryKey,
  getAddressTransactionsInfiniteOptions,
  getAddressTransactionsInfiniteQueryKey,
  getAddressTransactionsOptions,
  getAddressTransactionsQueryKey,
  getBlockByBurnBlockHashOptions,
  getBlockByBurnBlockHashQueryKey,
  getBlockByBurnBlockHeightOptions,
  getBlockByBurnBlockHeightQueryKey,
  getBlocksByBurnBlockInfiniteOptions,
  getBlocksByBurnBlockInfiniteQueryKey,
  getBlocksByBurnBlockOptions,
  getBlocksByBurnBlockQueryKey,
  getBrc20TokenOptions,
  getBrc20TokenQueryKey,
  getPrincipalTransactionBalanceChangesInfiniteOptions,
  getPrincipalTransactionBalanceChangesInfiniteQueryKey,
  getPrincipalTransactionBalanceChangesOptions,
  getPrincipalTransactionBalanceChangesQueryKey,
  getPrincipalTransactionsInfiniteOptions,
  getPrincipalTransactionsInfiniteQueryKey,
  getPrincipalTransactionsOptions,
  getPrincipalTransactionsQueryKey,
  getSmartContractsStatusOptions,
  getSmartContractsStatusQueryKey,
} from './operation-options.js';
export type {
  BlockindexInfiniteQueryOptions,
  BlockindexQueryOptions,
  CreateQueryOptionsOptions,
  InfiniteListOptions,
  InfinitePages,
} from './options-types.js';
export type { AddressQueryKey, BaseQueryKey, QueryKeys } from './query-keys.js';
export { createQueryKeys, QUERY_KEY_ROOT } from './query-keys.js';
export { createQueryOptions } from './query-options.js';
export type { BlockindexQueryOptionsFactory } from './query-options-factory.js';
export type { QueryRetry } from './retry.js';
export { createQueryRetry, isRetryableQueryError } from './retry.js';
