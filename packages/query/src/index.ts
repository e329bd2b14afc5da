export {
  getAccountTransactionsWithTransfersInfiniteOptions,
  getAccountTransactionsWithTransfersInfiniteQueryKey,
  getAddressTransactionEventsInfiniteOptions,
  getAddressTransactionEventsInfiniteQueryKey,
  getAddressTransactionsInfiniteOptions,
  getAddressTransactionsInfiniteQueryKey,
} from './infinite-options.js';
export {
  getAccountTransactionsWithTransfersOptions,
  getAccountTransactionsWithTransfersQueryKey,
  getAddressTransactionEventsOptions,
  getAddressTransactionEventsQueryKey,
  getAddressTransactionsOptions,
  getAddressTransactionsQueryKey,
  getBlockByBurnBlockHashOptions,
  getBlockByBurnBlockHashQueryKey,
  getBlockByBurnBlockHeightOptions,
  getBlockByBurnBlockHeightQueryKey,
  getBrc20TokenOptions,
  getBrc20TokenQueryKey,
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
export {
  getBlocksByBurnBlockOptions,
  getBlocksByBurnBlockQueryKey,
  getPrincipalTransactionBalanceChangesOptions,
  getPrincipalTransactionBalanceChangesQueryKey,
  getPrincipalTransactionsOptions,
  getPrincipalTransactionsQueryKey,
} from './successor-options.js';
