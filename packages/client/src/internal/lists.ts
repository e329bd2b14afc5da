import {
  getAccountTransactionsWithTransfersReplacement,
  getAddressTransactionEventsReplacement,
  getAddressTransactionsReplacement,
  type PAGE_SIZE,
} from '@blockindex/spec/constants';
import type { Operation } from '../options.js';
import type { PageParam } from '../page-param.js';
import { serializeQuery } from './http.js';
import {
  byPosition,
  CURSOR,
  type ListState,
  OFFSET,
  type PageBody,
  type PageSource,
  type Pos,
  type Strategy,
} from './strategies.js';
import { describeValue } from './text.js';

/**
 * One list operation, as pages, the pager and the request path see it (a constant each: apps ship those they call);
 * the request path's operation as it is, checking each page (`pageProblem`) and writing the query.
 */
export interface ListSpec extends Omit<PageSource<never, never>, 'fetch'>, Operation {
  /** The item field that tells two items apart (a dotted path) and its type: every item must have it. */
  field: string;
  type: 'string' | 'number';
}

type Paged = Pick<PageSource<never, never>, 'strategy' | 'max'>;

/** A list spec whose identity is `field` read from each item (unless `more` gives one). */
function list<M extends object>(id: string, path: string, strategy: Strategy, field: string, more: M) {
  const names = field.split('.');
  const identity = (item: never): unknown => {
    // biome-ignore lint/suspicious/noExplicitAny: any item; `pageProblem` says when it lacks the field.
    let value: any = item;
    for (const name of names) value = value?.[name];
    return value;
  };
  const spec = { id, path, strategy, field, type: 'string', identity, ...more } as ListSpec & M;
  return Object.assign(spec, { shape: (data: unknown) => pageProblem(data, spec), search: serializeQuery });
}

/** A transaction row's key: its id and its block (its hash, and its index should two blocks share a hash). */
const placed = (id: string, hash: unknown, index: unknown) =>
  typeof hash === 'string' ? `${id}@${hash}/${index}` : id;
const txKey = ({ tx }: { tx: { tx_id: string; block_hash?: unknown; tx_index?: unknown } }) =>
  placed(tx.tx_id, tx.block_hash, tx.tx_index);

export const ADDRESS_TRANSACTIONS = /* @__PURE__ */ list(
  'getAddressTransactions',
  '/extended/v2/addresses/{address}/transactions',
  CURSOR,
  'tx.tx_id',
  { replacement: getAddressTransactionsReplacement, key: txKey },
);

export const TRANSACTIONS_WITH_TRANSFERS = /* @__PURE__ */ list(
  'getAccountTransactionsWithTransfers',
  '/extended/v1/address/{principal}/transactions_with_transfers',
  OFFSET,
  'tx.tx_id',
  { replacement: getAccountTransactionsWithTransfersReplacement, key: txKey },
);

/** Events carry no block: a re-org takes all of a transaction's events or none, and brings back the same ones. */
export const TRANSACTION_EVENTS = /* @__PURE__ */ list(
  'getAddressTransactionEvents',
  '/extended/v2/addresses/{address}/transactions/{tx_id}/events',
  OFFSET,
  'event_index',
  { replacement: getAddressTransactionEventsReplacement, type: 'number' },
);

type V3Row = { transaction: { tx_id: string; block: { hash: string; height: number; tx_index: number } } };

/**
 * `getPrincipalTransactions`: a position cursor `<height>:<microblock sequence>:<tx index>` (at or older than it).
 * Rows of anchored blocks carry no microblock sequence; upstream writes 2147483647 for them.
 */
export const PRINCIPAL_TRANSACTIONS = /* @__PURE__ */ list(
  'getPrincipalTransactions',
  '/extended/v3/principals/{principal}/transactions',
  /* @__PURE__ */ byPosition(
    ({ transaction: { block } }: V3Row) => `${block.height}:2147483647:${block.tx_index}`,
  ),
  'transaction.tx_id',
  { key: ({ transaction: { tx_id, block } }: V3Row) => placed(tx_id, block.hash, block.tx_index) },
);

/** A balance change's asset as its cursor writes it, `<asset type>:<identifier>` (1 STX, 2 FT, 3 NFT). */
function assetOf(item: { asset?: { type?: unknown; identifier?: unknown } }): string | undefined {
  const { type, identifier = 'stx' } = item.asset ?? {};
  const tag = type === 'stx' ? 1 : type === 'ft' ? 2 : type === 'nft' ? 3 : 0;
  return tag > 0 && typeof identifier === 'string' ? `${tag}:${identifier}` : undefined;
}

/** One row per asset, paged by the asset; no block: a re-org takes the transaction or brings back the same rows. */
export const PRINCIPAL_BALANCE_CHANGES = /* @__PURE__ */ list(
  'getPrincipalTransactionBalanceChanges',
  '/extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes',
  /* @__PURE__ */ byPosition(assetOf as (item: never) => string), // rows `pageProblem` passed have an asset
  'asset',
  { identity: assetOf },
);

/** Newest first; a block is its own key (a re-org replaces its hash). */
export const BURN_BLOCK_BLOCKS = /* @__PURE__ */ list(
  'getBlocksByBurnBlock',
  '/extended/v2/burn-blocks/{height_or_hash}/blocks',
  OFFSET,
  'hash',
  // The spec's `limit` maximum for this operation (30, not the other lists' 50); a test reads it from the spec.
  { max: 30 },
);

/** Largest `limit` the list operations accept: a literal the spec's type checks (`PAGE_SIZE.max` ships the table). */
export const MAX_PAGE_SIZE: typeof PAGE_SIZE.max = 50;

/** Clamps a requested page size into what the server accepts (`max`: the list's largest `limit`). */
export function clampPageSize(size: number | undefined, max: number = MAX_PAGE_SIZE): number {
  return size === undefined || !Number.isFinite(size) ? max : Math.min(max, Math.max(1, Math.floor(size)));
}

/** The page param of a position: after `mark`, counted in the frame `state` holds (see PageParam). */
export function toParam({ strategy }: Paged, mark: Pos, state: ListState, limit: number): PageParam {
  const total = state.anchor ? state.anchor.older + 1 : state.total;
  // Lists paged by position: the row's own cursor, no offsets.
  const [cursor, offset, end] = strategy.position
    ? [mark.cursor, 0, null]
    : [state.anchor?.cursor ?? null, total - mark.older, total];
  return { cursor, offset, total, end, limit, growth: 0, last: mark.key };
}

/** The position a checked page param names and the state to go on from it (none: the head, a fresh state). */
export function fromParam<P extends PageParam | undefined>(p: P, { strategy: { position } }: Paged) {
  const total = p?.total ?? 0;
  const anchor = p?.cursor && !position ? { cursor: p.cursor, older: total - 1 } : undefined;
  const mark = p && { key: p.last ?? '', older: position ? -1 : total - p.offset, cursor: p.cursor };
  return { mark: mark as P extends PageParam ? Pos : undefined, state: { total, anchor, grew: 0, ahead: 0 } };
}

/**
 * Why a 2xx body is not a page of `list` (`undefined`: it is one); run on every list response. Items must be objects
 * with their identity, unique within the page: the pager relies on identities, so none is dropped or merged silently.
 */
function pageProblem(data: unknown, { field, type, identity, strategy }: ListSpec): string | undefined {
  const body = data as Partial<PageBody<unknown>>;
  if (!Array.isArray(body?.results)) return 'expected a page object with a `results` array';
  // Positions and page params are computed from these: a total of 1e400 (Infinity), 400.5 or -5 would make a param
  // the client then refuses, a request with `offset=NaN`, or an early end.
  for (const key of strategy.position
    ? (['limit', 'total'] as const)
    : (['limit', 'offset', 'total'] as const)) {
    const value = body[key];
    if (!Number.isSafeInteger(value) || (value as number) < 0) {
      const got = typeof value === 'number' ? value : value === null ? 'null' : typeof value;
      return `expected a page whose \`${key}\` is a non-negative integer; got ${got}`;
    }
  }
  // Messages are built only for a bad item: a good page costs one map of identities. An indexed loop: `entries()`
  // made an array per item.
  const { results } = body;
  const seen = new Map<unknown, number>();
  for (let i = 0; i < results.length; i++) {
    const item: unknown = results[i];
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return `results[${i}] must be an object; got ${describeValue(item)}`;
    }
    const value = identity(item as never);
    if (typeof value !== type || (type === 'number' && !Number.isFinite(value))) {
      return `results[${i}].${field} must be a ${type}; got ${describeValue(value)}`;
    }
    const earlier = seen.get(value);
    if (earlier !== undefined)
      return `results[${i}].${field} repeats results[${earlier}].${field} (${value})`;
    seen.set(value, i);
  }
  return undefined;
}

/** Checks a page param given back (from storage, another process): a `TypeError` or `RangeError` naming the field. */
export function checkParam(param: unknown, { strategy: s, max = MAX_PAGE_SIZE }: Paged): PageParam {
  const cursors = s.anchor || s.position;
  const fail = (what: string, Kind = TypeError): never => {
    throw new Kind(`pageParam${what}`);
  };
  const p = param as PageParam;
  if (typeof p !== 'object' || p === null || Array.isArray(p)) {
    fail(` must be an object from page.nextPageParam; got ${describeValue(p)}`);
  }
  const { cursor, last } = p;
  if (cursor !== null && (typeof cursor !== 'string' || cursor === '' || !cursors)) {
    fail(`.cursor must be ${cursors ? 'a non-empty string or ' : ''}null; got ${describeValue(cursor)}`);
  }
  // In order, as `growth` and `end` are bounded by fields before them; `end: null` is an end not known yet.
  const least = { offset: 0, total: 0, limit: 1, growth: -p.total, end: p.offset };
  for (const [key, min] of Object.entries(least)) {
    const value = p[key as 'offset'];
    if (key === 'end' && p.end === null) continue;
    if (!Number.isSafeInteger(value)) fail(`.${key} must be an integer; got ${describeValue(value)}`);
    if (value < min) fail(`.${key} must be at least ${min}; got ${value}`, RangeError);
    if (key === 'limit' && value > max) fail(`.limit must be at most ${max}; got ${value}`, RangeError);
  }
  if (last != null && (typeof last !== 'string' || last.length > 512)) {
    // The longest key a param may carry (a transaction id and a block hash with separators take 133).
    fail('.last must be a string of at most 512 characters or null');
  }
  return p;
}
