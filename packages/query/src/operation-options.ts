import {
  type AccountTransactionsWithTransfersQuery,
  type AddressTransactionEventsQuery,
  type AddressTransactionsQuery,
  type BlockindexCore,
  getAccountTransactionsWithTransfers,
  getAddressTransactionEvents,
  getAddressTransactions,
  getBlockByBurnBlockHash,
  getBlockByBurnBlockHeight,
  getBrc20Token,
  getSmartContractsStatus,
  normalizeHex,
} from '@blockindex/client';
import { addressKey, baseKey, once, single } from './internal/build.js';
import { keyContractIds, keyQuery, requireString } from './internal/key-parts.js';
import type { CreateQueryOptionsOptions } from './options-types.js';
import type { BlockindexQueryOptionsFactory as Factory } from './query-options-factory.js';
import { createQueryRetry } from './retry.js';

// One query-options builder per operation, named as TanStack's plugin of hey-api names them (`<operation>Options`,
// `<operation>QueryKey`), each its own export so an app ships only the builders it imports. `core` is a core from
// `createCore()` or a client from `createClient()` (of any copy or build of @blockindex/client); `settings.retry` is
// the query layer's retry policy (see `createQueryOptions`). Keys and data types are those of the factory.

type Op = Exclude<keyof Factory, 'keys'>;
type Key<K extends Op> = ReturnType<Factory[K]>['queryKey'];

/**
 * The key of {@link getBrc20TokenOptions}: `['blockindex', baseUrl, 'brc20-token', ticker in lower case]`, then the
 * core's `ordinalsBaseUrl` when it is not its `baseUrl`.
 */
export function getBrc20TokenQueryKey(core: BlockindexCore, ticker: string): Key<'getBrc20Token'> {
  requireString('ticker', ticker);
  const ordinals = core.ordinalsBaseUrl === baseKey(core)[1] ? [] : [core.ordinalsBaseUrl];
  return [...baseKey(core), 'brc20-token', ticker.toLowerCase(), ...ordinals] as never;
}

/**
 * TanStack Query options of `getBrc20Token`: a BRC-20 token's details, for `useQuery`, `fetchQuery`, `prefetchQuery`.
 * @example
 * import { createCore } from '@blockindex/client';
 * import { getBrc20TokenOptions } from '@blockindex/query';
 * const token = await queryClient.fetchQuery(getBrc20TokenOptions(createCore(), 'ordi'));
 */
export function getBrc20TokenOptions(
  core: BlockindexCore,
  ticker: string,
  settings?: CreateQueryOptionsOptions,
): ReturnType<Factory['getBrc20Token']> {
  return single(getBrc20TokenQueryKey(core, ticker), createQueryRetry(settings?.retry), ({ signal }) =>
    getBrc20Token(core, ticker, { ...once, signal }),
  );
}

/** The key of {@link getSmartContractsStatusOptions}: `[..., 'smart-contracts-status', ids deduplicated and sorted]`. */
export function getSmartContractsStatusQueryKey(
  core: BlockindexCore,
  contractIds: readonly string[],
): Key<'getSmartContractsStatus'> {
  return [...baseKey(core), 'smart-contracts-status', keyContractIds(contractIds)] as never;
}

/**
 * TanStack Query options of `getSmartContractsStatus`. The cached map is the client's own (`structuralSharing:
 * false`), so an id such as `__proto__` stays an ordinary key.
 */
export function getSmartContractsStatusOptions(
  core: BlockindexCore,
  contractIds: readonly string[],
  settings?: CreateQueryOptionsOptions,
): ReturnType<Factory['getSmartContractsStatus']> {
  // TanStack's structural sharing rebuilds changed data with assignments, which turn a `__proto__` id into the map's
  // prototype: keep the client's map (prototype-less, every id an own key) as it is.
  return single(
    getSmartContractsStatusQueryKey(core, contractIds),
    createQueryRetry(settings?.retry),
    ({ signal }) => getSmartContractsStatus(core, contractIds, { ...once, signal }),
    false,
  );
}

/** The key of {@link getBlockByBurnBlockHeightOptions}: `[..., 'block', 'by-burn-block-height', height]`. */
export function getBlockByBurnBlockHeightQueryKey(
  core: BlockindexCore,
  height: number,
): Key<'getBlockByBurnBlockHeight'> {
  return [...baseKey(core), 'block', 'by-burn-block-height', height] as never;
}

/**
 * TanStack Query options of `getBlockByBurnBlockHeight`.
 * @deprecated The API deprecates this operation; use `GET /extended/v2/burn-blocks/{height_or_hash}/blocks`.
 */
export function getBlockByBurnBlockHeightOptions(
  core: BlockindexCore,
  height: number,
  settings?: CreateQueryOptionsOptions,
): ReturnType<Factory['getBlockByBurnBlockHeight']> {
  return single(
    getBlockByBurnBlockHeightQueryKey(core, height),
    createQueryRetry(settings?.retry),
    ({ signal }) => getBlockByBurnBlockHeight(core, height, { ...once, signal }),
  );
}

/** The key of {@link getBlockByBurnBlockHashOptions}: `[..., 'block', 'by-burn-block-hash', hash as sent]`. */
export function getBlockByBurnBlockHashQueryKey(
  core: BlockindexCore,
  hash: string,
): Key<'getBlockByBurnBlockHash'> {
  requireString('hash', hash);
  return [...baseKey(core), 'block', 'by-burn-block-hash', normalizeHex(hash)] as never;
}

/**
 * TanStack Query options of `getBlockByBurnBlockHash`; the key holds the hash as the client sends it (`0x`, lower case).
 * @deprecated The API deprecates this operation; use `GET /extended/v2/burn-blocks/{height_or_hash}/blocks`.
 */
export function getBlockByBurnBlockHashOptions(
  core: BlockindexCore,
  hash: string,
  settings?: CreateQueryOptionsOptions,
): ReturnType<Factory['getBlockByBurnBlockHash']> {
  return single(
    getBlockByBurnBlockHashQueryKey(core, hash),
    createQueryRetry(settings?.retry),
    ({ signal }) => getBlockByBurnBlockHash(core, hash, { ...once, signal }),
  );
}

/** The key of {@link getAddressTransactionsOptions}: `[..., 'address', address, 'transactions', 'page', query]`. */
export function getAddressTransactionsQueryKey(
  core: BlockindexCore,
  address: string,
  query?: AddressTransactionsQuery,
): Key<'getAddressTransactions'> {
  requireString('address', address);
  return [...addressKey(core, address), 'transactions', 'page', keyQuery(query)] as never;
}

/** TanStack Query options of one page of `getAddressTransactions`, cached as plain JSON (`PageData`). */
export function getAddressTransactionsOptions(
  core: BlockindexCore,
  address: string,
  query?: AddressTransactionsQuery,
  settings?: CreateQueryOptionsOptions,
): ReturnType<Factory['getAddressTransactions']> {
  const queryKey = getAddressTransactionsQueryKey(core, address, query);
  return single(queryKey, createQueryRetry(settings?.retry), async ({ signal }) =>
    (await getAddressTransactions(core, address, queryKey[6], { ...once, signal })).toJSON(),
  );
}

/**
 * The key of {@link getAccountTransactionsWithTransfersOptions}:
 * `[..., 'address', principal, 'transactions-with-transfers', 'page', query]`.
 */
export function getAccountTransactionsWithTransfersQueryKey(
  core: BlockindexCore,
  principal: string,
  query?: AccountTransactionsWithTransfersQuery,
): Key<'getAccountTransactionsWithTransfers'> {
  requireString('principal', principal);
  return [...addressKey(core, principal), 'transactions-with-transfers', 'page', keyQuery(query)] as never;
}

/** TanStack Query options of one page of `getAccountTransactionsWithTransfers`, cached as plain JSON. */
export function getAccountTransactionsWithTransfersOptions(
  core: BlockindexCore,
  principal: string,
  query?: AccountTransactionsWithTransfersQuery,
  settings?: CreateQueryOptionsOptions,
): ReturnType<Factory['getAccountTransactionsWithTransfers']> {
  const queryKey = getAccountTransactionsWithTransfersQueryKey(core, principal, query);
  return single(queryKey, createQueryRetry(settings?.retry), async ({ signal }) =>
    (await getAccountTransactionsWithTransfers(core, principal, queryKey[6], { ...once, signal })).toJSON(),
  );
}

/**
 * The key of {@link getAddressTransactionEventsOptions}:
 * `[..., 'address', address, 'transaction-events', txId as sent, 'page', query]`.
 */
export function getAddressTransactionEventsQueryKey(
  core: BlockindexCore,
  address: string,
  txId: string,
  query?: AddressTransactionEventsQuery,
): Key<'getAddressTransactionEvents'> {
  requireString('address', address);
  requireString('txId', txId);
  const key = [
    ...addressKey(core, address),
    'transaction-events',
    normalizeHex(txId),
    'page',
    keyQuery(query),
  ];
  return key as never;
}

/** TanStack Query options of one page of `getAddressTransactionEvents`, cached as plain JSON. */
export function getAddressTransactionEventsOptions(
  core: BlockindexCore,
  address: string,
  txId: string,
  query?: AddressTransactionEventsQuery,
  settings?: CreateQueryOptionsOptions,
): ReturnType<Factory['getAddressTransactionEvents']> {
  const queryKey = getAddressTransactionEventsQueryKey(core, address, txId, query);
  return single(queryKey, createQueryRetry(settings?.retry), async ({ signal }) =>
    (await getAddressTransactionEvents(core, address, txId, queryKey[7], { ...once, signal })).toJSON(),
  );
}
