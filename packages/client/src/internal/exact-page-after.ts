import type { PageParam } from '../page-param.js';
import { keyOf, MAX_PAGE_SIZE, type PageBody, type PageChunk, type PageSource } from './list-page.js';
import { type Chunk, toFrame, toParam } from './page-frame.js';
import { ReorgPager } from './reorg-pager.js';

/**
 * The page a param names: up to `param.limit` items from its position on, exact whatever the chain did since (a
 * re-org included, when the row before it is still there). Without a cursor the request asks for twice the page (at
 * most 50 rows) so that a list that grew since still fills the page in one request; only growth beyond that slack
 * makes the page shorter. `null` when the param is already at its end. `hint` is the frame the param was made from.
 */
export async function exactPageAfter<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  param: PageParam,
  signal: AbortSignal | undefined,
  hint?: unknown,
): Promise<PageChunk<TItem, TBody> | null> {
  const frame = toFrame(param, hint);
  const limit = frame.pageSize;
  const wide = frame.mode === 'offset' ? Math.min(MAX_PAGE_SIZE, limit * 2) : limit;
  const pager = new ReorgPager(source, {
    pageSize: wide,
    frame: { ...frame, pageSize: wide },
    lastKey: param.last ?? undefined,
    signal,
  });
  try {
    const items: TItem[] = [];
    let chunk: Chunk<TItem, TBody> | null = null;
    // Chunks until a page is full: each in the numbering of the list as last read (a re-org may renumber it).
    for (let next = await pager.nextChunk(); next !== null; next = await pager.nextChunk()) {
      chunk = next;
      items.push(...next.items);
      if (items.length >= limit) break;
    }
    if (chunk === null) return null;
    const extra = Math.max(0, items.length - limit);
    const kept = items.slice(0, limit);
    const last = kept[kept.length - 1];
    const next = { ...chunk.frame, next: chunk.frame.next - extra, pageSize: limit };
    const lastKey = last === undefined ? chunk.lastKey : keyOf(source, last);
    return {
      items: kept,
      data: chunk.data,
      response: chunk.response,
      next: toParam(next, lastKey),
      hint: next,
    };
  } finally {
    pager.close();
  }
}
