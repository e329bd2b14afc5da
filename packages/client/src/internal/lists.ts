import {
  getAccountTransactionsWithTransfersReplacement,
  getAddressTransactionEventsReplacement,
  getAddressTransactionsReplacement,
  type PAGE_SIZE,
} from '@blockindex/spec/constants';
import type { WithResponse } from '../api-promise.js';
import type { PageParam } from '../page-param.js';
import { byPosition, CURSOR, OFFSET, type PageBody, type PageRequest, type Strategy } from './strategies.js';

/** How the pager reaches one list operation. */
export interface PageSource<TItem, TBody extends PageBody<TItem>> {
  /** Fetches one slice (with the caller's other query parameters, retries and timeouts applied). */
  fetch(request: PageRequest, signal: AbortSignal | undefined): Promise<WithResponse<TBody>>;
  /** A value that differs between any two distinct items of this list (a transaction id, an event index). */
  identity(item: TItem): unknown;
  /**
   * The item and where it sits (its identity and its block): two answers that give the same key for a row agree on
   * it and on every older row, since a block fixes all the blocks below it. Defaults to the identity.
   */
  key?(item: TItem): string;
  /** How the list is paged: by the first page's cursor, by offset, or by each row's position. */
  strategy: Strategy;
  /** Largest `limit` the operation accepts (default {@link MAX_PAGE_SIZE}). */
  max?: number | undefined;
}

/** How pages, the pager and the transport see one list operation. */
export interface ListSpec {
  operation: string;
  path: string;
  /** What the API says to call instead, when it deprecates the operation: named by its warnings and a 410. */
  replacement?: string;
  /** How the pager pages it (`CURSOR`, `OFFSET` or `byPosition`): held here, so only the lists called ship theirs. */
  strategy: Strategy;
  /** Largest `limit` the operation accepts, from the spec (default {@link MAX_PAGE_SIZE}). */
  max?: number;
  /** The item field that tells two items apart (a dotted path), and its type: every item of a page must have it. */
  field: string;
  type: 'string' | 'number';
  /** The value of `field` (`undefined` when an item lacks it). */
  identity: (item: never) => unknown;
  /** The identity and the block of an item: it changes when a re-org moves the row to another block. */
  key: (item: never) => string;
}

const txId = (item: { tx?: { tx_id?: unknown } }) => item.tx?.tx_id;

/** A transaction row's key: its id and its block (`block_hash`, with `tx_index` should two blocks share a hash). */
function txKey(item: { tx: { tx_id: string; block_hash?: unknown; tx_index?: unknown } }): string {
  const { tx_id, block_hash, tx_index } = item.tx;
  return typeof block_hash === 'string' ? `${tx_id}@${block_hash}/${tx_index}` : tx_id;
}

// The three list operations differ only in these; one constant each, so an app ships only the lists it calls.

/** `getAddressTransactions`: the list with a cursor. */
export const ADDRESS_TRANSACTIONS: ListSpec = {
  operation: 'getAddressTransactions',
  replacement: getAddressTransactionsReplacement,
  path: '/extended/v2/addresses/{address}/transactions',
  strategy: CURSOR,
  field: 'tx.tx_id',
  type: 'string',
  identity: txId,
  key: txKey,
};

/** `getAccountTransactionsWithTransfers`. */
export const TRANSACTIONS_WITH_TRANSFERS: ListSpec = {
  operation: 'getAccountTransactionsWithTransfers',
  replacement: getAccountTransactionsWithTransfersReplacement,
  path: '/extended/v1/address/{principal}/transactions_with_transfers',
  strategy: OFFSET,
  field: 'tx.tx_id',
  type: 'string',
  identity: txId,
  key: txKey,
};

/** `getAddressTransactionEvents`. */
export const TRANSACTION_EVENTS: ListSpec = {
  operation: 'getAddressTransactionEvents',
  replacement: getAddressTransactionEventsReplacement,
  path: '/extended/v2/addresses/{address}/transactions/{tx_id}/events',
  strategy: OFFSET,
  field: 'event_index',
  type: 'number',
  identity: (item: { event_index?: unknown }) => item.event_index,
  // Events carry no block: a re-org takes all of a transaction's events or none, and brings back the same ones.
  key: (item: { event_index: number }) => String(item.event_index),
};

/** A v3 transaction row's key: its id and its block. */
function summaryKey(item: {
  transaction: { tx_id: string; block: { hash: string; tx_index: number } };
}): string {
  const { tx_id, block } = item.transaction;
  return `${tx_id}@${block.hash}/${block.tx_index}`;
}

/**
 * `getPrincipalTransactions`: a position cursor `<height>:<microblock sequence>:<tx index>` (at or older than it).
 * Rows of anchored blocks carry no microblock sequence; upstream writes 2147483647 for them.
 */
export const PRINCIPAL_TRANSACTIONS: ListSpec = {
  operation: 'getPrincipalTransactions',
  path: '/extended/v3/principals/{principal}/transactions',
  strategy: /* @__PURE__ */ byPosition(
    (item: { transaction: { block: { height: number; tx_index: number } } }) =>
      `${item.transaction.block.height}:2147483647:${item.transaction.block.tx_index}`,
  ),
  field: 'transaction.tx_id',
  type: 'string',
  identity: (item: { transaction?: { tx_id?: unknown } }) => item.transaction?.tx_id,
  key: summaryKey,
};

/** A balance change's asset as its cursor writes it, `<asset type>:<identifier>` (1 STX, 2 FT, 3 NFT). */
function assetOf(item: { asset?: { type?: unknown; identifier?: unknown } }): string | undefined {
  const { type, identifier = 'stx' } = item.asset ?? {};
  const tag = type === 'stx' ? 1 : type === 'ft' ? 2 : type === 'nft' ? 3 : 0;
  return tag > 0 && typeof identifier === 'string' ? `${tag}:${identifier}` : undefined;
}

/**
 * `getPrincipalTransactionBalanceChanges`: one row per asset, paged by the asset as cursor. The rows carry no block:
 * a re-org takes the transaction (an empty list) or brings back the same rows.
 */
export const PRINCIPAL_BALANCE_CHANGES: ListSpec = {
  operation: 'getPrincipalTransactionBalanceChanges',
  path: '/extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes',
  strategy: /* @__PURE__ */ byPosition(assetOf as (item: never) => string),
  field: 'asset',
  type: 'string',
  identity: assetOf,
  key: assetOf as (item: never) => string,
};

/** `getBlocksByBurnBlock`: by offset, newest first; a block is its own key (a re-org replaces its hash). */
export const BURN_BLOCK_BLOCKS: ListSpec = {
  operation: 'getBlocksByBurnBlock',
  path: '/extended/v2/burn-blocks/{height_or_hash}/blocks',
  strategy: OFFSET,
  // The spec's `limit` maximum for this operation (30, not the other lists' 50); a test reads it from the spec.
  max: 30,
  field: 'hash',
  type: 'string',
  identity: (item: { hash?: unknown }) => item.hash,
  key: (item: { hash: string }) => item.hash,
};

/**
 * Largest `limit` the list operations accept. Written as a literal that the spec's type of `PAGE_SIZE.max` must
 * accept (so a change in the spec fails the type check), rather than read from `PAGE_SIZE`: the published bundle
 * merges modules, and bundlers keep a property read at module level, shipping the table to every app.
 */
export const MAX_PAGE_SIZE: typeof PAGE_SIZE.max = 50;

/** Clamps a requested page size into what the server accepts (`max`: the list's largest `limit`). */
export function clampPageSize(size: number | undefined, max: number = MAX_PAGE_SIZE): number {
  return size === undefined || !Number.isFinite(size) ? max : Math.min(max, Math.max(1, Math.floor(size)));
}

/** The key of an item: its identity and placement. */
export function keyOf<TItem>(source: PageSource<TItem, PageBody<TItem>>, item: TItem): string {
  return source.key ? source.key(item) : String(source.identity(item));
}

/**
 * The position after a list's first page (see {@link PageParam}): with a cursor, rows after the first page's cursor
 * (the first is 0); without one, offsets of the list as it was at this page. The end is as far as this page tells:
 * the last page of a cursor list says so (`prev_cursor: null`); else the rows it had.
 */
export function firstParam<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  first: PageRequest,
  data: TBody,
): PageParam {
  const { results, total, limit } = data;
  const n = results.length;
  const last = results[n - 1] as TItem;
  const { strategy } = source;
  // The first page's cursor (the anchor), or the position of the row delivered last.
  const cursor = strategy.anchor(data, last);
  const ended = strategy.ended(data);
  const start = cursor === null ? first.offset : 0;
  const end =
    n === 0
      ? start
      : cursor === null
        ? Math.max(start + n, total)
        : ended
          ? n
          : first.cursor === undefined
            ? Math.max(n, total - first.offset)
            : null;
  const size = first.limit !== undefined && first.limit > 0 ? first.limit : limit > 0 ? limit : undefined;
  return {
    cursor,
    offset: start + n,
    // With a cursor, positions count from the anchor, which sits `first.offset` rows down the list.
    total: cursor === null ? total : Math.max(n, total - first.offset),
    end,
    limit: clampPageSize(size, source.max),
    growth: 0,
    last: n > 0 ? keyOf(source, last) : null,
  };
}

/**
 * Why a 2xx body is not a page of `list`, or `undefined` when it is one; run by the transport on every list
 * response. The items must be objects with their identity, unique within the page: the pager relies on identities,
 * so none is ever dropped or merged silently.
 */
export function pageProblem(
  data: unknown,
  { field, type, identity, strategy }: ListSpec,
): string | undefined {
  const body = data as Partial<PageBody<unknown>>;
  // A string, an array or `null` has no `results` array either.
  if (!Array.isArray(body?.results)) return 'expected a page object with a `results` array';
  // Positions and page params are computed from these three: a total of 1e400 (Infinity), 400.5 or -5 would
  // make a param the client then refuses, a request with `offset=NaN`, or an early end.
  for (const key of strategy.offset
    ? (['limit', 'offset', 'total'] as const)
    : (['limit', 'total'] as const)) {
    const value = body[key];
    if (!Number.isSafeInteger(value) || (value as number) < 0) {
      const got = typeof value === 'number' ? value : value === null ? 'null' : typeof value;
      return `expected a page whose \`${key}\` is a non-negative integer; got ${got}`;
    }
  }
  const { results } = body;
  // Messages are built only for a bad item: a good page costs one map of identities.
  const seen = new Map<unknown, number>();
  for (let i = 0; i < results.length; i++) {
    const item = results[i];
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return `results[${i}] must be an object; got ${item === null ? 'null' : Array.isArray(item) ? 'an array' : typeof item}`;
    }
    const value = identity(item as never);
    if (typeof value !== type || (type === 'number' && !Number.isFinite(value))) {
      return `results[${i}].${field} must be a ${type}; got ${value === null ? 'null' : typeof value}`;
    }
    const earlier = seen.get(value);
    if (earlier !== undefined)
      return `results[${i}].${field} repeats results[${earlier}].${field} (${value})`;
    seen.set(value, i);
  }
  return undefined;
}

/** Longest row key a param may carry (a transaction id and a block hash with a separator take 133). */
const MAX_KEY_LENGTH = 512;

/**
 * Checks a page param given back to a list call. It may come from storage or another process, so every field is
 * checked: a `TypeError` or `RangeError` naming the field and the value it had, never a silent wrong page.
 */
export function checkPageParam(param: unknown, cursorList: boolean, max: number = MAX_PAGE_SIZE): PageParam {
  const fail = (Kind: typeof TypeError, what: string): never => {
    throw new Kind(`pageParam${what}`);
  };
  if (typeof param !== 'object' || param === null || Array.isArray(param)) {
    fail(TypeError, ` must be an object from page.nextPageParam; got ${describe(param)}`);
  }
  const p = param as PageParam;
  const { cursor, last } = p;
  if (cursor !== null && (typeof cursor !== 'string' || cursor === '' || !cursorList)) {
    fail(
      TypeError,
      `.cursor must be ${cursorList ? 'a non-empty string or ' : ''}null; got ${describe(cursor)}`,
    );
  }
  const integer = (
    key: 'offset' | 'total' | 'limit' | 'growth' | 'end',
    min: number,
    max = Infinity,
  ): void => {
    const value = p[key];
    if (!Number.isSafeInteger(value)) fail(TypeError, `.${key} must be an integer; got ${describe(value)}`);
    if ((value as number) < min) fail(RangeError, `.${key} must be at least ${min}; got ${value}`);
    if ((value as number) > max) fail(RangeError, `.${key} must be at most ${max}; got ${value}`);
  };
  integer('offset', 0);
  integer('total', 0);
  integer('limit', 1, max);
  integer('growth', -p.total);
  // `null`: the end is not known yet.
  if (p.end !== null) integer('end', p.offset);
  if (last !== undefined && last !== null && (typeof last !== 'string' || last.length > MAX_KEY_LENGTH)) {
    fail(TypeError, `.last must be a string of at most ${MAX_KEY_LENGTH} characters or null`);
  }
  return p;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  return value === null || typeof value !== 'object' ? String(value) : 'an object';
}
