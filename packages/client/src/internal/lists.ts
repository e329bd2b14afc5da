import type { PAGE_SIZE } from '@blockindex/spec/constants';
import type { Operation } from '../options.js';
import type { PageParam } from '../page-param.js';
import { serializeQuery } from './http.js';
import { byPosition, type ListState, type PageBody, type PageSource, type Pos } from './strategies.js';
import { describeValue } from './text.js';

type Source = PageSource<never, never>;

/**
 * How a list operation is paged, as its row of the operation table says (operations.ts): its strategy, and the item
 * field that tells two items apart (a dotted path; a string unless `type` says; every item must have it) unless
 * `identity` reads it; the `key` and largest `limit` (`max`) where the source's defaults do not fit.
 */
export interface Paging extends Pick<Source, 'strategy' | 'key' | 'max'> {
  field: string;
  type?: 'string' | 'number';
  identity?: Source['identity'];
}

/** One list operation as the pager and the request path see it (`listSpec`): it checks pages and writes queries. */
export type ListSpec = Operation & Paging & Required<Pick<Paging, 'type' | 'identity'>>;

type Paged = Pick<Source, 'strategy' | 'max'>;

/** The spec of a list operation's row, made once per function (the row's `Paging` and `field` read from each item). */
export function listSpec(row: Operation & { list: Paging }): ListSpec {
  // The request path's operation and the paging; not the row's `params` and `query`, which every list call would copy
  // into its page source.
  const { id, path, replacement, list } = row;
  const names = list.field.split('.');
  const identity = (item: never): unknown => {
    // biome-ignore lint/suspicious/noExplicitAny: any item; `pageProblem` says when it lacks the field.
    let value: any = item;
    for (const name of names) value = value?.[name];
    return value;
  };
  const spec: ListSpec = { id, path, replacement, type: 'string', identity, ...list, search: serializeQuery };
  spec.shape = (data) => pageProblem(data, spec);
  return spec;
}

/** A transaction row's key: its id and its block (its hash, and its index should two blocks share a hash). */
const placed = (id: string, hash: unknown, index: unknown) =>
  typeof hash === 'string' ? `${id}@${hash}/${index}` : id;
export const txKey = ({ tx }: { tx: { tx_id: string; block_hash?: unknown; tx_index?: unknown } }) =>
  placed(tx.tx_id, tx.block_hash, tx.tx_index);

type V3Row = { transaction: { tx_id: string; block: { hash: string; height: number; tx_index: number } } };
export const v3Key = ({ transaction: { tx_id, block } }: V3Row) => placed(tx_id, block.hash, block.tx_index);

/**
 * `getPrincipalTransactions`: a position cursor `<height>:<microblock sequence>:<tx index>` (at or older than it).
 * Rows of anchored blocks carry no microblock sequence; upstream writes 2147483647 for them.
 */
export const BY_TX_POSITION = /* @__PURE__ */ byPosition(
  ({ transaction: { block } }: V3Row) => `${block.height}:2147483647:${block.tx_index}`,
);

/** A balance change's asset as its cursor writes it, `<asset type>:<identifier>` (1 STX, 2 FT, 3 NFT). */
export function assetOf(item: { asset?: { type?: unknown; identifier?: unknown } }): string | undefined {
  const { type, identifier = 'stx' } = item.asset ?? {};
  const tag = type === 'stx' ? 1 : type === 'ft' ? 2 : type === 'nft' ? 3 : 0;
  return tag > 0 && typeof identifier === 'string' ? `${tag}:${identifier}` : undefined;
}

/** Balance changes, paged by the asset (rows `pageProblem` passed have one). */
export const BY_ASSET = /* @__PURE__ */ byPosition(assetOf as (item: never) => string);

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
  // the client then refuses, a request with `offset=NaN`, or an early end. Lists paged by position have no offset.
  for (const key of ['limit', 'offset', 'total'] as const) {
    const value = body[key];
    if (key === 'offset' && strategy.position) continue;
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
    if (seen.has(value))
      return `results[${i}].${field} repeats results[${seen.get(value)}].${field} (${value})`;
    seen.set(value, i);
  }
}

/** Checks a page param given back (from storage, another process): a `TypeError` or `RangeError` naming the field. */
export function checkParam(param: unknown, { strategy: s, max = MAX_PAGE_SIZE }: Paged): PageParam {
  const fail = (what: string, Kind = TypeError): never => {
    throw new Kind(`pageParam${what}`);
  };
  const p = param as PageParam;
  if (typeof p !== 'object' || p === null || Array.isArray(p)) {
    fail(` must be an object from page.nextPageParam; got ${describeValue(p)}`);
  }
  const { cursor, last } = p;
  const cursors = s.anchor || s.position;
  if (cursor !== null && (typeof cursor !== 'string' || cursor === '' || !cursors)) {
    fail(`.cursor must be ${cursors ? 'a non-empty string or ' : ''}null; got ${describeValue(cursor)}`);
  }
  // In order, as `growth` and `end` are bounded by fields before them; `end: null` is an end not known yet.
  const least = { offset: 0, total: 0, limit: 1, growth: -p.total, ...(p.end !== null && { end: p.offset }) };
  for (const [key, min] of Object.entries(least)) {
    const value = p[key as 'offset'];
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
