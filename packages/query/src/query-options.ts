import type {
  AccountTransactionsWithTransfersQuery,
  AddressTransaction,
  AddressTransactionEvent,
  AddressTransactionEventsQuery,
  AddressTransactionsQuery,
  AddressTransactionWithTransfers,
  Block,
  BlockindexClient,
  BlockindexCore,
  Brc20TokenDetails,
  PageData,
  SmartContractsStatusResponse,
} from '@blockindex/client';
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
import { createQueryKeys, type QueryKeys } from './query-keys.js';
import { createQueryRetry, type QueryRetry } from './retry.js';

type Base = readonly ['blockindex', string];
type AddressKey<Op extends string, Rest extends readonly unknown[]> = readonly [
  ...Base,
  'address',
  string,
  Op,
  ...Rest,
];

/** The factories of one client: one per operation, named like the client's methods, plus `keys`. */
export interface BlockindexQueryOptionsFactory {
  /** Key prefixes for invalidation (see {@link QueryKeys}). */
  readonly keys: QueryKeys;
  /**
   * A BRC-20 token's details. Key: `[..., 'brc20-token', ticker in lower case]`, then the client's
   * `ordinalsBaseUrl` when it is not its `baseUrl` (the answer comes from there).
   */
  getBrc20Token(
    ticker: string,
  ): BlockindexQueryOptions<
    Brc20TokenDetails,
    readonly [...Base, 'brc20-token', string] | readonly [...Base, 'brc20-token', string, string]
  >;
  /**
   * Deployment status of contracts. Key: `[..., 'smart-contracts-status', ids deduplicated and sorted]`. The cached
   * map is the client's own (`structuralSharing: false`), so an id such as `__proto__` stays an ordinary key.
   */
  getSmartContractsStatus(
    contractIds: readonly string[],
  ): BlockindexQueryOptions<
    SmartContractsStatusResponse,
    readonly [...Base, 'smart-contracts-status', string[]]
  >;
  /**
   * A block by burn-chain height. Key: `[..., 'block', 'by-burn-block-height', height]`.
   * @deprecated The API deprecates this operation; use `GET /extended/v2/burn-blocks/{height_or_hash}/blocks`.
   */
  getBlockByBurnBlockHeight(
    height: number,
  ): BlockindexQueryOptions<Block, readonly [...Base, 'block', 'by-burn-block-height', number]>;
  /**
   * A block by burn-chain hash. Key: `[..., 'block', 'by-burn-block-hash', hash as the client sends it]` (`0x`,
   * lower case: `normalizeHex`).
   * @deprecated The API deprecates this operation; use `GET /extended/v2/burn-blocks/{height_or_hash}/blocks`.
   */
  getBlockByBurnBlockHash(
    hash: string,
  ): BlockindexQueryOptions<Block, readonly [...Base, 'block', 'by-burn-block-hash', string]>;
  /** One page of an address's transactions. Key: `[..., 'address', address, 'transactions', 'page', query]`. */
  getAddressTransactions(
    address: string,
    query?: AddressTransactionsQuery,
  ): BlockindexQueryOptions<
    PageData<AddressTransaction>,
    AddressKey<'transactions', ['page', Partial<AddressTransactionsQuery>]>
  >;
  /** One page of an account's transactions with transfers. Key: `[..., 'address', principal, 'transactions-with-transfers', 'page', query]`. */
  getAccountTransactionsWithTransfers(
    principal: string,
    query?: AccountTransactionsWithTransfersQuery,
  ): BlockindexQueryOptions<
    PageData<AddressTransactionWithTransfers>,
    AddressKey<'transactions-with-transfers', ['page', Partial<AccountTransactionsWithTransfersQuery>]>
  >;
  /** One page of an address's events in a transaction. Key: `[..., 'address', address, 'transaction-events', txId, 'page', query]`. */
  getAddressTransactionEvents(
    address: string,
    txId: string,
    query?: AddressTransactionEventsQuery,
  ): BlockindexQueryOptions<
    PageData<AddressTransactionEvent>,
    AddressKey<'transaction-events', [string, 'page', Partial<AddressTransactionEventsQuery>]>
  >;
  /**
   * An address's transactions as an infinite list, exact while blocks are mined (no row twice, none skipped).
   * Key: `[..., 'address', address, 'transactions', 'infinite', query, { pageSize }]`.
   * @example
   * const list = useInfiniteQuery(queries.getAddressTransactionsInfinite(address, {}, { pageSize: 10 }));
   */
  getAddressTransactionsInfinite(
    address: string,
    query?: AddressTransactionsQuery,
    options?: InfiniteListOptions,
  ): BlockindexInfiniteQueryOptions<
    AddressTransaction,
    AddressKey<'transactions', ['infinite', Partial<AddressTransactionsQuery>, InfiniteListOptions]>
  >;
  /** An account's transactions with transfers as an exact infinite list. Key ends `'transactions-with-transfers', 'infinite', query, { pageSize }`. */
  getAccountTransactionsWithTransfersInfinite(
    principal: string,
    query?: AccountTransactionsWithTransfersQuery,
    options?: InfiniteListOptions,
  ): BlockindexInfiniteQueryOptions<
    AddressTransactionWithTransfers,
    AddressKey<
      'transactions-with-transfers',
      ['infinite', Partial<AccountTransactionsWithTransfersQuery>, InfiniteListOptions]
    >
  >;
  /** An address's events in a transaction as an exact infinite list. Key ends `'transaction-events', txId, 'infinite', query, { pageSize }`. */
  getAddressTransactionEventsInfinite(
    address: string,
    txId: string,
    query?: AddressTransactionEventsQuery,
    options?: InfiniteListOptions,
  ): BlockindexInfiniteQueryOptions<
    AddressTransactionEvent,
    AddressKey<
      'transaction-events',
      [string, 'infinite', Partial<AddressTransactionEventsQuery>, InfiniteListOptions]
    >
  >;
}

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
