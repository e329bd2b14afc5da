import { AbortError, BlockindexError } from './errors.js';
import {
  type Chunk,
  clampPageSize,
  ExactPager,
  type Frame,
  firstChunk,
  type PageBody,
  type PageRequest,
  type PageSource,
} from './internal/exact-pager.js';
import type { WithResponse } from './internal/transport.js';

export type { PageBody };

/** How a list call is iterated with `for await`; all optional. */
export interface IterationOptions {
  /** Items per request while iterating, clamped to 1..50. Default: the query's `limit`, else 50. */
  pageSize?: number;
  /** Stop after this many items. */
  maxItems?: number;
  /**
   * Requests kept in flight once `total` is known (prefetch); items still come in order. Lists without a cursor
   * prefetch only while their `total` stays the same, and go one request at a time while it grows. Default 1.
   */
  concurrency?: number;
  /** Aborts the iteration and whatever request it has in flight. */
  signal?: AbortSignal;
}

/** Where a list call starts: the query's `offset` / `limit` / `cursor`. */
export interface ListStart {
  limit?: number | undefined;
  offset?: number | undefined;
  cursor?: string | undefined;
}

/**
 * One page of a list. `results` are the items of this page; while iterating a list that grows, they leave out
 * items already delivered earlier, so `results` may be shorter than `body.results`.
 */
export class Page<TItem, TBody extends PageBody<TItem> = PageBody<TItem>> {
  /** Items of this page. */
  readonly results: TItem[];
  /** The response body as the server sent it (cursor fields included where the operation has them). */
  readonly body: TBody;
  /** The raw `Response` (ETag, rate-limit counters, `Warning`, ...). */
  readonly response: Response;
  readonly #source: PageSource<TItem, TBody>;
  readonly #frame: Frame;

  /** @internal Pages come from list calls; there is no reason to build one. */
  constructor(source: PageSource<TItem, TBody>, chunk: Chunk<TItem, TBody>) {
    this.#source = source;
    this.#frame = chunk.frame;
    this.results = chunk.items;
    this.body = chunk.data;
    this.response = chunk.response;
  }

  /** Total number of items of the list, as reported with this page. */
  get total(): number {
    return this.body.total;
  }

  /** Page size the server applied. */
  get limit(): number {
    return this.body.limit;
  }

  /** Offset the server applied. */
  get offset(): number {
    return this.body.offset;
  }

  /** Whether items are left after this page; an empty page never has a next one. */
  hasNextPage(): boolean {
    return this.results.length > 0 && this.#frame.next < this.#frame.end;
  }

  /** Fetches the page after this one, exact even if the chain grew since this page was fetched. */
  async getNextPage(): Promise<Page<TItem, TBody>> {
    if (!this.hasNextPage()) throw new BlockindexError('There is no next page; check hasNextPage() first');
    const pager = new ExactPager(this.#source, { pageSize: this.#frame.pageSize, frame: this.#frame });
    try {
      const chunk = await pager.nextChunk();
      const frame = { ...this.#frame, end: this.#frame.next };
      return new Page(this.#source, chunk ?? { items: [], data: this.body, response: this.response, frame });
    } finally {
      pager.close();
    }
  }
}

/**
 * What a list call returns: `await` it for the first page, `for await` it for every item, or call `.pages()`
 * for every page. Nothing is requested until one of those starts.
 * @example
 * const page = await client.getAddressTransactions(address, { limit: 10 });
 * for await (const tx of client.getAddressTransactions(address, {}, { concurrency: 4 })) console.log(tx.tx.tx_id);
 */
export class PagePromise<TItem, TBody extends PageBody<TItem> = PageBody<TItem>>
  implements Promise<Page<TItem, TBody>>, AsyncIterable<TItem>
{
  readonly #source: PageSource<TItem, TBody>;
  readonly #start: ListStart;
  readonly #options: IterationOptions;
  #first: Promise<WithResponse<Page<TItem, TBody>>> | undefined;

  /** @internal Returned by list calls. */
  constructor(source: PageSource<TItem, TBody>, start: ListStart, options: IterationOptions = {}) {
    this.#source = source;
    this.#start = start;
    this.#options = options;
  }

  /** The first page together with its raw `Response`. */
  withResponse(): Promise<WithResponse<Page<TItem, TBody>>> {
    this.#first ??= this.#loadFirst();
    return this.#first;
  }

  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is awaitable by design.
  then<R1 = Page<TItem, TBody>, R2 = never>(
    onfulfilled?: ((value: Page<TItem, TBody>) => R1 | PromiseLike<R1>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: same signature as Promise#then, so `catch((e: Error) => …)` compiles.
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.withResponse().then(
      typeof onfulfilled === 'function'
        ? ({ data }) => onfulfilled(data)
        : ({ data }) => data as unknown as R1,
      onrejected,
    );
  }

  catch<R = never>(
    onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null,
  ): Promise<Page<TItem, TBody> | R> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<Page<TItem, TBody>> {
    return this.then().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'PagePromise';
  }

  /** Every page in order, each exact under chain growth; prefetches with `concurrency > 1`. */
  async *pages(): AsyncGenerator<Page<TItem, TBody>, void, undefined> {
    const { signal, maxItems, concurrency } = this.#options;
    if (maxItems !== undefined && maxItems <= 0) return;
    const pageSize = clampPageSize(this.#options.pageSize ?? this.#start.limit ?? undefined);
    const first: PageRequest = { limit: pageSize, offset: this.#start.offset ?? 0 };
    if (this.#start.cursor !== undefined) first.cursor = this.#start.cursor;
    const pager = new ExactPager(this.#source, { pageSize, concurrency, maxItems, signal, first });
    try {
      for (let index = 0; ; index++) {
        throwIfAborted(signal);
        const chunk = await pager.nextChunk();
        if (chunk === null) return;
        if (index === 0 || chunk.items.length > 0) yield new Page(this.#source, chunk);
        if (chunk.frame.next >= chunk.frame.end) return;
      }
    } finally {
      pager.close();
    }
  }

  /** Every item of the list once, in order, up to `maxItems`. */
  async *[Symbol.asyncIterator](): AsyncGenerator<TItem, void, undefined> {
    const limit = this.#options.maxItems ?? Number.POSITIVE_INFINITY;
    let count = 0;
    for await (const page of this.pages()) {
      for (const item of page.results) {
        if (count >= limit) return;
        throwIfAborted(this.#options.signal);
        count += 1;
        yield item;
      }
    }
  }

  /** One request, straight to a page: the pager and its prefetch machinery are for iteration. */
  #loadFirst(): Promise<WithResponse<Page<TItem, TBody>>> {
    const source = this.#source;
    const first: PageRequest = { offset: this.#start.offset ?? 0 };
    if (this.#start.limit !== undefined) first.limit = this.#start.limit;
    if (this.#start.cursor !== undefined) first.cursor = this.#start.cursor;
    return source.fetch(first, this.#options.signal).then((result) => ({
      data: new Page(source, firstChunk(source, first, result, Number.POSITIVE_INFINITY, new Set())),
      response: result.response,
    }));
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError('The iteration was aborted', { cause: signal.reason });
}
