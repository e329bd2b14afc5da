import type { BlockindexClient, BlockindexCore, PageData } from '@blockindex/client';
import { normalizeHex } from '@blockindex/client';
import type { DataTag, QueryKey } from '@tanstack/query-core';
import { callsOf } from './internal/calls.js';
import { keyContractIds, keyQuery, requirePageSize, requireString } from './internal/key-parts.js';
import type {
  BlockindexInfiniteQueryOptions,
  BlockindexQueryOptions,
  CreateQueryOptionsOptions,
  InfiniteListOptions,
} from './options-types.js';
import { createQueryKeys } from './query-keys.js';
import type { BlockindexQueryOptionsFactory } from './query-options-factory.js';
import { createQueryRetry, type QueryRetry } from './retry.js';

/**
 * Creates TanStack Query options for every operation of a client (from `createClient`) or a core (from `createCore`):
 * typed hierarchical keys, query functions that pass TanStack's `signal` and cache plain JSON, exact infinite lists,
 * and one retry layer, the client's own policy.
 * @example
 * import { createClient } from '@blockindex/client';
 * import { createQueryOptions } from '@blockindex/query';
 * const queries = createQueryOptions(createClient());
 * const token = await queryClient.fetchQuery(queries.getBrc20Token('ordi'));
 */
export function createQueryOptions(
  target: BlockindexClient | BlockindexCore,
  options: CreateQueryOptionsOptions = {},
): BlockindexQueryOptionsFactory {
  if (typeof target !== 'object' || target === null || typeof target.baseUrl !== 'string') {
    throw new TypeError(
      'createQueryOptions needs a client from createClient() or a core from createCore() of @blockindex/client',
    );
  }
  const client = callsOf(target);
  const keys = createQueryKeys(target);
  // Everything that changes an answer is in its key (never a credential): the base URL, and for BRC-20 tokens the
  // Ordinals API's when it differs.
  const ordinals: [] | [string] = target.ordinalsBaseUrl === target.baseUrl ? [] : [target.ordinalsBaseUrl];
  const base = keys.all();
  const retry = createQueryRetry(options.retry);
  // The query layer is the retry layer: the client tries each call once.
  const once = { retry: false } as const;

  return {
    keys,
    getBrc20Token(ticker) {
      requireString('ticker', ticker);
      return single([...base, 'brc20-token', ticker.toLowerCase(), ...ordinals], retry, ({ signal }) =>
        client.getBrc20Token(ticker, { ...once, signal }),
      );
    },
    getSmartContractsStatus(contractIds) {
      const ids = keyContractIds(contractIds);
      // TanStack's structural sharing rebuilds changed data with assignments, which turn a `__proto__` id into the
      // map's prototype: keep the client's map (prototype-less, every id an own key) as it is.
      return single(
        [...base, 'smart-contracts-status', ids],
        retry,
        ({ signal }) => client.getSmartContractsStatus(contractIds, { ...once, signal }),
        false,
      );
    },
    getBlockByBurnBlockHeight(height) {
      return single([...base, 'block', 'by-burn-block-height', height], retry, ({ signal }) =>
        client.getBlockByBurnBlockHeight(height, { ...once, signal }),
      );
    },
    getBlockByBurnBlockHash(hash) {
      requireString('hash', hash);
      return single([...base, 'block', 'by-burn-block-hash', normalizeHex(hash)], retry, ({ signal }) =>
        client.getBlockByBurnBlockHash(hash, { ...once, signal }),
      );
    },
    getAddressTransactions(address, query) {
      requireString('address', address);
      const q = keyQuery(query);
      return single([...keys.address(address), 'transactions', 'page', q], retry, async ({ signal }) =>
        (await client.getAddressTransactions(address, q, { ...once, signal })).toJSON(),
      );
    },
    getAccountTransactionsWithTransfers(principal, query) {
      requireString('principal', principal);
      const q = keyQuery(query);
      return single(
        [...keys.address(principal), 'transactions-with-transfers', 'page', q],
        retry,
        async ({ signal }) =>
          (await client.getAccountTransactionsWithTransfers(principal, q, { ...once, signal })).toJSON(),
      );
    },
    getAddressTransactionEvents(address, txId, query) {
      requireString('address', address);
      requireString('txId', txId);
      const q = keyQuery(query);
      return single(
        [...keys.address(address), 'transaction-events', normalizeHex(txId), 'page', q],
        retry,
        async ({ signal }) =>
          (await client.getAddressTransactionEvents(address, txId, q, { ...once, signal })).toJSON(),
      );
    },
    getAddressTransactionsInfinite(address, query, listOptions) {
      requireString('address', address);
      const { q, size } = listParts(query, listOptions);
      return infinite(
        [...keys.address(address), 'transactions', 'infinite', q, size],
        retry,
        async (pageParam, signal) =>
          (
            await client.getAddressTransactions(address, firstPage(q, size), { ...once, signal, pageParam })
          ).toJSON(),
      );
    },
    getAccountTransactionsWithTransfersInfinite(principal, query, listOptions) {
      requireString('principal', principal);
      const { q, size } = listParts(query, listOptions);
      return infinite(
        [...keys.address(principal), 'transactions-with-transfers', 'infinite', q, size],
        retry,
        async (pageParam, signal) =>
          (
            await client.getAccountTransactionsWithTransfers(principal, firstPage(q, size), {
              ...once,
              signal,
              pageParam,
            })
          ).toJSON(),
      );
    },
    getAddressTransactionEventsInfinite(address, txId, query, listOptions) {
      requireString('address', address);
      requireString('txId', txId);
      const { q, size } = listParts(query, listOptions);
      return infinite(
        [...keys.address(address), 'transaction-events', normalizeHex(txId), 'infinite', q, size],
        retry,
        async (pageParam, signal) =>
          (
            await client.getAddressTransactionEvents(address, txId, firstPage(q, size), {
              ...once,
              signal,
              pageParam,
            })
          ).toJSON(),
      );
    },
  };
}

function single<TData, TKey extends QueryKey>(
  queryKey: TKey,
  retry: QueryRetry,
  queryFn: (context: { signal: AbortSignal }) => Promise<TData>,
  structuralSharing?: false,
): BlockindexQueryOptions<TData, TKey> {
  const options: BlockindexQueryOptions<TData, TKey> = {
    queryKey: queryKey as DataTag<TKey, TData>,
    queryFn,
    ...retry,
  };
  if (structuralSharing === false) options.structuralSharing = false;
  return options;
}

function infinite<TItem, TKey extends QueryKey>(
  queryKey: TKey,
  retry: QueryRetry,
  fetchPage: (pageParam: PageData<TItem>['nextPageParam'], signal: AbortSignal) => Promise<PageData<TItem>>,
): BlockindexInfiniteQueryOptions<TItem, TKey> {
  return {
    queryKey: queryKey as BlockindexInfiniteQueryOptions<TItem, TKey>['queryKey'],
    queryFn: async ({ pageParam, signal, client }) => {
      try {
        return await fetchPage(pageParam, signal);
      } catch (error) {
        // A re-org orphaned the rows this page follows, so the pages in the cache no longer line up: refetch the
        // list from its first page. TanStack cancels this fetch quietly (no error shown) and fetches every page
        // again, each from the one before it.
        if (pageParam !== null && client && isReorged(error)) {
          void client.refetchQueries({ queryKey, exact: true }, { cancelRefetch: true });
        }
        throw error;
      }
    },
    initialPageParam: null,
    getNextPageParam: (lastPage) => lastPage.nextPageParam,
    ...retry,
  };
}

/** `ListReorgedError`, told by its name: an app may hold two copies of the client, so no `instanceof`. */
function isReorged(error: unknown): boolean {
  return error instanceof Error && error.name === 'ListReorgedError';
}

function listParts<Q extends object>(
  query: Q | undefined,
  options: InfiniteListOptions | undefined,
): { q: Partial<Q>; size: InfiniteListOptions } {
  const pageSize = requirePageSize(options?.pageSize);
  return { q: keyQuery(query), size: pageSize === undefined ? {} : { pageSize } };
}

/** The first page's query: `pageSize` is its `limit`; later pages take theirs from the page param. */
function firstPage<Q extends { limit?: number }>(query: Partial<Q>, size: InfiniteListOptions): Partial<Q> {
  return size.pageSize === undefined ? query : { ...query, limit: size.pageSize };
}
