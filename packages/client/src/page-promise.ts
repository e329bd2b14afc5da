import type { PageBody } from './internal/strategies.js';
import type { Page } from './page.js';
import { ListPromise } from './page.js';
import { iterate, iteratePages } from './pagination.js';

/**
 * What a client's list call returns: a {@link ListPromise} of the first page that you can also `for await` for every
 * item or `.pages()` for every page (exact under chain growth, prefetching with `concurrency`). A failure of a call
 * only iterated is never reported as an unhandled rejection.
 * @example
 * const page = await client.getAddressTransactions(address, { limit: 10 });
 * for await (const tx of client.getAddressTransactions(address, {}, { concurrency: 4 })) console.log(tx.tx.tx_id);
 */
export class PagePromise<TItem, TBody extends PageBody<TItem> = PageBody<TItem>>
  extends ListPromise<TItem, TBody>
  implements AsyncIterable<TItem>
{
  /** Every page in order, each exact under chain growth; prefetches with `concurrency > 1`. */
  pages(): AsyncGenerator<Page<TItem, TBody>, void, undefined> {
    return iteratePages(this);
  }

  /** Every item of the list once, in order, up to `maxItems`. */
  [Symbol.asyncIterator](): AsyncGenerator<TItem, void, undefined> {
    return iterate(this);
  }
}
