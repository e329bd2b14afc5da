import {
  type BlockindexCore,
  type BlocksByBurnBlockQuery,
  getBlocksByBurnBlock,
  getPrincipalTransactionBalanceChanges,
  getPrincipalTransactions,
  type NakamotoBlockPage,
  normalizeHex,
  type PrincipalTransactionBalanceChangePage,
  type PrincipalTransactionBalanceChangesQuery,
  type PrincipalTransactionPage,
  type PrincipalTransactionsQuery,
} from '@blockindex/client';
import { addressKey, baseKey, once, single } from './internal/build.js';
import { keyQuery, requireString } from './internal/key-parts.js';
import type { BlockindexQueryOptions, CreateQueryOptionsOptions } from './options-types.js';
import type { BaseQueryKey } from './query-keys.js';
import { createQueryRetry } from './retry.js';

// Query options of the three successor operations, one page each (the query's `cursor` or `offset` is part of the
// key), named as the other per-operation builders.

type PrincipalTransactionsKey = readonly [...BaseQueryKey, 'address', string, 'v3-transactions', object];
type BalanceChangesKey = readonly [...BaseQueryKey, 'address', string, 'balance-changes', string, object];
type BurnBlockBlocksKey = readonly [...BaseQueryKey, 'burn-block', string | number, 'blocks', object];

/** The key of {@link getPrincipalTransactionsOptions}: `[..., 'address', principal, 'v3-transactions', query]`. */
export function getPrincipalTransactionsQueryKey(
  core: BlockindexCore,
  principal: string,
  query?: PrincipalTransactionsQuery,
): PrincipalTransactionsKey {
  requireString('principal', principal);
  return [...addressKey(core, principal), 'v3-transactions', keyQuery(query)];
}

/** TanStack Query options of one page of `getPrincipalTransactions`. */
export function getPrincipalTransactionsOptions(
  core: BlockindexCore,
  principal: string,
  query?: PrincipalTransactionsQuery,
  settings?: CreateQueryOptionsOptions,
): BlockindexQueryOptions<PrincipalTransactionPage, PrincipalTransactionsKey> {
  return single(
    getPrincipalTransactionsQueryKey(core, principal, query),
    createQueryRetry(settings?.retry),
    ({ signal }) => getPrincipalTransactions(core, principal, query, { ...once, signal }),
  );
}

/**
 * The key of {@link getPrincipalTransactionBalanceChangesOptions}:
 * `[..., 'address', principal, 'balance-changes', txId as sent, query]`.
 */
export function getPrincipalTransactionBalanceChangesQueryKey(
  core: BlockindexCore,
  principal: string,
  txId: string,
  query?: PrincipalTransactionBalanceChangesQuery,
): BalanceChangesKey {
  requireString('principal', principal);
  requireString('txId', txId);
  return [...addressKey(core, principal), 'balance-changes', normalizeHex(txId), keyQuery(query)];
}

/** TanStack Query options of one page of `getPrincipalTransactionBalanceChanges`. */
export function getPrincipalTransactionBalanceChangesOptions(
  core: BlockindexCore,
  principal: string,
  txId: string,
  query?: PrincipalTransactionBalanceChangesQuery,
  settings?: CreateQueryOptionsOptions,
): BlockindexQueryOptions<PrincipalTransactionBalanceChangePage, BalanceChangesKey> {
  return single(
    getPrincipalTransactionBalanceChangesQueryKey(core, principal, txId, query),
    createQueryRetry(settings?.retry),
    ({ signal }) => getPrincipalTransactionBalanceChanges(core, principal, txId, query, { ...once, signal }),
  );
}

/** The key of {@link getBlocksByBurnBlockOptions}: `[..., 'burn-block', heightOrHash, 'blocks', query]`. */
export function getBlocksByBurnBlockQueryKey(
  core: BlockindexCore,
  heightOrHash: 'latest' | string | number,
  query?: BlocksByBurnBlockQuery,
): BurnBlockBlocksKey {
  const id =
    typeof heightOrHash === 'string' && heightOrHash !== 'latest' && !/^[0-9]+$/.test(heightOrHash)
      ? normalizeHex(heightOrHash)
      : heightOrHash;
  return [...baseKey(core), 'burn-block', id, 'blocks', keyQuery(query)];
}

/** TanStack Query options of one page of `getBlocksByBurnBlock` (`'latest'` moves with the chain: refetch it). */
export function getBlocksByBurnBlockOptions(
  core: BlockindexCore,
  heightOrHash: 'latest' | string | number,
  query?: BlocksByBurnBlockQuery,
  settings?: CreateQueryOptionsOptions,
): BlockindexQueryOptions<NakamotoBlockPage, BurnBlockBlocksKey> {
  return single(
    getBlocksByBurnBlockQueryKey(core, heightOrHash, query),
    createQueryRetry(settings?.retry),
    ({ signal }) => getBlocksByBurnBlock(core, heightOrHash, query, { ...once, signal }),
  );
}
