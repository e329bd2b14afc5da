import {
  type AccountTransactionsWithTransfersQuery,
  type AddressTransactionEventsQuery,
  type AddressTransactionsQuery,
  type BlockindexCore,
  getAccountTransactionsWithTransfers,
  getAddressTransactionEvents,
  getAddressTransactions,
  normalizeHex,
} from '@blockindex/client';
import { addressKey, firstPage, infinite, listParts, once } from './internal/build.js';
import { requireString } from './internal/key-parts.js';
import type { CreateQueryOptionsOptions, InfiniteListOptions } from './options-types.js';
import type { BlockindexQueryOptionsFactory as Factory } from './query-options-factory.js';
import { createQueryRetry } from './retry.js';

// The infinite lists, one builder each (`<operation>InfiniteOptions`, `<operation>InfiniteQueryKey`), exact while
// blocks are mined and across re-orgs; see `operation-options.ts` for the single queries.

type Op = Exclude<keyof Factory, 'keys'>;
type Key<K extends Op> = ReturnType<Factory[K]>['queryKey'];

/**
 * The key of {@link getAddressTransactionsInfiniteOptions}:
 * `[..., 'address', address, 'transactions', 'infinite', query, { pageSize }]`.
 */
export function getAddressTransactionsInfiniteQueryKey(
  core: BlockindexCore,
  address: string,
  query?: AddressTransactionsQuery,
  listOptions?: InfiniteListOptions,
): Key<'getAddressTransactionsInfinite'> {
  requireString('address', address);
  const { q, size } = listParts(query, listOptions);
  return [...addressKey(core, address), 'transactions', 'infinite', q, size] as never;
}

/**
 * TanStack Query options of an address's transactions as an infinite list, exact while blocks are mined (no row
 * twice, none skipped), for `useInfiniteQuery`, `fetchInfiniteQuery`, `prefetchInfiniteQuery`.
 * @example
 * const list = useInfiniteQuery(getAddressTransactionsInfiniteOptions(core, address, {}, { pageSize: 10 }));
 */
export function getAddressTransactionsInfiniteOptions(
  core: BlockindexCore,
  address: string,
  query?: AddressTransactionsQuery,
  listOptions?: InfiniteListOptions,
  settings?: CreateQueryOptionsOptions,
): ReturnType<Factory['getAddressTransactionsInfinite']> {
  const queryKey = getAddressTransactionsInfiniteQueryKey(core, address, query, listOptions);
  const [q, size] = [queryKey[6], queryKey[7]];
  return infinite(queryKey, createQueryRetry(settings?.retry), async (pageParam, signal) =>
    (
      await getAddressTransactions(core, address, firstPage(q, size), { ...once, signal, pageParam })
    ).toJSON(),
  );
}

/**
 * The key of {@link getAccountTransactionsWithTransfersInfiniteOptions}:
 * `[..., 'address', principal, 'transactions-with-transfers', 'infinite', query, { pageSize }]`.
 */
export function getAccountTransactionsWithTransfersInfiniteQueryKey(
  core: BlockindexCore,
  principal: string,
  query?: AccountTransactionsWithTransfersQuery,
  listOptions?: InfiniteListOptions,
): Key<'getAccountTransactionsWithTransfersInfinite'> {
  requireString('principal', principal);
  const { q, size } = listParts(query, listOptions);
  return [...addressKey(core, principal), 'transactions-with-transfers', 'infinite', q, size] as never;
}

/** TanStack Query options of an account's transactions with transfers as an exact infinite list. */
export function getAccountTransactionsWithTransfersInfiniteOptions(
  core: BlockindexCore,
  principal: string,
  query?: AccountTransactionsWithTransfersQuery,
  listOptions?: InfiniteListOptions,
  settings?: CreateQueryOptionsOptions,
): ReturnType<Factory['getAccountTransactionsWithTransfersInfinite']> {
  const queryKey = getAccountTransactionsWithTransfersInfiniteQueryKey(core, principal, query, listOptions);
  const [q, size] = [queryKey[6], queryKey[7]];
  return infinite(queryKey, createQueryRetry(settings?.retry), async (pageParam, signal) =>
    (
      await getAccountTransactionsWithTransfers(core, principal, firstPage(q, size), {
        ...once,
        signal,
        pageParam,
      })
    ).toJSON(),
  );
}

/**
 * The key of {@link getAddressTransactionEventsInfiniteOptions}:
 * `[..., 'address', address, 'transaction-events', txId as sent, 'infinite', query, { pageSize }]`.
 */
export function getAddressTransactionEventsInfiniteQueryKey(
  core: BlockindexCore,
  address: string,
  txId: string,
  query?: AddressTransactionEventsQuery,
  listOptions?: InfiniteListOptions,
): Key<'getAddressTransactionEventsInfinite'> {
  requireString('address', address);
  requireString('txId', txId);
  const { q, size } = listParts(query, listOptions);
  const key = [...addressKey(core, address), 'transaction-events', normalizeHex(txId), 'infinite', q, size];
  return key as never;
}

/** TanStack Query options of an address's events in a transaction as an exact infinite list. */
export function getAddressTransactionEventsInfiniteOptions(
  core: BlockindexCore,
  address: string,
  txId: string,
  query?: AddressTransactionEventsQuery,
  listOptions?: InfiniteListOptions,
  settings?: CreateQueryOptionsOptions,
): ReturnType<Factory['getAddressTransactionEventsInfinite']> {
  const queryKey = getAddressTransactionEventsInfiniteQueryKey(core, address, txId, query, listOptions);
  const [q, size] = [queryKey[7], queryKey[8]];
  return infinite(queryKey, createQueryRetry(settings?.retry), async (pageParam, signal) =>
    (
      await getAddressTransactionEvents(core, address, txId, firstPage(q, size), {
        ...once,
        signal,
        pageParam,
      })
    ).toJSON(),
  );
}
