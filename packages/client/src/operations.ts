import {
  getAccountTransactionsWithTransfersReplacement,
  getAddressTransactionEventsReplacement,
  getAddressTransactionsReplacement,
  getBlockByBurnBlockHashReplacement,
  getBlockByBurnBlockHeightReplacement,
} from '@blockindex/spec/constants';
import type { operations } from '@blockindex/spec/types';
import { defineGet, defineList, type ListRow } from './define.js';
import { assetOf, BY_ASSET, BY_TX_POSITION, txKey, v3Key } from './internal/lists.js';
import { checkBurnBlock, checkHeight, checkHex, checkId } from './internal/option-checks.js';
import { CURSOR, OFFSET } from './internal/strategies.js';

/*
 * The operation table: one row per operation, made into its standalone function; the `createClient` methods (client.ts)
 * and @blockindex/query's builders derive from these. A row gives the operation id, the path, the base URL
 * (`ordinals`), the replacement of a deprecated one, the query parameters taken, a list's paging (`list`: strategy, the
 * item field telling items apart, key, largest page) and, in `params`, how the leading arguments become checked path
 * parameters (typed by the spec's `operations`). Adding an operation is one row and its doc comment; each is built in a
 * call marked pure, so an app ships only the operations it imports. Awaiting a list gives its first page (`results`,
 * `hasNextPage()`, `getNextPage()`); `iterate()` and `iteratePages()` give every item, exact while the chain grows.
 */

type Path<Op extends keyof operations> = operations[Op]['parameters']['path'];

/**
 * Gets BRC-20 token details: the deploy record and supply of one token (ticker matched case-insensitively), from the
 * core's `ordinalsBaseUrl`.
 * @throws {NotFoundError} when no token has this ticker.
 * @example
 * const { token, supply } = await getBrc20Token(createCore(), 'ordi');
 */
export const getBrc20Token = /* @__PURE__ */ defineGet({
  id: 'getBrc20Token',
  path: '/ordinals/v1/brc-20/tokens/{ticker}',
  ordinals: true,
  params: (ticker: Path<'getBrc20Token'>['ticker']) => ({ ticker: checkId('ticker', ticker) }),
});

/**
 * Gets the latest Stacks block anchored to the Bitcoin block at this burn-chain height.
 * @deprecated The API deprecates this operation; use `getBlocksByBurnBlock`
 * (`GET /extended/v2/burn-blocks/{height_or_hash}/blocks`): its first block is this one.
 * @throws {NotFoundError} when no block is anchored at this height.
 * @example
 * const block = await getBlockByBurnBlockHeight(createCore(), 744603);
 */
export const getBlockByBurnBlockHeight = /* @__PURE__ */ defineGet({
  id: 'getBlockByBurnBlockHeight',
  path: '/extended/v1/block/by_burn_block_height/{burn_block_height}',
  replacement: getBlockByBurnBlockHeightReplacement,
  params: (height: Path<'getBlockByBurnBlockHeight'>['burn_block_height']) => ({
    burn_block_height: checkHeight('height', height),
  }),
});

/**
 * Gets the latest Stacks block anchored to the Bitcoin block of this hash, sent as `normalizeHex` spells it.
 * @deprecated The API deprecates this operation; use `getBlocksByBurnBlock`
 * (`GET /extended/v2/burn-blocks/{height_or_hash}/blocks`): its first block is this one.
 * @throws {NotFoundError} when no block is anchored to this hash.
 * @example
 * const block = await getBlockByBurnBlockHash(createCore(), '0x0000000000000000000079…');
 */
export const getBlockByBurnBlockHash = /* @__PURE__ */ defineGet({
  id: 'getBlockByBurnBlockHash',
  path: '/extended/v1/block/by_burn_block_hash/{burn_block_hash}',
  replacement: getBlockByBurnBlockHashReplacement,
  params: (hash: Path<'getBlockByBurnBlockHash'>['burn_block_hash']) => ({
    burn_block_hash: checkHex('hash', hash),
  }),
});

const getAddressTransactionsRow = {
  id: 'getAddressTransactions',
  path: '/extended/v2/addresses/{address}/transactions',
  replacement: getAddressTransactionsReplacement,
  query: 'limit offset cursor exclude_function_args',
  list: { strategy: CURSOR, field: 'tx.tx_id', key: txKey },
  params: (address: Path<'getAddressTransactions'>['address']) => ({ address: checkId('address', address) }),
} satisfies ListRow;

/**
 * Lists an address's transactions with event counts, newest first; iteration anchors on the first page's `cursor`.
 * @deprecated The API deprecates this operation (Stacks API v9); use `getPrincipalTransactions`
 * (`GET /extended/v3/principals/{principal}/transactions`).
 * @example
 * const page = await getAddressTransactions(createCore(), address, { limit: 20 });
 */
export const getAddressTransactions = /* @__PURE__ */ defineList(getAddressTransactionsRow);

const getAccountTransactionsWithTransfersRow = {
  id: 'getAccountTransactionsWithTransfers',
  path: '/extended/v1/address/{principal}/transactions_with_transfers',
  replacement: getAccountTransactionsWithTransfersReplacement,
  query: 'limit offset height unanchored until_block',
  list: { strategy: OFFSET, field: 'tx.tx_id', key: txKey },
  params: (principal: Path<'getAccountTransactionsWithTransfers'>['principal']) => ({
    principal: checkId('principal', principal),
  }),
} satisfies ListRow;

/**
 * Lists an account's transactions with their STX, FT and NFT transfers, newest first.
 * @deprecated The API deprecates this operation; use `getPrincipalTransactions`
 * (`GET /extended/v3/principals/{principal}/transactions`).
 * @example
 * const page = await getAccountTransactionsWithTransfers(createCore(), principal, { limit: 10 });
 */
export const getAccountTransactionsWithTransfers = /* @__PURE__ */ defineList(
  getAccountTransactionsWithTransfersRow,
);

const getAddressTransactionEventsRow = {
  id: 'getAddressTransactionEvents',
  path: '/extended/v2/addresses/{address}/transactions/{tx_id}/events',
  replacement: getAddressTransactionEventsReplacement,
  query: 'limit offset',
  // Events carry no block: a re-org takes all of a transaction's events or none, and brings back the same ones.
  list: { strategy: OFFSET, field: 'event_index', type: 'number' },
  params: (
    address: Path<'getAddressTransactionEvents'>['address'],
    txId: Path<'getAddressTransactionEvents'>['tx_id'],
  ) => ({ address: checkId('address', address), tx_id: checkHex('txId', txId) }),
} satisfies ListRow;

/**
 * Lists the asset events (STX, FT, NFT) of an address in one transaction; the tx id is sent as `normalizeHex` spells it.
 * @deprecated The API deprecates this operation (Stacks API v9); use `getPrincipalTransactionBalanceChanges`
 * (`GET /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes`).
 * @throws {NotFoundError} when the transaction does not exist.
 * @example
 * for await (const event of iterate(getAddressTransactionEvents(createCore(), address, txId))) console.log(event.type);
 */
export const getAddressTransactionEvents = /* @__PURE__ */ defineList(getAddressTransactionEventsRow);

const getPrincipalTransactionsRow = {
  id: 'getPrincipalTransactions',
  path: '/extended/v3/principals/{principal}/transactions',
  query: 'limit cursor',
  list: { strategy: BY_TX_POSITION, field: 'transaction.tx_id', key: v3Key },
  params: (principal: Path<'getPrincipalTransactions'>['principal']) => ({
    principal: checkId('principal', principal),
  }),
} satisfies ListRow;

/**
 * Lists a principal's transactions, newest first, each with its `involvement` and STX `balance_changes` (`sent`
 * includes the fee). Successor of the two transaction lists, by position cursor: exact across growth and re-orgs.
 * @example
 * for await (const row of iterate(getPrincipalTransactions(createCore(), principal))) console.log(row.transaction.tx_id);
 */
export const getPrincipalTransactions = /* @__PURE__ */ defineList(getPrincipalTransactionsRow);

const getPrincipalTransactionBalanceChangesRow = {
  id: 'getPrincipalTransactionBalanceChanges',
  path: '/extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes',
  query: 'limit cursor',
  // One row per asset; no block: a re-org takes the transaction or brings back the same rows.
  list: { strategy: BY_ASSET, field: 'asset', identity: assetOf },
  params: (
    principal: Path<'getPrincipalTransactionBalanceChanges'>['principal'],
    txId: Path<'getPrincipalTransactionBalanceChanges'>['tx_id'],
  ) => ({ principal: checkId('principal', principal), tx_id: checkHex('txId', txId) }),
} satisfies ListRow;

/**
 * Lists what one transaction moved for a principal, a row per asset with `sent`, `received` and `net` (the fee on the
 * payer's STX row). Successor of `getAddressTransactionEvents`; an unknown transaction is an empty page, not a 404.
 * @example
 * const { results } = await getPrincipalTransactionBalanceChanges(createCore(), principal, txId);
 */
export const getPrincipalTransactionBalanceChanges = /* @__PURE__ */ defineList(
  getPrincipalTransactionBalanceChangesRow,
);

const getBlocksByBurnBlockRow = {
  id: 'getBlocksByBurnBlock',
  path: '/extended/v2/burn-blocks/{height_or_hash}/blocks',
  query: 'limit offset',
  // A block is its own key (a re-org replaces its hash); `max`: the spec's `limit` maximum here (a test reads it).
  list: { strategy: OFFSET, field: 'hash', max: 30 },
  params: (heightOrHash: Path<'getBlocksByBurnBlock'>['height_or_hash']) => ({
    height_or_hash: checkBurnBlock('heightOrHash', heightOrHash),
  }),
} satisfies ListRow;

/**
 * Lists the canonical Stacks blocks anchored to one burn block (`'latest'`, a height or a hash), newest first, 30 a
 * page at most. Successor of the two block lookups: its first block is the one they return.
 * @throws {NotFoundError} when no block is anchored to that burn block.
 * @example
 * const { results: [newest] } = await getBlocksByBurnBlock(createCore(), 744603, { limit: 1 });
 */
export const getBlocksByBurnBlock = /* @__PURE__ */ defineList(getBlocksByBurnBlockRow);

type ListName =
  | 'getAddressTransactions'
  | 'getAccountTransactionsWithTransfers'
  | 'getAddressTransactionEvents'
  | 'getPrincipalTransactions'
  | 'getPrincipalTransactionBalanceChanges'
  | 'getBlocksByBurnBlock';

/**
 * The rows of the lists by name, from which a client makes its methods (they return its `PagePromise`). Typed by name
 * only, so that the client's declarations name no internal type.
 */
export const LIST_ROWS: Record<ListName, object> = {
  getAddressTransactions: getAddressTransactionsRow,
  getAccountTransactionsWithTransfers: getAccountTransactionsWithTransfersRow,
  getAddressTransactionEvents: getAddressTransactionEventsRow,
  getPrincipalTransactions: getPrincipalTransactionsRow,
  getPrincipalTransactionBalanceChanges: getPrincipalTransactionBalanceChangesRow,
  getBlocksByBurnBlock: getBlocksByBurnBlockRow,
};
