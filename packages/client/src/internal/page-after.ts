import { ListInconsistentError, ListReorgedError } from '../errors.js';
import type { PageParam } from '../page-param.js';
import { keyOf, MAX_PAGE_SIZE, type PageBody, type PageChunk, type PageSource } from './list-page.js';

/**
 * The page a cursor-list param names, in one request: `cursor=<anchor>&offset=<position>` names the same rows while
 * the chain grows, so no aiming is needed and the pagers stay out of apps that only page. The request starts one
 * row early: that row must be the one the previous page ended with (same id, same block), or a re-org moved the rows
 * under the cursor and the page cannot be placed exactly: a {@link ListReorgedError} (fetch the list again from its
 * first page). Ends as the pager does: a `prev_cursor` of `null` marks the list's last page.
 */
export async function cursorPageAfter<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  param: PageParam,
  signal: AbortSignal | undefined,
): Promise<PageChunk<TItem, TBody> | null> {
  const { offset, last } = param;
  // The page's own end: at most one page from `offset`, never past the list's end.
  let pageEnd = Math.min(param.end ?? Number.POSITIVE_INFINITY, offset + param.limit);
  if (offset >= pageEnd) return null;
  const link = typeof last === 'string' && offset > 0 ? 1 : 0;
  const request = {
    cursor: param.cursor as string,
    offset: offset - link,
    limit: Math.min(MAX_PAGE_SIZE, pageEnd - offset + link),
  };
  const { data, response } = await source.fetch(request, signal);
  let results = data.results;
  if (link === 1) {
    const row = results[0];
    if (row === undefined || keyOf(source, row) !== last) {
      throw new ListReorgedError(
        'A re-org moved the row before this page: fetch the list again from its first page',
      );
    }
    results = results.slice(1);
  }
  if (results.length === 0) {
    throw new ListInconsistentError(
      `The list ended at row ${offset}, before the ${pageEnd} rows it announced`,
    );
  }
  let end = param.end;
  // The last page of the list: the end is nearer than announced.
  if ((data as { prev_cursor?: unknown }).prev_cursor === null && offset + results.length < pageEnd) {
    end = pageEnd = offset + results.length;
  }
  const items = results.slice(0, pageEnd - offset);
  const next = {
    ...param,
    offset: offset + items.length,
    end,
    last: keyOf(source, items[items.length - 1] as TItem),
  };
  return { items, data, response, next };
}
