import type {
  AccountTransactionsWithTransfersQuery,
  AddressTransaction,
  AddressTransactionEvent,
  AddressTransactionEventPage,
  AddressTransactionEventsQuery,
  AddressTransactionPage,
  AddressTransactionsQuery,
  AddressTransactionWithTransfers,
  AddressTransactionWithTransfersPage,
  operations,
} from '@blockindex/spec/types';
import type { BlockindexCore } from './core.js';
import { type ListPromiseClass, listCall } from './internal/list-call.js';
import { ADDRESS_TRANSACTIONS, TRANSACTION_EVENTS, TRANSACTIONS_WITH_TRANSFERS } from './internal/lists.js';
import { checkCallOptions, checkKeys, LIST_KEYS } from './internal/option-checks.js';
import { checkHex, checkId } from './internal/param-checks.js';
import type { ListOptions } from './options.js';
import { ListPromise } from './page.js';

type PathParams<Op extends keyof operations> = operations[Op]['parameters']['path'];

// The query parameters of each list, checked by name so that a typo (`limt`) is an error rather than ignored.
const ADDRESS_TRANSACTIONS_QUERY: readonly (keyof AddressTransactionsQuery)[] = [
  'limit',
  'offset',
  'cursor',
  'exclude_function_args',
];
const TRANSACTIONS_WITH_TRANSFERS_QUERY: readonly (keyof AccountTransactionsWithTransfersQuery)[] = [
  'limit',
  'offset',
  'height',
  'unanchored',
  'until_block',
];
const TRANSACTION_EVENTS_QUERY: readonly (keyof AddressTransactionEventsQuery)[] = ['limit', 'offset'];

/** Checks the query (each key a parameter of the list) and the options (each key a list option). */
function checkList(query: unknown, known: readonly string[], options: unknown): void {
  if (typeof query !== 'object' || query === null) {
    throw new TypeError(
      `query must be an object of query parameters; got ${query === null ? 'null' : typeof query}`,
    );
  }
  checkKeys(query, known, 'query', 'parameter');
  checkCallOptions(options, LIST_KEYS);
}

/**
 * Lists an address's transactions with event counts, newest first. Await it for the first page (`results`, `total`,
 * `hasNextPage()`, `getNextPage()`, `nextPageParam`, `toJSON()`); pass it to `iterate()` or `iteratePages()` for
 * every transaction, exact while the chain grows (iteration anchors on the first page's `cursor`, and prefetches
 * with `concurrency`). Only an app that iterates ships the iterator.
 * @deprecated The API deprecates this operation (Stacks API v9); use
 * `GET /extended/v3/principals/{principal}/transactions`.
 * @example
 * import { createCore, getAddressTransactions } from '@blockindex/client';
 * const page = await getAddressTransactions(createCore(), address, { limit: 20 });
 * const next = page.hasNextPage() ? await page.getNextPage() : undefined;
 */
export function getAddressTransactions(
  core: BlockindexCore,
  address: PathParams<'getAddressTransactions'>['address'],
  query: AddressTransactionsQuery = {},
  options: ListOptions = {},
): ListPromise<AddressTransaction, AddressTransactionPage> {
  return addressTransactions(ListPromise, core, address, query, options);
}

/** @internal `getAddressTransactions` returning `Kind` (the client's returns a `PagePromise`). */
export function addressTransactions(
  Kind: ListPromiseClass,
  core: BlockindexCore,
  address: string,
  query: AddressTransactionsQuery,
  options: ListOptions,
): ListPromise<AddressTransaction, AddressTransactionPage> {
  const pathParams = () => {
    checkList(query, ADDRESS_TRANSACTIONS_QUERY, options);
    return { address: checkId('address', address) };
  };
  return listCall(Kind, core, ADDRESS_TRANSACTIONS, pathParams, query, options);
}

/**
 * Lists an account's transactions with their transfers (STX, FT and NFT), newest first. Await it for the first page,
 * or pass it to `iterate()` / `iteratePages()`; `getNextPage()` and `pageParam` stay exact while the chain grows.
 * @deprecated The API deprecates this operation; use `GET /extended/v3/principals/{principal}/transactions`.
 * @example
 * import { createCore, getAccountTransactionsWithTransfers } from '@blockindex/client';
 * const page = await getAccountTransactionsWithTransfers(createCore(), principal, { limit: 10 });
 */
export function getAccountTransactionsWithTransfers(
  core: BlockindexCore,
  principal: PathParams<'getAccountTransactionsWithTransfers'>['principal'],
  query: AccountTransactionsWithTransfersQuery = {},
  options: ListOptions = {},
): ListPromise<AddressTransactionWithTransfers, AddressTransactionWithTransfersPage> {
  return transactionsWithTransfers(ListPromise, core, principal, query, options);
}

/** @internal `getAccountTransactionsWithTransfers` returning `Kind`. */
export function transactionsWithTransfers(
  Kind: ListPromiseClass,
  core: BlockindexCore,
  principal: string,
  query: AccountTransactionsWithTransfersQuery,
  options: ListOptions,
): ListPromise<AddressTransactionWithTransfers, AddressTransactionWithTransfersPage> {
  const pathParams = () => {
    checkList(query, TRANSACTIONS_WITH_TRANSFERS_QUERY, options);
    return { principal: checkId('principal', principal) };
  };
  return listCall(Kind, core, TRANSACTIONS_WITH_TRANSFERS, pathParams, query, options);
}

/**
 * Lists the asset events of an address within one transaction (STX, FT and NFT, by `event_index`). Await it for the
 * first page, or pass it to `iterate()` / `iteratePages()`. The tx id is sent as `normalizeHex` spells it.
 * @deprecated The API deprecates this operation (Stacks API v9); use
 * `GET /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes`.
 * @throws {NotFoundError} when the transaction does not exist.
 * @example
 * import { createCore, getAddressTransactionEvents, iterate } from '@blockindex/client';
 * for await (const event of iterate(getAddressTransactionEvents(createCore(), address, txId))) console.log(event.type);
 */
export function getAddressTransactionEvents(
  core: BlockindexCore,
  address: PathParams<'getAddressTransactionEvents'>['address'],
  txId: PathParams<'getAddressTransactionEvents'>['tx_id'],
  query: AddressTransactionEventsQuery = {},
  options: ListOptions = {},
): ListPromise<AddressTransactionEvent, AddressTransactionEventPage> {
  return transactionEvents(ListPromise, core, address, txId, query, options);
}

/** @internal `getAddressTransactionEvents` returning `Kind`. */
export function transactionEvents(
  Kind: ListPromiseClass,
  core: BlockindexCore,
  address: string,
  txId: string,
  query: AddressTransactionEventsQuery,
  options: ListOptions,
): ListPromise<AddressTransactionEvent, AddressTransactionEventPage> {
  const pathParams = () => {
    checkList(query, TRANSACTION_EVENTS_QUERY, options);
    return { address: checkId('address', address), tx_id: checkHex('txId', txId) };
  };
  return listCall(Kind, core, TRANSACTION_EVENTS, pathParams, query, options);
}
