import {
  getBlockByBurnBlockHashReplacement,
  getBlockByBurnBlockHeightReplacement,
} from '@blockindex/spec/constants';
import type { operations } from '@blockindex/spec/types';
import { defineGet, defineList, type GetRow, type ListRow } from './define.js';
import {
  ADDRESS_TRANSACTIONS,
  BURN_BLOCK_BLOCKS,
  PRINCIPAL_BALANCE_CHANGES,
  PRINCIPAL_TRANSACTIONS,
  TRANSACTION_EVENTS,
  TRANSACTIONS_WITH_TRANSFERS,
} from './internal/lists.js';
import { checkBurnBlock, checkHex, checkId } from './internal/param-checks.js';

/*
 * The operation table: one row per operation, and the standalone function built from it with its doc comment. The
 * `createClient` methods (client.ts) and the query builders of @blockindex/query are derived from these functions.
 * A row says the operation id, its path, which base URL (`ordinals`), the deprecation replacement (from the spec's
 * constants), the query parameters it takes and, in `params`, how the call's leading arguments become checked path
 * parameters; the argument types come from the spec's `operations`. A list row names its `ListSpec` instead
 * (internal/lists.ts: path, cursor or offset strategy), which the pager iterates.
 *
 * Adding an operation: one row and its function here, with its doc comment. Rows are module constants and each
 * function is built in a call marked pure, so an app ships only the operations it imports.
 */

type Path<Op extends keyof operations> = operations[Op]['parameters']['path'];

const BRC20_TOKEN = {
  id: 'getBrc20Token',
  path: '/ordinals/v1/brc-20/tokens/{ticker}',
  ordinals: true,
  params: (ticker: Path<'getBrc20Token'>['ticker']) => ({ ticker: checkId('ticker', ticker) }),
} satisfies GetRow;

/**
 * Gets BRC-20 token details: the deploy record and supply of one token, ticker matched case-insensitively. Sent to
 * the core's `ordinalsBaseUrl`.
 * @throws {NotFoundError} when no token has this ticker.
 * @example
 * import { createCore, getBrc20Token } from '@blockindex/client';
 * const { token, supply } = await getBrc20Token(createCore(), 'ordi');
 */
export const getBrc20Token = /* @__PURE__ */ defineGet(BRC20_TOKEN);

const BLOCK_BY_BURN_HEIGHT = {
  id: 'getBlockByBurnBlockHeight',
  path: '/extended/v1/block/by_burn_block_height/{burn_block_height}',
  replacement: getBlockByBurnBlockHeightReplacement,
  params: (height: Path<'getBlockByBurnBlockHeight'>['burn_block_height']) => ({ burn_block_height: height }),
} satisfies GetRow;

/**
 * Gets a block by burn-chain block height: the latest Stacks block anchored to that Bitcoin block.
 * @deprecated The API deprecates this operation; use `getBlocksByBurnBlock`
 * (`GET /extended/v2/burn-blocks/{height_or_hash}/blocks`): its first block is this one.
 * @throws {NotFoundError} when no block is anchored at this height.
 * @example
 * import { createCore, getBlockByBurnBlockHeight } from '@blockindex/client';
 * const block = await getBlockByBurnBlockHeight(createCore(), 744603);
 */
export const getBlockByBurnBlockHeight = /* @__PURE__ */ defineGet(BLOCK_BY_BURN_HEIGHT);

const BLOCK_BY_BURN_HASH = {
  id: 'getBlockByBurnBlockHash',
  path: '/extended/v1/block/by_burn_block_hash/{burn_block_hash}',
  replacement: getBlockByBurnBlockHashReplacement,
  params: (hash: Path<'getBlockByBurnBlockHash'>['burn_block_hash']) => ({
    burn_block_hash: checkHex('hash', hash),
  }),
} satisfies GetRow;

/**
 * Gets a block by burn-chain block hash: the latest Stacks block anchored to that Bitcoin block. The hash is sent as
 * `normalizeHex` spells it (`0x`, lower case), which saves the server's redirect.
 * @deprecated The API deprecates this operation; use `getBlocksByBurnBlock`
 * (`GET /extended/v2/burn-blocks/{height_or_hash}/blocks`): its first block is this one.
 * @throws {NotFoundError} when no block is anchored to this hash.
 * @example
 * import { createCore, getBlockByBurnBlockHash } from '@blockindex/client';
 * const block = await getBlockByBurnBlockHash(createCore(), '0x0000000000000000000079…');
 */
export const getBlockByBurnBlockHash = /* @__PURE__ */ defineGet(BLOCK_BY_BURN_HASH);

const ADDRESS_TRANSACTIONS_ROW = {
  id: 'getAddressTransactions',
  list: ADDRESS_TRANSACTIONS,
  query: ['limit', 'offset', 'cursor', 'exclude_function_args'],
  params: (address: Path<'getAddressTransactions'>['address']) => ({ address: checkId('address', address) }),
} satisfies ListRow;

/**
 * Lists an address's transactions with event counts, newest first. Await it for the first page (`results`, `total`,
 * `hasNextPage()`, `getNextPage()`, `nextPageParam`, `toJSON()`); pass it to `iterate()` or `iteratePages()` for
 * every transaction, exact while the chain grows (iteration anchors on the first page's `cursor`, and prefetches
 * with `concurrency`). Only an app that iterates ships the iterator.
 * @deprecated The API deprecates this operation (Stacks API v9); use `getPrincipalTransactions`
 * (`GET /extended/v3/principals/{principal}/transactions`).
 * @example
 * import { createCore, getAddressTransactions } from '@blockindex/client';
 * const page = await getAddressTransactions(createCore(), address, { limit: 20 });
 * const next = page.hasNextPage() ? await page.getNextPage() : undefined;
 */
export const getAddressTransactions = /* @__PURE__ */ defineList(ADDRESS_TRANSACTIONS_ROW);

const TRANSACTIONS_WITH_TRANSFERS_ROW = {
  id: 'getAccountTransactionsWithTransfers',
  list: TRANSACTIONS_WITH_TRANSFERS,
  query: ['limit', 'offset', 'height', 'unanchored', 'until_block'],
  params: (principal: Path<'getAccountTransactionsWithTransfers'>['principal']) => ({
    principal: checkId('principal', principal),
  }),
} satisfies ListRow;

/**
 * Lists an account's transactions with their transfers (STX, FT and NFT), newest first. Await it for the first page,
 * or pass it to `iterate()` / `iteratePages()`; `getNextPage()` and `pageParam` stay exact while the chain grows.
 * @deprecated The API deprecates this operation; use `getPrincipalTransactions`
 * (`GET /extended/v3/principals/{principal}/transactions`).
 * @example
 * import { createCore, getAccountTransactionsWithTransfers } from '@blockindex/client';
 * const page = await getAccountTransactionsWithTransfers(createCore(), principal, { limit: 10 });
 */
export const getAccountTransactionsWithTransfers = /* @__PURE__ */ defineList(
  TRANSACTIONS_WITH_TRANSFERS_ROW,
);

const TRANSACTION_EVENTS_ROW = {
  id: 'getAddressTransactionEvents',
  list: TRANSACTION_EVENTS,
  query: ['limit', 'offset'],
  params: (
    address: Path<'getAddressTransactionEvents'>['address'],
    txId: Path<'getAddressTransactionEvents'>['tx_id'],
  ) => ({ address: checkId('address', address), tx_id: checkHex('txId', txId) }),
} satisfies ListRow;

/**
 * Lists the asset events of an address within one transaction (STX, FT and NFT, by `event_index`). Await it for the
 * first page, or pass it to `iterate()` / `iteratePages()`. The tx id is sent as `normalizeHex` spells it.
 * @deprecated The API deprecates this operation (Stacks API v9); use `getPrincipalTransactionBalanceChanges`
 * (`GET /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes`).
 * @throws {NotFoundError} when the transaction does not exist.
 * @example
 * import { createCore, getAddressTransactionEvents, iterate } from '@blockindex/client';
 * for await (const event of iterate(getAddressTransactionEvents(createCore(), address, txId))) console.log(event.type);
 */
export const getAddressTransactionEvents = /* @__PURE__ */ defineList(TRANSACTION_EVENTS_ROW);

// The successors of the five deprecated operations (Stacks API v9).

const PRINCIPAL_TRANSACTIONS_ROW = {
  id: 'getPrincipalTransactions',
  list: PRINCIPAL_TRANSACTIONS,
  query: ['limit', 'cursor'],
  params: (principal: Path<'getPrincipalTransactions'>['principal']) => ({
    principal: checkId('principal', principal),
  }),
} satisfies ListRow;

/**
 * Lists a principal's transactions, newest first: each row is a transaction summary with the principal's
 * `involvement`, its STX `balance_changes` (`sent` includes the fee it paid) and `affected_balances`. The successor of
 * `getAddressTransactions` and `getAccountTransactionsWithTransfers`: the same transactions in the same order. Await
 * it for the first page (`body.cursor` as the API sent it), or pass it to `iterate()` / `iteratePages()`; pages go by
 * position cursor, exact while the chain grows and across re-orgs.
 * @example
 * import { createCore, getPrincipalTransactions, iterate } from '@blockindex/client';
 * for await (const row of iterate(getPrincipalTransactions(createCore(), principal))) console.log(row.transaction.tx_id);
 */
export const getPrincipalTransactions = /* @__PURE__ */ defineList(PRINCIPAL_TRANSACTIONS_ROW);

const BALANCE_CHANGES_ROW = {
  id: 'getPrincipalTransactionBalanceChanges',
  list: PRINCIPAL_BALANCE_CHANGES,
  query: ['limit', 'cursor'],
  params: (
    principal: Path<'getPrincipalTransactionBalanceChanges'>['principal'],
    txId: Path<'getPrincipalTransactionBalanceChanges'>['tx_id'],
  ) => ({ principal: checkId('principal', principal), tx_id: checkHex('txId', txId) }),
} satisfies ListRow;

/**
 * Lists what one transaction moved for a principal, one row per asset (STX, then each FT and NFT), with `sent`,
 * `received` and `net`; the fee is on the fee payer's STX row. The successor of `getAddressTransactionEvents`: its
 * sums are those of the events that list gives. An unknown transaction is an empty page, not a 404. Await it for the
 * first page, or pass it to `iterate()` / `iteratePages()`. The tx id is sent as `normalizeHex` spells it.
 * @example
 * import { createCore, getPrincipalTransactionBalanceChanges } from '@blockindex/client';
 * const { results } = await getPrincipalTransactionBalanceChanges(createCore(), principal, txId);
 */
export const getPrincipalTransactionBalanceChanges = /* @__PURE__ */ defineList(BALANCE_CHANGES_ROW);

const BLOCKS_BY_BURN_BLOCK_ROW = {
  id: 'getBlocksByBurnBlock',
  list: BURN_BLOCK_BLOCKS,
  query: ['limit', 'offset'],
  params: (heightOrHash: Path<'getBlocksByBurnBlock'>['height_or_hash']) => ({
    height_or_hash: checkBurnBlock('heightOrHash', heightOrHash),
  }),
} satisfies ListRow;

/**
 * Lists the canonical Stacks blocks anchored to one burn-chain block, newest first (`limit` up to 30, by offset).
 * `heightOrHash` is `'latest'`, a burn block height or a burn block hash. The successor of
 * `getBlockByBurnBlockHeight` and `getBlockByBurnBlockHash`: its first block is the one they return. Await it for the
 * first page, or pass it to `iterate()` / `iteratePages()`.
 * @throws {NotFoundError} when no block is anchored to that burn block.
 * @example
 * import { createCore, getBlocksByBurnBlock } from '@blockindex/client';
 * const { results: [newest] } = await getBlocksByBurnBlock(createCore(), 744603, { limit: 1 });
 */
export const getBlocksByBurnBlock = /* @__PURE__ */ defineList(BLOCKS_BY_BURN_BLOCK_ROW);
