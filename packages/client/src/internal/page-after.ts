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

/** A row a search from the head met, with its rank. */
export type Ranked<TItem> = { item: TItem; rank: number };

/**
 * The page after a param's row (`last`), by the one rule: read from that row down; if the answer does not show it,
 * search the list down from its head, each answer starting from the row the one before ended with; if the search
 * passes the row's rank (how many rows are older, which nothing at the head changes) without meeting it, a re-org
 * orphaned it. A page (no `seen`) then throws `ListReorgedError`; iteration gets the rows the search met in `seen`
 * and a `gone` chunk after them. `null`: no row follows the param's.
 */
export async function pageAfter<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  param: PageParam,
  signal: AbortSignal | undefined,
  seen?: Ranked<TItem>[],
  fromHead = false,
): Promise<Chunk<TItem, TBody> | null> {
  const { strategy } = source;
  const max = source.max ?? MAX_PAGE_SIZE;
  const head: PageRequest = { offset: 0, limit: max };
  const { limit, last = null } = param;
  // The frame positions are counted in (the param's, then each answer's), and where the row after `last` sits.
  let { cursor, total } = param;
  let frameCursor = cursor;
  let frameTotal = total;
  let rank = total - param.offset;
  let floor = param.end === null ? -Infinity : total - param.end;
  let growth = Math.max(0, param.growth);
  let misses = 0;
  const miss = (message: string) => {
    if (++misses >= MAX_MISSES) throw new ListOutpacedError(message);
  };
  // Searching down from the head: the next request, the row its answer must start from and the total it aimed by.
  let search = fromHead ? head : undefined;
  let link: string | null = null;
  let linkRank = 0;
  let aim = 0;
  const after = (row: TItem | undefined): PageParam => ({
    cursor: (row && strategy.position?.(row as never)) ?? frameCursor,
    offset: total - rank,
    total,
    end: floor === -Infinity ? null : total - floor,
    limit,
    growth,
    last: row ? keyOf(source, row) : null,
  });
  for (;;) {
    if (rank <= floor && !search) return null;
    // After a miss, iteration too asks for twice its rows rather than aim ahead again: the aim can swing past the row.
    const request =
      search ?? strategy.request({ cursor, total, growth, rank, floor, limit }, max, !seen || misses > 0);
    const pinned = request.cursor !== undefined;
    const answer = await source.fetch(request, signal).catch((error: unknown) => {
      // A cursor whose block is gone (a reset, a re-org): search from the head.
      if (search || !pinned || !(error instanceof NotFoundError || error instanceof BadRequestError))
        throw error;
    });
    if (!answer) {
      search = head;
      continue;
    }
    const { data, response } = answer;
    let rows = data.results;
    const short = rows.length < (request.limit ?? 0) || strategy.ended(data);
    // The rank of the answer's first row: a cursor pins it (the row asked for), else the answer's total counts it.
    let top = pinned ? (search ? linkRank : rank) : data.total - 1 - request.offset;
    // A pinned answer is in the frame it was asked in (a search only pins after an answer that set the frame).
    if (!pinned) {
      frameCursor = strategy.anchor(data, rows.at(-1));
      frameTotal = frameCursor === null ? data.total : data.total - request.offset;
    }
    if (search && link !== null) {
      // The answer must hold the row the search read last at its rank, else the list moved under the search (rows
      // left or came at its head, or below it): aim again by the latest total, else start again from the head.
      const j = rows.findIndex((row) => keyOf(source, row) === link);
      if (j < 0 || top - j !== linkRank) {
        miss(`The list changed faster than it could be searched for row ${last}`);
        const again = j < 0 && !pinned && data.total !== aim;
        aim = data.total;
        search = again ? { offset: Math.max(0, aim - 1 - linkRank), limit: max } : head;
        if (!again) {
          link = null;
          seen?.splice(0);
        }
        continue;
      }
      rows = rows.slice(j);
      top = linkRank;
    }
    const lowest = top - rows.length + 1;
    const at =
      last === null && !search
        ? top - rank < rows.length
          ? top - rank
          : -1
        : rows.findIndex((row) => keyOf(source, row) === last);
    if (seen && search) {
      const upto = at < 0 ? rows.length : at;
      for (let i = link === null ? 0 : 1; i < upto; i++) seen.push({ item: rows[i] as TItem, rank: top - i });
    }
    if (at < 0 && !search) {
      // Newer rows only, by total: the list grew past the aim; ask again at its latest total. Older rows only, aimed
      // ahead of growth: ask again without the aim.
      if (pinned || rows.length === 0) search = head;
      else if (lowest > rank) {
        miss(
          `The list grew by more than a page between requests ${MAX_MISSES} times in a row at rank ${rank}; use a larger pageSize`,
        );
        const grew = Math.max(0, data.total - total);
        growth = misses > 1 ? grew : Math.min(growth, grew);
        total = data.total;
      } else if (top < rank && growth > 0) growth = 0;
      else search = head;
      continue;
    }
    if (at < 0) {
      const tail = rows.at(-1);
      // Past the rank the row had without meeting it, or at the list's end: a re-org orphaned it.
      if (short || !tail || lowest < rank) {
        if (!seen) {
          throw new ListReorgedError(
            'A re-org moved the row before this page: fetch the list again from its first page',
          );
        }
        total = tail ? frameTotal : 0;
        rank = tail ? lowest : 0;
        if (short || !tail) floor = rank;
        growth = 0;
        return { items: [], data, response, next: after(tail), gone: true };
      }
      // Growth that keeps the search from getting past the row it read last: outpaced, never endless.
      if (rows.length < 2) miss(`The list grew faster than it could be searched for row ${last}`);
      link = keyOf(source, tail);
      linkRank = lowest;
      aim = data.total;
      const position = strategy.position?.(tail as never);
      const offset = position === undefined ? Math.max(0, aim - 1 - lowest) : 0;
      search = { offset, cursor: position, limit: max };
      continue;
    }
    // The row is here (in its block, by key): the page is the rows right after it.
    let found = top - at;
    if (pinned && !search) {
      // Rows under the anchor were numbered anew: the frame moves, the row keeps its rank.
      frameTotal += rank - found;
      found = rank;
    }
    // A row in its block keeps its count of older rows: else the list changed below it.
    if (last !== null && found !== rank) {
      throw new ListInconsistentError(
        `Row ${last} had ${rank} older rows and now has ${found}: the list changed below the rows delivered`,
      );
    }
    if (short && !search && !pinned && lowest !== 0) {
      throw new ListInconsistentError(
        `The list ended ${lowest} rows before the total it announced (${data.total})`,
      );
    }
    cursor = strategy.position?.(rows[at] as never) ?? frameCursor;
    if (!pinned && !search) growth = Math.max(0, frameTotal - total);
    total = frameTotal;
    rank = found;
    if (short) floor = Math.max(floor, found - (rows.length - 1 - at));
    const items = rows.slice(at + 1, at + 1 + Math.min(limit, Math.max(0, rank - floor)));
    if (items.length === 0 && !short) {
      if (++misses >= MAX_MISSES) {
        throw new ListInconsistentError('The server keeps answering the same rows: the list cannot be paged');
      }
      // Met as the last row of an answer: read after it by the rule.
      search = undefined;
      continue;
    }
    // Iteration wants the answer too: rows a search met above the row may be its to deliver.
    if (items.length === 0 && !seen) return null;
    const row = items.at(-1) ?? rows[at];
    rank -= items.length;
    return { items, data, response, next: after(row) };
  }
}
