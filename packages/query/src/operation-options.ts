import {
  type BlockindexCore,
  getAccountTransactionsWithTransfers,
  getAddressTransactionEvents,
  getAddressTransactions,
  getBlockByBurnBlockHash,
  getBlockByBurnBlockHeight,
  getBlocksByBurnBlock,
  getBrc20Token,
  getPrincipalTransactionBalanceChanges,
  getPrincipalTransactions,
  getSmartContractsStatus,
  normalizeHex,
} from '@blockindex/client';
import {
  type InfiniteQueryKeyFn,
  infiniteOptionsOf,
  infiniteQueryKeyOf,
  optionsOf,
  pageOptionsOf,
  pageQueryKeyOf,
  type QueryKeyFn,
  type QueryRow,
  queryKeyOf,
} from './internal/define.js';
import { keyContractIds, requireString } from './internal/key-parts.js';

/*
 * The query builders of each operation, named as TanStack's plugin of hey-api names them (`<operation>Options`,
 * `<operation>QueryKey`, and for lists `<operation>InfiniteOptions`, `<operation>InfiniteQueryKey`), derived from one
 * row each: the client's function and the part of the key that names the operation and its arguments
 * (`['blockindex', baseUrl, ...key]`, then `'page', query` or `'infinite', query, { pageSize }` for a list). Each
 * builder is its own export built in a call marked pure, so an app ships only the builders it imports. `core` is a
 * core from `createCore()` or a client from `createClient()`; `settings.retry` is the query layer's retry policy.
 */

/** @internal */
export const BRC20_TOKEN = {
  call: getBrc20Token,
  // The answer comes from the ordinals base URL: it joins the key when it is not the base URL.
  key: (core: BlockindexCore, ticker: string) =>
    [
      'brc20-token',
      requireString('ticker', ticker).toLowerCase(),
      ...(core.ordinalsBaseUrl === core.baseUrl ? [] : [core.ordinalsBaseUrl]),
    ] as unknown as readonly ['brc20-token', string] | readonly ['brc20-token', string, string],
} satisfies QueryRow;

/** The key of {@link getBrc20TokenOptions}: `[..., 'brc20-token', ticker in lower case]`, then the ordinals base URL when it differs. */
export const getBrc20TokenQueryKey: QueryKeyFn<typeof BRC20_TOKEN> = /* @__PURE__ */ queryKeyOf(BRC20_TOKEN);
/**
 * TanStack Query options of `getBrc20Token`: a BRC-20 token's details, for `useQuery`, `fetchQuery`, `prefetchQuery`.
 * @example
 * import { createCore } from '@blockindex/client';
 * import { getBrc20TokenOptions } from '@blockindex/query';
 * const token = await queryClient.fetchQuery(getBrc20TokenOptions(createCore(), 'ordi'));
 */
export const getBrc20TokenOptions = /* @__PURE__ */ optionsOf(BRC20_TOKEN);

/** @internal */
export const SMART_CONTRACTS_STATUS = {
  call: getSmartContractsStatus,
  key: (_: BlockindexCore, contractIds: readonly string[]) =>
    ['smart-contracts-status', keyContractIds(contractIds)] as const,
  // TanStack's structural sharing rebuilds changed data with assignments, which turn a `__proto__` id into the map's
  // prototype: keep the client's map (prototype-less, every id an own key) as it is.
  extra: { structuralSharing: false },
} satisfies QueryRow;

/** The key of {@link getSmartContractsStatusOptions}: `[..., 'smart-contracts-status', ids deduplicated and sorted]`. */
export const getSmartContractsStatusQueryKey: QueryKeyFn<typeof SMART_CONTRACTS_STATUS> =
  /* @__PURE__ */ queryKeyOf(SMART_CONTRACTS_STATUS);
/**
 * TanStack Query options of `getSmartContractsStatus`. The cached map is the client's own (`structuralSharing:
 * false`), so an id such as `__proto__` stays an ordinary key.
 */
export const getSmartContractsStatusOptions = /* @__PURE__ */ optionsOf(SMART_CONTRACTS_STATUS);

/** @internal */
export const BLOCK_BY_BURN_HEIGHT = {
  call: getBlockByBurnBlockHeight,
  key: (_: BlockindexCore, height: number) => ['block', 'by-burn-block-height', height] as const,
} satisfies QueryRow;

/** The key of {@link getBlockByBurnBlockHeightOptions}: `[..., 'block', 'by-burn-block-height', height]`. */
export const getBlockByBurnBlockHeightQueryKey: QueryKeyFn<typeof BLOCK_BY_BURN_HEIGHT> =
  /* @__PURE__ */ queryKeyOf(BLOCK_BY_BURN_HEIGHT);
/**
 * TanStack Query options of `getBlockByBurnBlockHeight`.
 * @deprecated The API deprecates this operation; use `getBlocksByBurnBlockOptions` (`getBlocksByBurnBlock`).
 */
export const getBlockByBurnBlockHeightOptions = /* @__PURE__ */ optionsOf(BLOCK_BY_BURN_HEIGHT);

/** @internal */
export const BLOCK_BY_BURN_HASH = {
  call: getBlockByBurnBlockHash,
  key: (_: BlockindexCore, hash: string) =>
    ['block', 'by-burn-block-hash', normalizeHex(requireString('hash', hash))] as const,
} satisfies QueryRow;

/** The key of {@link getBlockByBurnBlockHashOptions}: `[..., 'block', 'by-burn-block-hash', hash as sent]`. */
export const getBlockByBurnBlockHashQueryKey: QueryKeyFn<typeof BLOCK_BY_BURN_HASH> =
  /* @__PURE__ */ queryKeyOf(BLOCK_BY_BURN_HASH);
/**
 * TanStack Query options of `getBlockByBurnBlockHash`; the key holds the hash as the client sends it (`0x`, lower case).
 * @deprecated The API deprecates this operation; use `getBlocksByBurnBlockOptions` (`getBlocksByBurnBlock`).
 */
export const getBlockByBurnBlockHashOptions = /* @__PURE__ */ optionsOf(BLOCK_BY_BURN_HASH);

/** @internal */
export const ADDRESS_TRANSACTIONS = {
  call: getAddressTransactions,
  key: (_: BlockindexCore, address: string) =>
    ['address', requireString('address', address), 'transactions'] as const,
  list: true,
} satisfies QueryRow;

/** The key of {@link getAddressTransactionsOptions}: `[..., 'address', address, 'transactions', 'page', query]`. */
export const getAddressTransactionsQueryKey: QueryKeyFn<typeof ADDRESS_TRANSACTIONS> =
  /* @__PURE__ */ pageQueryKeyOf(ADDRESS_TRANSACTIONS);
/**
 * TanStack Query options of one page of `getAddressTransactions`, cached as plain JSON (`PageData`).
 * @deprecated The API deprecates this operation; use `getPrincipalTransactionsOptions` (`getPrincipalTransactions`).
 */
export const getAddressTransactionsOptions = /* @__PURE__ */ pageOptionsOf(ADDRESS_TRANSACTIONS);
/** The key of {@link getAddressTransactionsInfiniteOptions}: `[..., 'transactions', 'infinite', query, { pageSize }]`. */
export const getAddressTransactionsInfiniteQueryKey: InfiniteQueryKeyFn<typeof ADDRESS_TRANSACTIONS> =
  /* @__PURE__ */ infiniteQueryKeyOf(ADDRESS_TRANSACTIONS);
/**
 * TanStack Query options of an address's transactions as an infinite list, exact while blocks are mined (no row
 * twice, none skipped), for `useInfiniteQuery`, `fetchInfiniteQuery`, `prefetchInfiniteQuery`.
 * @deprecated The API deprecates this operation; use `getPrincipalTransactionsInfiniteOptions`.
 * @example
 * const list = useInfiniteQuery(getAddressTransactionsInfiniteOptions(core, address, {}, { pageSize: 10 }));
 */
export const getAddressTransactionsInfiniteOptions = /* @__PURE__ */ infiniteOptionsOf(ADDRESS_TRANSACTIONS);

/** @internal */
export const TRANSACTIONS_WITH_TRANSFERS = {
  call: getAccountTransactionsWithTransfers,
  key: (_: BlockindexCore, principal: string) =>
    ['address', requireString('principal', principal), 'transactions-with-transfers'] as const,
  list: true,
} satisfies QueryRow;

/** The key of {@link getAccountTransactionsWithTransfersOptions}: `[..., 'address', principal, 'transactions-with-transfers', 'page', query]`. */
export const getAccountTransactionsWithTransfersQueryKey: QueryKeyFn<typeof TRANSACTIONS_WITH_TRANSFERS> =
  /* @__PURE__ */ pageQueryKeyOf(TRANSACTIONS_WITH_TRANSFERS);
/**
 * TanStack Query options of one page of `getAccountTransactionsWithTransfers`, cached as plain JSON.
 * @deprecated The API deprecates this operation; use `getPrincipalTransactionsOptions` (`getPrincipalTransactions`).
 */
export const getAccountTransactionsWithTransfersOptions =
  /* @__PURE__ */ pageOptionsOf(TRANSACTIONS_WITH_TRANSFERS);
/** The key of {@link getAccountTransactionsWithTransfersInfiniteOptions}: `[..., 'transactions-with-transfers', 'infinite', query, { pageSize }]`. */
export const getAccountTransactionsWithTransfersInfiniteQueryKey: InfiniteQueryKeyFn<
  typeof TRANSACTIONS_WITH_TRANSFERS
> = /* @__PURE__ */ infiniteQueryKeyOf(TRANSACTIONS_WITH_TRANSFERS);
/**
 * TanStack Query options of an account's transactions with transfers as an exact infinite list.
 * @deprecated The API deprecates this operation; use `getPrincipalTransactionsInfiniteOptions`.
 */
export const getAccountTransactionsWithTransfersInfiniteOptions =
  /* @__PURE__ */ infiniteOptionsOf(TRANSACTIONS_WITH_TRANSFERS);

/** @internal */
export const TRANSACTION_EVENTS = {
  call: getAddressTransactionEvents,
  key: (_: BlockindexCore, address: string, txId: string) =>
    [
      'address',
      requireString('address', address),
      'transaction-events',
      normalizeHex(requireString('txId', txId)),
    ] as const,
  list: true,
} satisfies QueryRow;

/** The key of {@link getAddressTransactionEventsOptions}: `[..., 'address', address, 'transaction-events', txId as sent, 'page', query]`. */
export const getAddressTransactionEventsQueryKey: QueryKeyFn<typeof TRANSACTION_EVENTS> =
  /* @__PURE__ */ pageQueryKeyOf(TRANSACTION_EVENTS);
/**
 * TanStack Query options of one page of `getAddressTransactionEvents`, cached as plain JSON.
 * @deprecated The API deprecates this operation; use `getPrincipalTransactionBalanceChangesOptions`.
 */
export const getAddressTransactionEventsOptions = /* @__PURE__ */ pageOptionsOf(TRANSACTION_EVENTS);
/** The key of {@link getAddressTransactionEventsInfiniteOptions}: `[..., 'transaction-events', txId, 'infinite', query, { pageSize }]`. */
export const getAddressTransactionEventsInfiniteQueryKey: InfiniteQueryKeyFn<typeof TRANSACTION_EVENTS> =
  /* @__PURE__ */ infiniteQueryKeyOf(TRANSACTION_EVENTS);
/**
 * TanStack Query options of an address's events in a transaction as an exact infinite list.
 * @deprecated The API deprecates this operation; use `getPrincipalTransactionBalanceChangesInfiniteOptions`.
 */
export const getAddressTransactionEventsInfiniteOptions =
  /* @__PURE__ */ infiniteOptionsOf(TRANSACTION_EVENTS);

/** @internal */
export const PRINCIPAL_TRANSACTIONS = {
  call: getPrincipalTransactions,
  key: (_: BlockindexCore, principal: string) =>
    ['address', requireString('principal', principal), 'v3-transactions'] as const,
  list: true,
} satisfies QueryRow;

/** The key of {@link getPrincipalTransactionsOptions}: `[..., 'address', principal, 'v3-transactions', 'page', query]`. */
export const getPrincipalTransactionsQueryKey: QueryKeyFn<typeof PRINCIPAL_TRANSACTIONS> =
  /* @__PURE__ */ pageQueryKeyOf(PRINCIPAL_TRANSACTIONS);
/** TanStack Query options of one page of `getPrincipalTransactions`, cached as plain JSON (`PageData`). */
export const getPrincipalTransactionsOptions = /* @__PURE__ */ pageOptionsOf(PRINCIPAL_TRANSACTIONS);
/** The key of {@link getPrincipalTransactionsInfiniteOptions}: `[..., 'v3-transactions', 'infinite', query, { pageSize }]`. */
export const getPrincipalTransactionsInfiniteQueryKey: InfiniteQueryKeyFn<typeof PRINCIPAL_TRANSACTIONS> =
  /* @__PURE__ */ infiniteQueryKeyOf(PRINCIPAL_TRANSACTIONS);
/**
 * TanStack Query options of a principal's transactions as an infinite list, exact while blocks are mined and across
 * re-orgs.
 * @example
 * const list = useInfiniteQuery(getPrincipalTransactionsInfiniteOptions(core, principal, {}, { pageSize: 10 }));
 */
export const getPrincipalTransactionsInfiniteOptions =
  /* @__PURE__ */ infiniteOptionsOf(PRINCIPAL_TRANSACTIONS);

/** @internal */
export const BALANCE_CHANGES = {
  call: getPrincipalTransactionBalanceChanges,
  key: (_: BlockindexCore, principal: string, txId: string) =>
    [
      'address',
      requireString('principal', principal),
      'balance-changes',
      normalizeHex(requireString('txId', txId)),
    ] as const,
  list: true,
} satisfies QueryRow;

/** The key of {@link getPrincipalTransactionBalanceChangesOptions}: `[..., 'address', principal, 'balance-changes', txId as sent, 'page', query]`. */
export const getPrincipalTransactionBalanceChangesQueryKey: QueryKeyFn<typeof BALANCE_CHANGES> =
  /* @__PURE__ */ pageQueryKeyOf(BALANCE_CHANGES);
/** TanStack Query options of one page of `getPrincipalTransactionBalanceChanges`, cached as plain JSON. */
export const getPrincipalTransactionBalanceChangesOptions = /* @__PURE__ */ pageOptionsOf(BALANCE_CHANGES);
/** The key of {@link getPrincipalTransactionBalanceChangesInfiniteOptions}: `[..., 'balance-changes', txId, 'infinite', query, { pageSize }]`. */
export const getPrincipalTransactionBalanceChangesInfiniteQueryKey: InfiniteQueryKeyFn<
  typeof BALANCE_CHANGES
> = /* @__PURE__ */ infiniteQueryKeyOf(BALANCE_CHANGES);
/** TanStack Query options of a transaction's balance changes for a principal as an exact infinite list. */
export const getPrincipalTransactionBalanceChangesInfiniteOptions =
  /* @__PURE__ */ infiniteOptionsOf(BALANCE_CHANGES);

/** @internal */
export const BLOCKS_BY_BURN_BLOCK = {
  call: getBlocksByBurnBlock,
  // A hash keyed as the client sends it; `'latest'` and heights as given.
  key: (_: BlockindexCore, heightOrHash: 'latest' | string | number) =>
    [
      'burn-block',
      typeof heightOrHash === 'string' && heightOrHash !== 'latest' && !/^[0-9]+$/.test(heightOrHash)
        ? normalizeHex(heightOrHash)
        : heightOrHash,
      'blocks',
    ] as const,
  list: true,
} satisfies QueryRow;

/** The key of {@link getBlocksByBurnBlockOptions}: `[..., 'burn-block', heightOrHash, 'blocks', 'page', query]`. */
export const getBlocksByBurnBlockQueryKey: QueryKeyFn<typeof BLOCKS_BY_BURN_BLOCK> =
  /* @__PURE__ */ pageQueryKeyOf(BLOCKS_BY_BURN_BLOCK);
/** TanStack Query options of one page of `getBlocksByBurnBlock` (`'latest'` moves with the chain: refetch it). */
export const getBlocksByBurnBlockOptions = /* @__PURE__ */ pageOptionsOf(BLOCKS_BY_BURN_BLOCK);
/** The key of {@link getBlocksByBurnBlockInfiniteOptions}: `[..., 'burn-block', heightOrHash, 'blocks', 'infinite', query, { pageSize }]`. */
export const getBlocksByBurnBlockInfiniteQueryKey: InfiniteQueryKeyFn<typeof BLOCKS_BY_BURN_BLOCK> =
  /* @__PURE__ */ infiniteQueryKeyOf(BLOCKS_BY_BURN_BLOCK);
/** TanStack Query options of the blocks of a burn block as an exact infinite list (at most 30 a page). */
export const getBlocksByBurnBlockInfiniteOptions = /* @__PURE__ */ infiniteOptionsOf(BLOCKS_BY_BURN_BLOCK);
