import { checkOptions, listKeys } from './internal/option-checks.js';
import { pager, throwIfAborted } from './internal/pager.js';
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
  return walk(list.call, false) as AsyncGenerator<Page<TItem, TBody>, void, undefined>;
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
  list.call.iterated = true;
  return walk(list.call, true) as AsyncGenerator<TItem, void, undefined>;
}

/** The pages of a call (its items, where `items`: the pager stops at `maxItems`), checking its signal before each. */
async function* walk<TItem, TBody extends PageBody<TItem>>(
  { source, start, options }: ListPromise<TItem, TBody>['call'],
  items: boolean,
): AsyncGenerator<unknown, void, undefined> {
  // Before the pager uses them (a prefetch links `signal`); every request checks them again.
  checkOptions(options, listKeys());
  const { signal, maxItems } = options;
  if (maxItems === 0) return;
  for await (const chunk of pager(source, start, options)) {
    if (!items) {
      yield pageOf(source, chunk, signal);
    } else {
      for (const item of chunk.items) {
        throwIfAborted(signal);
        yield item;
      }
    }
    throwIfAborted(signal);
  }
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
