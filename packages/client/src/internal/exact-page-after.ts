import {
  type Chunk,
  ExactPager,
  type Frame,
  MAX_PAGE_SIZE,
  type PageBody,
  type PageSource,
} from './exact-pager.js';

/**
 * The page after `frame`: up to `frame.pageSize` items from its next position on, exact whatever the chain did
 * since. Without a cursor the request asks for twice the page (at most 50 rows) so that a list that grew since
 * still fills the page in one request; only growth beyond that slack makes the page shorter. `null` when the
 * frame is already at its end.
 */
export async function exactPageAfter<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  frame: Frame,
  signal: AbortSignal | undefined,
): Promise<Chunk<TItem, TBody> | null> {
  const limit = frame.pageSize;
  const wide = frame.mode === 'offset' ? Math.min(MAX_PAGE_SIZE, limit * 2) : limit;
  const pager = new ExactPager(source, {
    pageSize: wide,
    frame: { ...frame, pageSize: wide },
    maxItems: limit,
    signal,
  });
  try {
    const chunk = await pager.nextChunk();
    if (chunk === null) return null;
    // The pager's end was cut to this one page: keep the list's own end unless an answer showed a nearer one.
    const pageEnd = Math.min(frame.end, frame.next + limit);
    const end = chunk.frame.end < pageEnd ? chunk.frame.end : frame.end;
    return { ...chunk, frame: { ...chunk.frame, end, pageSize: limit } };
  } finally {
    pager.close();
  }
}
