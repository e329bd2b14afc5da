import type { WithResponse } from '../api-promise.js';
import type { PageParam } from '../page-param.js';
import { clampPageSize, fromParam, MAX_PAGE_SIZE, toParam } from './lists.js';
import { type Chunk, checkOlder, movedError, readAfter } from './pager.js';
import type { PageBody, PageRequest, PageSource, Pos } from './strategies.js';

/**
 * The first page, straight from the answer to `request` (an awaited list call makes that one request): its rows as
 * sent, and the param after the last, the only row placed (a position for every row cost the call most of its CPU).
 */
export function firstPage<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  request: PageRequest,
  { data, response }: WithResponse<TBody>,
): Chunk<TItem, TBody> {
  const { state } = fromParam(undefined, source);
  const { results } = data;
  const read = source.strategy.read(data, request, undefined, state, source as never, results.length - 1);
  const last = read.ok && !read.done ? read.pos[0] : undefined;
  // `limit: 0` asks the server for its default page: the param goes on in pages of what it applied.
  const limit = clampPageSize(request.limit || data.limit || undefined, source.max);
  return { items: results.slice(), data, response, next: last ? toParam(source, last, state, limit) : null };
}

/**
 * The page after a param's row (`null`: none follows it), by the one rule. Where the answer does not show that row,
 * search the list down from its head for it in its block (a re-org above it moved it); not there: `ListReorgedError`.
 */
export async function pageAfter<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  param: PageParam,
  signal: AbortSignal | undefined,
): Promise<Chunk<TItem, TBody> | null> {
  const { mark, state } = fromParam(param, source);
  const { limit } = param;
  const fetch = (request: PageRequest) => source.fetch(request, signal);
  let read = await readAfter(source, fetch, mark, limit, state);
  // Down from the head (then from the row read last), each answer overlapping the one before, to the row.
  for (let from: Pos | undefined; !read.ok && mark.key !== ''; ) {
    const found = await readAfter(source, fetch, from, source.max ?? MAX_PAGE_SIZE, state);
    if (!found.ok) break;
    const at = found.pos.findIndex((p) => p.key === mark.key);
    from = found.pos[at] ?? found.pos.at(-1);
    if (at >= 0) {
      checkOlder(mark, from);
      // Met as the last row of an answer: read after it by the rule.
      read =
        found.done || at < found.pos.length - 1
          ? { ...found, pos: found.pos.slice(at + 1) }
          : await readAfter(source, fetch, from, limit, state);
      break;
    }
    if (found.done || !from || (from.older >= 0 && from.older < mark.older)) break;
  }
  if (!read.ok) throw movedError();
  const pos = read.pos.slice(0, limit);
  const last = pos.at(-1);
  if (!last) return null;
  const next = read.done && pos.length === read.pos.length ? null : toParam(source, last, state, limit);
  return { items: pos.map((p) => p.row as TItem), data: read.data, response: read.response, next };
}
