import type { PAGE_SIZE } from '@blockindex/spec/constants';
import type { WithResponse } from '../api-promise.js';
import type { PageParam } from '../page-param.js';

// What an awaited list call needs and nothing more: its pages are described by page params (plain JSON), so the
// pagers' frames (`page-frame.ts`) ship only with iteration and the lists without a cursor.

/** The envelope every list operation returns; the address-transactions one adds the cursor fields. */
export interface PageBody<TItem> {
  limit: number;
  offset: number;
  total: number;
  results: TItem[];
}

/** One request for a slice of a list. `limit` is left out only for a first page the caller did not size. */
export interface PageRequest {
  limit?: number | undefined;
  offset: number;
  cursor?: string | undefined;
}

/** How pages and pagers reach one list operation. */
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
  /** Whether the operation accepts `cursor` and answers with the cursor fields. */
  cursor: boolean;
}

/** Items of one page, the answer they came from, and what names the rest of the list after them. */
export interface PageChunk<TItem, TBody> {
  items: TItem[];
  data: TBody;
  response: Response;
  /** The rest of the list after `items` (its `offset` is the position after them; open or not, `items` say). */
  next: PageParam;
  /** The pager's own state at `next` (lists without a cursor), given back to it for the page after. */
  hint?: unknown;
}

/** Loads the page `param` names (`param.last` is the row before it): `null` when the list ends before it. */
export type PageAfter = <TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  param: PageParam,
  signal: AbortSignal | undefined,
  hint?: unknown,
) => Promise<PageChunk<TItem, TBody> | null>;

/** A list source, with the way its pages continue without a cursor (the re-org-aware pager's, `exact-page-after.ts`). */
export interface ListSource<TItem, TBody extends PageBody<TItem>> extends PageSource<TItem, TBody> {
  after?: PageAfter | undefined;
}

/**
 * Largest `limit` the list operations accept. Written as a literal that the spec's type of `PAGE_SIZE.max` must
 * accept (so a change in the spec fails the type check), rather than read from `PAGE_SIZE`: the published bundle
 * merges modules, and bundlers keep a property read at module level, shipping the table to every app.
 */
export const MAX_PAGE_SIZE: typeof PAGE_SIZE.max = 50;

/** Clamps a requested page size into what the server accepts. */
export function clampPageSize(size: number | undefined): number {
  return size === undefined || !Number.isFinite(size)
    ? MAX_PAGE_SIZE
    : Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(size)));
}

/** The key of an item: its identity and placement. */
export function keyOf<TItem>(source: PageSource<TItem, PageBody<TItem>>, item: TItem): string {
  return source.key ? source.key(item) : String(source.identity(item));
}

/**
 * The first page of a list and what follows it. Positions: with a cursor, rows after the first page's cursor (the
 * first is 0), whatever the chain does above it; without one, offsets of the list as it was at this page. The end
 * is as far as this page tells: the last page of a cursor list says so (`prev_cursor: null`); else the rows it had.
 */
export function firstPage<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  first: PageRequest,
  { data, response }: WithResponse<TBody>,
): PageChunk<TItem, TBody> {
  const { results, total, limit } = data;
  const n = results.length;
  const body = data as { cursor?: unknown; prev_cursor?: unknown };
  const cursor = source.cursor && typeof body.cursor === 'string' ? body.cursor : null;
  const start = cursor === null ? first.offset : 0;
  const end =
    n === 0
      ? start
      : cursor === null
        ? Math.max(start + n, total)
        : body.prev_cursor === null
          ? n
          : first.cursor === undefined
            ? Math.max(n, total - first.offset)
            : null;
  const size = first.limit !== undefined && first.limit > 0 ? first.limit : limit > 0 ? limit : undefined;
  const next: PageParam = {
    cursor,
    offset: start + n,
    total,
    end,
    limit: clampPageSize(size),
    growth: 0,
    last: n > 0 ? keyOf(source, results[n - 1] as TItem) : null,
  };
  return { items: results.slice(), data, response, next };
}

/** Why a 2xx body is not a page, or `undefined` when it is one; run by the transport on every list response. */
export function pageShapeProblem(data: unknown): string | undefined {
  const body = data as Partial<PageBody<unknown>>;
  // A string, an array or `null` has no `results` array either.
  if (!Array.isArray(body?.results)) return 'expected a page object with a `results` array';
  // Positions and page params are computed from these three: a total of 1e400 (Infinity), 400.5 or -5 would
  // make a param the client then refuses, a request with `offset=NaN`, or an early end.
  for (const key of ['limit', 'offset', 'total'] as const) {
    const value = body[key];
    if (!Number.isSafeInteger(value) || (value as number) < 0) {
      const got = typeof value === 'number' ? value : value === null ? 'null' : typeof value;
      return `expected a page whose \`${key}\` is a non-negative integer; got ${got}`;
    }
  }
  return undefined;
}
