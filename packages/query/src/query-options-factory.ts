import type {
  AccountTransactionsWithTransfersQuery,
  AddressTransaction,
  AddressTransactionEvent,
  AddressTransactionEventsQuery,
  AddressTransactionsQuery,
  AddressTransactionWithTransfers,
  Block,
  Brc20TokenDetails,
  PageData,
  SmartContractsStatusResponse,
} from '@blockindex/client';
import type {
  BlockindexInfiniteQueryOptions,
  BlockindexQueryOptions,
  InfiniteListOptions,
} from './options-types.js';
import type { QueryKeys } from './query-keys.js';

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
