import { ListInconsistentError, ListReorgedError } from '../errors.js';
import { type Chunk, MAX_PAGE_SIZE, type PageBody, type PageSource } from './exact-pager.js';
import { keyOf } from './page-frame.js';
import type { Resume } from './page-params.js';

/** Loads the page after a frame (and the row before it): `null` when the frame is at its end. */
export type PageAfter = <TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  resume: Resume,
  signal: AbortSignal | undefined,
) => Promise<Chunk<TItem, TBody> | null>;

/** A list source that knows how to load the page after a frame without a cursor (offset mode). */
export interface ListSource<TItem, TBody extends PageBody<TItem>> extends PageSource<TItem, TBody> {
  /** The page after an offset-mode frame: the re-org-aware pager's way (`exact-page-after.ts`). */
  after?: PageAfter | undefined;
}

/**
 * The page after a cursor-mode frame in one request: `cursor=<anchor>&offset=<next>` names the same rows while the
 * chain grows, so no aiming is needed and the pagers stay out of apps that only page. The request starts one row
 * early: that row must be the one the previous page ended with (same id, same block), or a re-org moved the rows
 * under the cursor and the page cannot be placed exactly: a {@link ListReorgedError} (fetch the list again from its
 * first page). Ends as the pager does: a `prev_cursor` of `null` marks the list's last page.
 */
export async function cursorPageAfter<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  { frame, lastKey }: Resume,
  signal: AbortSignal | undefined,
): Promise<Chunk<TItem, TBody> | null> {
  const { next } = frame;
  // The page's own end: at most one page from `next`, never past the list's end.
  let pageEnd = Math.min(frame.end, next + frame.pageSize);
  if (next >= pageEnd) return null;
  const link = lastKey !== undefined && next > 0 ? 1 : 0;
  const limit = Math.min(MAX_PAGE_SIZE, pageEnd - next + link);
  const request = { cursor: frame.anchor as string, offset: next - link, limit };
  const result = await source.fetch(request, signal);
  const body = result.data;
  const linkRow = link === 1 ? body.results[0] : undefined;
  if (link === 1 && (linkRow === undefined || keyOf(source, linkRow) !== lastKey)) {
    throw new ListReorgedError(
      `The row before this page is no longer where the previous page left it (a re-org moved or orphaned it): ` +
        'the page cannot be placed exactly; fetch the list again from its first page',
    );
  }
  const results = link === 1 ? body.results.slice(1) : body.results;
  if (results.length === 0) {
    throw new ListInconsistentError(
      `The list ended at row ${next}, before the ${pageEnd} rows announced when the iteration started: it ` +
        'shrank (a reorg, dropped transactions) or the server misreports `total`; the iteration stops rather ' +
        'than end early without saying so',
    );
  }
  if ((body as { prev_cursor?: unknown }).prev_cursor === null)
    pageEnd = Math.min(pageEnd, next + results.length);
  const count = Math.min(results.length, pageEnd - next);
  const items = results.slice(0, count);
  // The list's own end stays unless this answer showed a nearer one.
  const end = pageEnd < Math.min(frame.end, next + frame.pageSize) ? pageEnd : frame.end;
  const last = items[items.length - 1] as TItem;
  return {
    items,
    data: body,
    response: result.response,
    frame: { ...frame, next: next + count, end },
    lastKey: keyOf(source, last),
  };
}
