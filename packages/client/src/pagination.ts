import { AbortError } from './errors.js';
import { checkParam, clampPageSize } from './internal/lists.js';
import { checkIterationOptions } from './internal/option-checks.js';
import { pager } from './internal/pager.js';
import type { PageBody } from './internal/strategies.js';
import { ListPromise, type Page, pageOf } from './page.js';

/**
 * Every page of a list call in order, by the call's iteration options: no item repeats or goes missing while blocks
 * are mined or re-orged, or the iteration throws (see the README's "Pages and iteration").
 * @example
 * import { createCore, getAccountTransactionsWithTransfers, iteratePages } from '@blockindex/client';
 * const list = getAccountTransactionsWithTransfers(createCore(), principal, {}, { concurrency: 4 });
 * for await (const page of iteratePages(list)) console.log(page.results.length);
 */
export function iteratePages<TItem, TBody extends PageBody<TItem>>(
  list: ListPromise<TItem, TBody>,
): AsyncGenerator<Page<TItem, TBody>, void, undefined> {
  list.call.iterated = true;
  return pagesOf(list.call);
}

/**
 * Every item of a list call once, in order, up to `maxItems`: {@link iteratePages} item by item.
 * @example
 * import { createCore, getAddressTransactions, iterate } from '@blockindex/client';
 * for await (const { tx } of iterate(getAddressTransactions(createCore(), address))) console.log(tx.tx_id);
 */
export function iterate<TItem, TBody extends PageBody<TItem>>(
  list: ListPromise<TItem, TBody>,
): AsyncGenerator<TItem, void, undefined> {
  return itemsOf(iteratePages(list), list.call.options.signal);
}

/** The items of `pages` (the pager stops at `maxItems`), checking `signal` before each. */
async function* itemsOf<TItem>(pages: AsyncIterable<{ results: TItem[] }>, signal: AbortSignal | undefined) {
  for await (const page of pages) {
    for (const item of page.results) {
      throwIfAborted(signal);
      yield item;
    }
  }
}

async function* pagesOf<TItem, TBody extends PageBody<TItem>>({
  source,
  start,
  options,
}: ListPromise<TItem, TBody>['call']): AsyncGenerator<Page<TItem, TBody>, void, undefined> {
  checkIterationOptions(options);
  const { signal, maxItems, pageParam, onReorg } = options;
  if (onReorg !== undefined && typeof onReorg !== 'function') {
    throw new TypeError(`onReorg must be a function; got ${typeof onReorg}`);
  }
  if (maxItems !== undefined && maxItems <= 0) return;
  const param = pageParam == null ? undefined : checkParam(pageParam, source);
  // `limit: 0` asks the server for its default page, not pages of one item.
  const pageSize = param?.limit ?? clampPageSize(options.pageSize ?? (start.limit || undefined), source.max);
  const first = { limit: pageSize, offset: start.offset ?? 0, cursor: start.cursor };
  throwIfAborted(signal);
  for await (const chunk of pager(source, { ...options, pageSize, first, param })) {
    yield pageOf(source, chunk, signal);
    throwIfAborted(signal);
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError('The iteration was aborted', { cause: signal.reason });
}

/**
 * What a client's list call returns: a {@link ListPromise} of the first page that also iterates every item
 * (`for await`) or every page (`.pages()`).
 * @example
 * const page = await client.getAddressTransactions(address, { limit: 10 });
 * for await (const tx of client.getAddressTransactions(address, {}, { concurrency: 4 })) console.log(tx.tx.tx_id);
 */
export class PagePromise<TItem, TBody extends PageBody<TItem> = PageBody<TItem>>
  extends ListPromise<TItem, TBody>
  implements AsyncIterable<TItem>
{
  /** Every page in order: {@link iteratePages}. */
  pages(): AsyncGenerator<Page<TItem, TBody>, void, undefined> {
    return iteratePages(this);
  }

  /** Every item once, in order: {@link iterate}. */
  [Symbol.asyncIterator](): AsyncGenerator<TItem, void, undefined> {
    return iterate(this);
  }
}
