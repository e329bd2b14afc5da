import type { WithResponse } from '../api-promise.js';
import { ListOutpacedError } from '../errors.js';
import type { PageParam } from '../page-param.js';

/**
 * The envelope every list operation returns; the address-transactions one adds the cursor fields, and the lists
 * paged by a position cursor (v3) have `cursor: { next, previous, current }` and no `offset`.
 */
export interface PageBody<TItem> {
  limit: number;
  /** Absent from the lists paged by a position cursor (v3). */
  offset?: number;
  total: number;
  results: TItem[];
}

/** One request for a slice of a list. `limit` is left out only for a first page the caller did not size. */
export interface PageRequest {
  limit?: number | undefined;
  offset: number;
  cursor?: string | undefined;
}

/** A row as placed: its rank counts the rows of the list older than it (nothing at the head changes it). */
interface Placed {
  rank: number;
}

/** A request in flight for the rows from `rank` down (Infinity: the head), and what it was aimed with. */
export interface Flight<TBody> {
  request: PageRequest;
  rank: number;
  /** The total the request was aimed with, and how far ahead of it (offset strategy). */
  aimed: number;
  ahead: number;
  /** Sent with no other request in flight. */
  alone: boolean;
  promise: Promise<WithResponse<TBody>>;
}

/** Where an iteration's positions count from: the state a strategy reads and keeps. */
export interface Frame {
  /** The anchor of the cursor strategy (`null`: none yet, paged by offset meanwhile). */
  cursor: string | null;
  /** Rows counted from position 0 when positions were set, and its growth since. */
  total: number;
  growth: number;
  /** Rank of the list's last row once known (-Infinity until then). */
  floor: number;
  /** Requests in a row for one position that missed it or answered nothing new. */
  misses: number;
  /** Offset aim: rows to aim ahead of the measured total, the last growth met, whether the list is growing. */
  ahead: number;
  trip: number;
  growing: boolean;
  noAhead: boolean;
}

/** Requests for one position that miss it (growth outran the aim), or answer it with nothing new. */
export const MAX_MISSES = 5;

type Body = PageBody<unknown> & { cursor?: unknown; prev_cursor?: unknown };

/**
 * How a list is paged: what the pager asks for a position and how it places the answer's rows. Each list spec holds
 * its own, so an app ships only the strategies of the lists it calls; the pager itself knows none of them.
 */
export interface Strategy {
  /** Page params carry a cursor (the anchor, or a row's position). */
  cursor: boolean;
  /** Requests send an `offset`, and pages carry one. */
  offset: boolean;
  /** A row's own position cursor (lists paged by position). */
  position?: ((item: never) => string) | undefined;
  /** The cursor a page param holds after a first page whose last row is `last`. */
  anchor(data: Body, last: unknown): string | null;
  /** Whether the answer says the list ends with it. */
  ended(data: Body): boolean;
  /** Takes the frame's cursor from a page param; returns the position of the param's row (position lists). */
  adopt(frame: Frame, param: PageParam): string | undefined;
  /** The request for the rows from `flight.rank` down, the first of them being the row at that rank (the overlap). */
  send(frame: Frame, flight: Flight<unknown>, size: number, pos: string | undefined): PageRequest;
  /** The rank of the answer's first row (and what the answer teaches the frame). */
  place(frame: Frame, flight: Flight<unknown>, data: Body): number;
  // The rest answer `false` (or keep `at`) when absent.
  /** Whether requests may go out ahead of the one awaited. */
  prefetch?(frame: Frame): boolean;
  /** Where the row read last is in the answer, given where its key or rank was found (`at`; -1 not there). */
  overlap?(request: PageRequest, at: number): number;
  /** The row read last is `by` ranks off where it was: whether the frame moves with it (else the list changed). */
  shift?(frame: Frame, by: number): boolean;
  /** Whether a short answer must reach rank 0 (the total it announced). */
  counts?(frame: Frame): boolean;
  /** The row read last is not in the answer: whether to ask again, re-aimed, rather than re-read the head. */
  miss?(frame: Frame, flight: Flight<unknown>, rows: Placed[], rank: number): boolean;
}

/** Counts a request that found only rows newer than the one it overlaps: past MAX_MISSES, growth outruns paging. */
function outpaced(frame: Frame, rank: number): true {
  if (++frame.misses >= MAX_MISSES) {
    throw new ListOutpacedError(
      `The list grew by more than a page between requests ${frame.misses} times in a row at rank ${rank}; use a larger pageSize`,
    );
  }
  return true;
}

// Shared by the offset and cursor strategies: separate constants, so that a cursor list does not ship the offset one.
const ended = (data: Body) => data.prev_cursor === null;
function adopt(frame: Frame, param: PageParam): undefined {
  frame.cursor = param.cursor;
}

/**
 * By offset: rank r sits at offset `total - 1 - r` of the list as the latest answer counted it; an answer whose total
 * moved since its aim tells the growth, and the next request aims that far ahead while the list keeps growing.
 */
export const OFFSET: Strategy = {
  cursor: false,
  offset: true,
  anchor: () => null,
  ended,
  adopt,
  send(frame, flight, size) {
    flight.ahead = frame.noAhead || !flight.alone ? 0 : frame.ahead;
    return { offset: Math.max(0, flight.aimed - 1 - flight.rank + flight.ahead), limit: size };
  },
  place(frame, flight, { total }) {
    // `total` counts the list this page was cut from, so ranks are exact whatever the head did.
    const trip = total - flight.aimed;
    if (flight.alone) {
      frame.ahead = Math.max(0, Math.min(trip, frame.trip));
      frame.trip = Math.max(0, trip);
    }
    frame.growing = trip !== 0 || (frame.growing && !flight.alone);
    frame.growth = total - frame.total;
    return total - 1 - flight.request.offset;
  },
  prefetch: (frame) => !frame.growing,
  counts: () => true,
  miss(frame, flight, rows, rank) {
    const first = rows[0];
    const last = rows.at(-1);
    // Newer rows only: the list grew past the aim.
    if (last && last.rank > rank) return outpaced(frame, rank);
    // Older rows only: aimed too far ahead, or the list shrank since the aim, which this answer's total corrects once.
    if (
      (flight.ahead > 0 && (!first || first.rank < rank)) ||
      (first && first.rank < rank && !frame.noAhead)
    ) {
      frame.noAhead = true;
      return true;
    }
    return false;
  },
};

/**
 * By the first page's `cursor` (the address-transactions list): rank r is `cursor=<anchor>&offset=total-1-r`, which
 * growth does not move. A read without a cursor is ranked by its `total`, and its cursor becomes the anchor; until
 * there is one (a server that sends none), requests go by offset at the latest total.
 */
export const CURSOR: Strategy = {
  cursor: true,
  offset: true,
  anchor: (data) => (typeof data.cursor === 'string' ? data.cursor : null),
  ended,
  adopt,
  send({ cursor, total, floor }, { rank }, size) {
    const offset = Math.max(0, total - 1 - rank);
    if (cursor === null) return { offset, limit: size };
    return { cursor, offset, limit: Math.max(1, Math.min(size, rank - floor + 1)) };
  },
  place(frame, { request }, data) {
    if (request.cursor !== undefined) return frame.total - 1 - request.offset;
    const top = data.total - 1 - request.offset;
    if (typeof data.cursor === 'string') {
      frame.cursor = data.cursor;
      frame.total = top + 1;
      // No anchor yet: the next request aims by the latest total.
    } else if (frame.cursor === null) frame.total = data.total;
    return top;
  },
  prefetch: (frame) => frame.cursor !== null,
  shift(frame, by) {
    // Rows between the anchor and this row changed; the anchor moves, this row's rank stays.
    if (frame.cursor === null) return false;
    frame.total += by;
    return true;
  },
  counts: (frame) => frame.cursor === null,
  // Without an anchor, an answer of newer rows only is asked again at the latest total; anything else is re-read.
  miss: (frame, _flight, rows, rank) =>
    frame.cursor === null && (rows.at(-1)?.rank ?? rank) > rank && outpaced(frame, rank),
};

/**
 * By each row's own position cursor (the v3 lists): a request passes the position of the row read last as `cursor`
 * and is answered from that row down, so nothing above it may come first; such a list has no `offset` and is never
 * prefetched.
 */
export function byPosition(position: (item: never) => string): Strategy {
  return {
    cursor: true,
    offset: false,
    position,
    anchor: (data, last) => (data.results.length > 0 ? position(last as never) : null),
    ended: (data) => (data.cursor as { next?: unknown } | undefined)?.next === null,
    adopt: (_frame, param) => param.cursor ?? undefined,
    send: (_frame, _flight, size, cursor) => ({ offset: 0, limit: size, cursor }),
    // From the head, ranks follow `total`; from a position, the first row is the one asked for.
    place: (_frame, flight, data) => (flight.request.cursor === undefined ? data.total - 1 : flight.rank),
    overlap: (request, at) => (request.cursor !== undefined && at !== 0 ? -1 : at),
  };
}
