import { ListInconsistentError } from '../errors.js';
import type { Chunk, Frame, PageBody, PageSource } from './exact-pager.js';

/** Loads the page after `frame`: `null` when the frame is at its end. */
export type PageAfter = <TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  frame: Frame,
  signal: AbortSignal | undefined,
) => Promise<Chunk<TItem, TBody> | null>;

/** A list source that knows how to load the page after a frame without a cursor (offset mode). */
export interface ListSource<TItem, TBody extends PageBody<TItem>> extends PageSource<TItem, TBody> {
  /** The page after an offset-mode frame: the exact pager's way (`exact-page-after.ts`). */
  after?: PageAfter | undefined;
}

/**
 * The page after a cursor-mode frame in one request: `cursor=<anchor>&offset=<next>` names the same rows whatever the
 * chain did since, so no aiming is needed and the exact pager stays out of apps that only page. Ends as the pager
 * does: a `prev_cursor` of `null` marks the list's last page, and an empty page where rows were expected is a
 * {@link ListInconsistentError}.
 */
export async function cursorPageAfter<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  frame: Frame,
  signal: AbortSignal | undefined,
): Promise<Chunk<TItem, TBody> | null> {
  const { next } = frame;
  // The page's own end: at most one page from `next`, never past the list's end.
  let pageEnd = Math.min(frame.end, next + frame.pageSize);
  if (next >= pageEnd) return null;
  const request = { cursor: frame.anchor as string, offset: next, limit: pageEnd - next };
  const result = await source.fetch(request, signal);
  const body = result.data;
  const { results } = body;
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
  return { items, data: body, response: result.response, frame: { ...frame, next: next + count, end } };
}
