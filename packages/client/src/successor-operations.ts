import type {
  BlocksByBurnBlockQuery,
  NakamotoBlockPage,
  operations,
  PrincipalTransactionBalanceChangePage,
  PrincipalTransactionBalanceChangesQuery,
  PrincipalTransactionPage,
  PrincipalTransactionsQuery,
} from '@blockindex/spec/types';
import { ApiPromise } from './api-promise.js';
import type { BlockindexCore } from './core.js';
import { checkHex, checkId } from './internal/param-checks.js';
import { request } from './internal/request.js';
import type { RequestOptions } from './options.js';

// The successors of the five deprecated operations (Stacks API v9). Each answers one page: pass the page's
// `cursor.next` (or the next `offset`) back for the following one.

type PathParams<Op extends keyof operations> = operations[Op]['parameters']['path'];

/** The caller's query, checked when the call runs (so a bad one rejects the call and nothing is sent). */
function checked<T>(query: unknown, params: T): T {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) {
    throw new TypeError(`query must be an object; got ${query === null ? 'null' : typeof query}`);
  }
  return params;
}

/**
 * Lists a principal's transactions, newest first, one page per call: each row is a transaction summary with the
 * principal's `involvement`, its STX `balance_changes` (`sent` includes the fee it paid) and `affected_balances`.
 * The successor of `getAddressTransactions` and `getAccountTransactionsWithTransfers`: the same transactions in the
 * same order. Pages by cursor only: pass `page.cursor.next` as `cursor` for the next older page (`null` at the end).
 * @example
 * import { createCore, getPrincipalTransactions } from '@blockindex/client';
 * const core = createCore();
 * const page = await getPrincipalTransactions(core, principal, { limit: 20 });
 * const older = page.cursor.next ? await getPrincipalTransactions(core, principal, { cursor: page.cursor.next }) : undefined;
 */
export function getPrincipalTransactions(
  core: BlockindexCore,
  principal: PathParams<'getPrincipalTransactions'>['principal'],
  query: PrincipalTransactionsQuery = {},
  options?: RequestOptions,
): ApiPromise<PrincipalTransactionPage> {
  return new ApiPromise(
    request<PrincipalTransactionPage>(
      core,
      { id: 'getPrincipalTransactions', path: '/extended/v3/principals/{principal}/transactions' },
      () => checked(query, { principal: checkId('principal', principal) }),
      query,
      options,
    ),
  );
}

/**
 * Lists what one transaction moved for a principal, one row per asset (STX, then each FT and NFT), with `sent`,
 * `received` and `net`; the fee is on the fee payer's STX row. The successor of `getAddressTransactionEvents`: its
 * sums are those of the events that list gives. An unknown transaction is an empty page, not a 404. The tx id is
 * sent as `normalizeHex` spells it.
 * @example
 * import { createCore, getPrincipalTransactionBalanceChanges } from '@blockindex/client';
 * const { results } = await getPrincipalTransactionBalanceChanges(createCore(), principal, txId);
 */
export function getPrincipalTransactionBalanceChanges(
  core: BlockindexCore,
  principal: PathParams<'getPrincipalTransactionBalanceChanges'>['principal'],
  txId: PathParams<'getPrincipalTransactionBalanceChanges'>['tx_id'],
  query: PrincipalTransactionBalanceChangesQuery = {},
  options?: RequestOptions,
): ApiPromise<PrincipalTransactionBalanceChangePage> {
  return new ApiPromise(
    request<PrincipalTransactionBalanceChangePage>(
      core,
      {
        id: 'getPrincipalTransactionBalanceChanges',
        path: '/extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes',
      },
      () => checked(query, { principal: checkId('principal', principal), tx_id: checkHex('txId', txId) }),
      query,
      options,
    ),
  );
}

/**
 * Lists the canonical Stacks blocks anchored to one burn-chain block, newest first (`limit` up to 30, `offset`).
 * `heightOrHash` is `'latest'`, a burn block height or a burn block hash. The successor of
 * `getBlockByBurnBlockHeight` and `getBlockByBurnBlockHash`: its first block is the one they return.
 * @throws {NotFoundError} when no block is anchored to that burn block.
 * @example
 * import { createCore, getBlocksByBurnBlock } from '@blockindex/client';
 * const { results: [newest] } = await getBlocksByBurnBlock(createCore(), 744603, { limit: 1 });
 */
export function getBlocksByBurnBlock(
  core: BlockindexCore,
  heightOrHash: PathParams<'getBlocksByBurnBlock'>['height_or_hash'],
  query: BlocksByBurnBlockQuery = {},
  options?: RequestOptions,
): ApiPromise<NakamotoBlockPage> {
  return new ApiPromise(
    request<NakamotoBlockPage>(
      core,
      { id: 'getBlocksByBurnBlock', path: '/extended/v2/burn-blocks/{height_or_hash}/blocks' },
      () => checked(query, { height_or_hash: burnBlockParam(heightOrHash) }),
      query,
      options,
    ),
  );
}

/** `'latest'`, a height (a non-negative integer, or its decimal string) or a 64-hex hash, sent as `normalizeHex` spells it. */
function burnBlockParam(value: unknown): string | number {
  if (value === 'latest') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  const id = typeof value === 'number' ? String(value) : checkId('heightOrHash', value);
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(id)) return checkHex('heightOrHash', id);
  if (/^[0-9]{1,10}$/.test(id)) return id;
  throw new TypeError(
    `heightOrHash must be 'latest', a non-negative integer height or a 64-hex burn block hash; got ${JSON.stringify(id.slice(0, 70))}`,
  );
}
