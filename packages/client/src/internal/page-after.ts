import { ListInconsistentError, ListReorgedError } from '../errors.js';
import type { PageParam } from '../page-param.js';
import { clampPageSize, fromParam, MAX_PAGE_SIZE, toParam } from './lists.js';
import { type Chunk, type Got, readAfter } from './pager.js';
import type { PageBody, PageRequest, PageSource, Pos } from './strategies.js';

/**
 * One page: the answer to `first`, or the page after a param's row by the one rule. Read from that row; where the
 * answer does not show it, search the list down from its head for it, in its block (a re-org above it moved it); not
 * there: a re-org orphaned it, `ListReorgedError`. `null`: no row follows it.
 */
export async function pageAfter<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  param: PageParam | PageRequest,
  signal: AbortSignal | undefined,
): Promise<Chunk<TItem, TBody> | null> {
  const first = 'end' in param ? undefined : param;
  const { mark, state } = first
    ? { mark: undefined, state: { total: 0, grew: 0, ahead: 0 } }
    : fromParam(param as PageParam, source);
  const fetch = (request: PageRequest) => source.fetch(request, signal);
  const gone = () =>
    new ListReorgedError('A re-org moved the row before this page: fetch the list again from its first page');
  let read: Got<TBody> = await readAfter(source, fetch, mark, param.limit ?? 0, state, first);
  if (!read.ok && mark) {
    if (mark.key === '') throw gone();
    // Down from the head (then from the row read last), each answer overlapping the one before.
    let found: Extract<Got<TBody>, { ok: true }> | undefined;
    let at = -1;
    for (let from: Pos | undefined; !found; ) {
      const got = await readAfter(source, fetch, from, source.max ?? MAX_PAGE_SIZE, state);
      if (!got.ok) throw gone();
      at = got.pos.findIndex((p) => p.key === mark.key);
      from = got.pos.at(-1);
      if (at >= 0) found = got;
      else if (got.done || !from || (from.older >= 0 && from.older < mark.older)) throw gone();
    }
    const row = found.pos[at] as Pos;
    if (mark.older >= 0 && row.older !== mark.older) {
      throw new ListInconsistentError(
        `Row ${mark.key} had ${mark.older} older rows and now has ${row.older}: the list changed below it`,
      );
    }
    // Met as the last row of an answer: read after it by the rule.
    read =
      at === found.pos.length - 1 && !found.done
        ? await readAfter(source, fetch, row, param.limit ?? 0, state)
        : { ...found, pos: found.pos.slice(at + 1) };
  }
  if (!read.ok) throw gone();
  // `limit: 0` asks the server for its default page: the param goes on in pages of what it applied.
  const limit = first
    ? clampPageSize(first.limit || read.data.limit || undefined, source.max)
    : (param.limit ?? 0);
  const pos = read.pos.slice(0, first ? undefined : limit);
  const items = pos.map((p) => p.row as TItem);
  const last = pos.at(-1);
  if (!last && !first) return null;
  const next =
    !last || (read.done && pos.length === read.pos.length) ? null : toParam(source, last, state, limit);
  return { items, data: read.data, response: read.response, next };
}
