import type { ListStart, PageParam } from '../page-param.js';

/** The envelope of every list answer; the v3 lists (paged by position) have `cursor: { next, ... }`, no `offset`. */
export interface PageBody<TItem> {
  limit: number;
  offset?: number;
  total: number;
  results: TItem[];
}

/** One request for a slice of a list (no `limit`: a first page the caller did not size). */
export interface PageRequest extends ListStart {
  offset: number;
}

/** Requests for one position that miss it (growth outran the aim), or answer it with nothing new. */
export const MAX_MISSES = 5;

type Body = PageBody<unknown> & { cursor?: unknown; prev_cursor?: unknown };
/** Where a request aims: the frame, the growth last seen, the rank asked for and the list's last rank (`floor`). */
type Aim = Pick<PageParam, 'cursor' | 'total' | 'growth' | 'limit'> & { rank: number; floor: number };

/** How a list is paged: by offset, by the first page's cursor, or by each row's position (held by its list spec). */
export interface Strategy {
  /** Page params carry a cursor (the anchor, or a row's `position`); requests and pages carry an `offset`. */
  cursor: boolean;
  offset: boolean;
  position?: ((item: never) => string) | undefined;
  /** The cursor a page param holds after a first page whose last row is `last`. */
  anchor(data: Body, last: unknown): string | null;
  /** Whether the answer says the list ends with it. */
  ended(data: Body): boolean;
  /** The request for the rows from `at.rank` down; `wide`: twice the rows rather than aim ahead of growth. */
  request(at: Aim, max: number, wide: boolean): PageRequest;
  /** Whether iteration may send the requests of the pages after `at` ahead (absent: never). */
  prefetch?(at: Pick<Aim, 'cursor' | 'growth'>): boolean;
}

/** By the list's latest total, `ahead` rows newer than the rank. */
const byTotal = ({ total, rank, limit }: Aim, max: number, wide: boolean, ahead: number): PageRequest => ({
  offset: Math.max(0, total + ahead - 1 - rank),
  limit: Math.min(max, (wide ? 2 * limit : limit) + 1),
});

const ended = (data: Body) => data.prev_cursor === null;

/** By offset: rank r sits at offset `total - 1 - r`. Prefetched only while the total holds still. */
export const OFFSET: Strategy = {
  cursor: false,
  offset: true,
  anchor: () => null,
  ended,
  request: (at, max, wide) => byTotal(at, max, wide, wide ? 0 : at.growth),
  prefetch: (at) => at.growth === 0,
};

/**
 * By the first page's `cursor` (the address-transactions list): rank r is `cursor=<anchor>&offset=total-1-r`, which
 * growth does not move. Until there is an anchor (a server that sends none), requests go by offset.
 */
export const CURSOR: Strategy = {
  cursor: true,
  offset: true,
  anchor: (data) => (typeof data.cursor === 'string' ? data.cursor : null),
  ended,
  request: (at, max, wide) =>
    at.cursor === null
      ? byTotal(at, max, wide, 0)
      : {
          cursor: at.cursor,
          offset: at.total - 1 - at.rank,
          limit: Math.min(max, at.limit + 1, at.rank - at.floor + 1),
        },
  prefetch: (at) => at.cursor !== null || at.growth === 0,
};

/** By each row's position cursor (the v3 lists): answered from the row passed as `cursor` down; never prefetched. */
export function byPosition(position: (item: never) => string): Strategy {
  return {
    cursor: true,
    offset: false,
    position,
    anchor: (data, last) => (data.results.length > 0 ? position(last as never) : null),
    ended: (data) => (data.cursor as { next?: unknown } | undefined)?.next === null,
    request: ({ cursor, limit }, max) => ({
      offset: 0,
      cursor: cursor ?? undefined,
      limit: Math.min(max, limit + 1),
    }),
  };
}
