import type { BlockindexCore } from '@blockindex/client';
import {
  getAccountTransactionsWithTransfersInfiniteOptions,
  getAddressTransactionEventsInfiniteOptions,
  getAddressTransactionsInfiniteOptions,
} from './infinite-options.js';
import { baseKey } from './internal/build.js';
import {
  getAccountTransactionsWithTransfersOptions,
  getAddressTransactionEventsOptions,
  getAddressTransactionsOptions,
  getBlockByBurnBlockHashOptions,
  getBlockByBurnBlockHeightOptions,
  getBrc20TokenOptions,
  getSmartContractsStatusOptions,
} from './operation-options.js';
import type { CreateQueryOptionsOptions } from './options-types.js';
import { createQueryKeys } from './query-keys.js';
import type { BlockindexQueryOptionsFactory } from './query-options-factory.js';
import { createQueryRetry } from './retry.js';

/**
 * Creates TanStack Query options for every operation of a client (from `createClient`) or a core (from `createCore`):
 * typed hierarchical keys, query functions that pass TanStack's `signal` and cache plain JSON, exact infinite lists,
 * and one retry layer, the client's own policy. Each factory is the per-operation builder of the same name
 * (`getBrc20Token` is `getBrc20TokenOptions`), bound to `target`; import those alone for the smallest bundle.
 * @example
 * import { createClient } from '@blockindex/client';
 * import { createQueryOptions } from '@blockindex/query';
 * const queries = createQueryOptions(createClient());
 * const token = await queryClient.fetchQuery(queries.getBrc20Token('ordi'));
 */
export function createQueryOptions(
  target: BlockindexCore,
  options: CreateQueryOptionsOptions = {},
): BlockindexQueryOptionsFactory {
  try {
    baseKey(target);
  } catch {
    throw new TypeError(
      'createQueryOptions needs a client from createClient() or a core from createCore() of @blockindex/client',
    );
  }
  createQueryRetry(options.retry); // checked once, here, rather than at the first factory call
  const c = target;
  const o = options;
  return {
    keys: createQueryKeys(target),
    getBrc20Token: (ticker) => getBrc20TokenOptions(c, ticker, o),
    getSmartContractsStatus: (ids) => getSmartContractsStatusOptions(c, ids, o),
    getBlockByBurnBlockHeight: (height) => getBlockByBurnBlockHeightOptions(c, height, o),
    getBlockByBurnBlockHash: (hash) => getBlockByBurnBlockHashOptions(c, hash, o),
    getAddressTransactions: (address, query) => getAddressTransactionsOptions(c, address, query, o),
    getAccountTransactionsWithTransfers: (principal, query) =>
      getAccountTransactionsWithTransfersOptions(c, principal, query, o),
    getAddressTransactionEvents: (address, txId, query) =>
      getAddressTransactionEventsOptions(c, address, txId, query, o),
    getAddressTransactionsInfinite: (address, query, list) =>
      getAddressTransactionsInfiniteOptions(c, address, query, list, o),
    getAccountTransactionsWithTransfersInfinite: (principal, query, list) =>
      getAccountTransactionsWithTransfersInfiniteOptions(c, principal, query, list, o),
    getAddressTransactionEventsInfinite: (address, txId, query, list) =>
      getAddressTransactionEventsInfiniteOptions(c, address, txId, query, list, o),
  };
}
