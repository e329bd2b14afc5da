import {
  BadRequestError,
  ListInconsistentError,
  ListOutpacedError,
  ListReorgedError,
  NotFoundError,
} from '../errors.js';
import type { PageParam } from '../page-param.js';
import { keyOf, MAX_PAGE_SIZE, type PageSource } from './lists.js';
import type { Chunk } from './pager.js';
import { MAX_MISSES, type PageBody, type PageRequest } from './strategies.js';

/**
 * The page a param names, by the simple rule a page needs (iteration, which also reports and recovers, is the
 * pager's): read from the param's row (`last`) down; if the answer does not show it, search the list down from its
 * head; if it is gone, `ListReorgedError`. Rows are placed by rank (how many rows are older), which nothing at the
 * head changes. `null`: no row follows the param's.
 */
export async function pageAfter<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  param: PageParam,
  signal: AbortSignal | undefined,
): Promise<Chunk<TItem, TBody> | null> {
  const { strategy } = source;
  const position = strategy.position;
  const max = source.max ?? MAX_PAGE_SIZE;
  const { limit, last = null } = param;
  let { cursor, total } = param;
  let rank = total - param.offset;
  let floor = param.end === null ? -Infinity : total - param.end;
  let misses = 0;
  // Searching down from the head: the next request, and (position lists) the rank and total of its first row.
  let search: PageRequest | undefined;
  let searchTop = 0;
  let searchTotal = 0;
  for (;;) {
    if (rank <= floor && !search) return null;
    const anchored = cursor !== null && strategy.offset;
    let request: PageRequest;
    if (search) request = search;
    else if (position) request = { offset: 0, cursor: cursor ?? undefined, limit: Math.min(max, limit + 1) };
    else if (anchored) {
      const size = Math.min(max, limit + 1, rank - floor + 1);
      request = { cursor: cursor as string, offset: total - 1 - rank, limit: size };
    } else {
      // By offset the list may have grown since: up to twice the page, so that the page still fills.
      request = { offset: Math.max(0, total - 1 - rank), limit: Math.min(max, 2 * limit + 1) };
    }
    let data: TBody;
    let response: Response;
    try {
      ({ data, response } = await source.fetch(request, signal));
    } catch (error) {
      // A cursor whose block is gone (a reset, a re-org): search from the head.
      const gone = error instanceof NotFoundError || error instanceof BadRequestError;
      if (search || request.cursor === undefined || !gone) throw error;
      search = { offset: 0, limit: max };
      continue;
    }
    const rows = data.results;
    // The rank of the answer's first row, and the frame (cursor, total) the next position is counted in.
    let top = data.total - 1 - request.offset;
    let frameTotal = data.total;
    let frameCursor: string | null = null;
    if (position) {
      frameTotal = total;
      if (request.cursor === undefined) searchTotal = frameTotal = data.total;
      else top = search ? searchTop : rank;
      if (search) frameTotal = searchTotal;
    } else if (!search && anchored) {
      top = rank;
      frameTotal = total;
      frameCursor = cursor;
    } else if (strategy.offset) {
      frameCursor = strategy.anchor(data, undefined);
      if (frameCursor !== null) frameTotal = data.total - request.offset;
    }
    const lowest = top - rows.length + 1;
    const short = rows.length < (request.limit ?? 0) || strategy.ended(data);
    const at =
      last === null && !search
        ? top - rank < rows.length
          ? top - rank
          : -1
        : rows.findIndex((row) => keyOf(source, row) === last);
    if (at < 0) {
      if (!search) {
        // Newer rows only, by offset: the list grew past the aim; ask again at its latest total.
        if (!anchored && !position && rows.length > 0 && lowest > rank) {
          if (++misses >= MAX_MISSES) {
            throw new ListOutpacedError(
              `The list grew by more than a page between requests ${misses} times in a row at rank ${rank}; use a larger pageSize`,
            );
          }
          total = data.total;
          continue;
        }
        search = { offset: 0, limit: max };
        continue;
      }
      // Past the rank the row had without meeting it, or at the list's end: a re-org orphaned it.
      if (short || rows.length < 2 || lowest < rank) {
        throw new ListReorgedError(
          'A re-org moved the row before this page: fetch the list again from its first page',
        );
      }
      search = position
        ? { offset: 0, cursor: position(rows.at(-1) as never), limit: max }
        : { offset: request.offset + rows.length - 1, limit: max };
      searchTop = lowest;
      continue;
    }
    // The row is here (in its block, by key): the page is the rows right after it.
    let found = top - at;
    if (!search && (anchored || position)) {
      // Rows under the anchor were numbered anew: the frame moves, the row keeps its rank.
      frameTotal += rank - found;
      found = rank;
    }
    cursor = position ? position(rows[at] as never) : frameCursor;
    total = frameTotal;
    rank = found;
    if (short) floor = Math.max(floor, found - (rows.length - 1 - at));
    const after = rows.slice(at + 1, at + 1 + Math.max(0, rank - floor));
    if (after.length === 0) {
      if (short) return null;
      if (++misses >= MAX_MISSES) {
        throw new ListInconsistentError('The server keeps answering the same rows: the list cannot be paged');
      }
      // Met as the last row of an answer: read after it by the rule.
      search = undefined;
      continue;
    }
    if (short && !search && !anchored && strategy.offset && lowest !== 0) {
      throw new ListInconsistentError(
        `The list ended ${lowest} rows before the total it announced (${data.total})`,
      );
    }
    const items = after.slice(0, limit);
    const tail = items.at(-1) as TItem;
    const next: PageParam = {
      cursor: position ? position(tail as never) : cursor,
      offset: total - (rank - items.length),
      total,
      end: floor === -Infinity ? null : total - floor,
      limit,
      growth: 0,
      last: keyOf(source, tail),
    };
    return { items, data, response, next };
  }
}
