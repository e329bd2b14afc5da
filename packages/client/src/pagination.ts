import { markHandled, type WithResponse } from './api-promise.js';
import { AbortError, BlockindexError } from './errors.js';
import {
  type Chunk,
  clampPageSize,
  type Frame,
  firstChunk,
  MAX_PAGE_SIZE,
  type PageBody,
  type PageRequest,
  type PageSource,
} from './internal/exact-pager.js';
import { checkIterationOptions } from './internal/option-checks.js';
import { keyOf } from './internal/page-frame.js';
import { frameOf, paramOf, type Resume } from './internal/page-params.js';
import { ReorgPager } from './internal/reorg-pager.js';
import { linkedController } from './internal/signals.js';
import type { IterationOptions } from './options.js';
import type { PageData, PageParam } from './page-param.js';

export type { PageBody };

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
  /** Key of the row before `#frame.next`, which the next page must still show there. */
  readonly #lastKey: string | undefined;
  /** The list call's own signal, which also stops `getNextPage`. */
  readonly #signal: AbortSignal | undefined;

  /** @internal Pages come from list calls; there is no reason to build one. */
  constructor(source: PageSource<TItem, TBody>, chunk: Chunk<TItem, TBody>, signal?: AbortSignal) {
    this.#source = source;
    this.#frame = chunk.frame;
    this.#lastKey = chunk.lastKey;
    this.#signal = signal;
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

  /**
   * What names the page after this one, as plain JSON: pass it as `pageParam` to the same list call (same
   * arguments) to get that page, exact even if blocks were mined in between. `null` when no page follows.
   */
  get nextPageParam(): PageParam | null {
    return this.hasNextPage() ? paramOf(this.#frame, this.#lastKey) : null;
  }

  /**
   * Fetches the page after this one, exact even if the chain grew or re-orged since this page was fetched; throws
   * `ListReorgedError` when a re-org orphaned the rows of this page (fetch the list again from its first page).
   */
  async getNextPage(options: { signal?: AbortSignal } = {}): Promise<Page<TItem, TBody>> {
    if (!this.hasNextPage()) throw new BlockindexError('There is no next page; check hasNextPage() first');
    const link = options.signal ? linkedController([this.#signal, options.signal]) : undefined;
    try {
      const chunk = await loadPageAfter(
        this.#source,
        { frame: this.#frame, lastKey: this.#lastKey },
        link ? link.controller.signal : this.#signal,
      );
      const frame = { ...this.#frame, end: this.#frame.next };
      return new Page(
        this.#source,
        chunk ?? { items: [], data: this.body, response: this.response, frame },
        this.#signal,
      );
    } finally {
      link?.dispose();
    }
  }

  /** The page as plain JSON (`JSON.stringify(page)` uses it): results, counts and `nextPageParam`. */
  toJSON(): PageData<TItem> {
    const { total, limit, offset } = this;
    return { results: this.results, total, limit, offset, nextPageParam: this.nextPageParam };
  }
}

/**
 * What a list call returns: a real `Promise` of the first page (`instanceof Promise`, accepted by test runners'
 * `resolves`/`rejects`), that you can also `for await` for every item or `.pages()` for every page. The first page
 * is requested one microtask after the call unless iteration started in the same turn (`for await` on the call),
 * which skips it; a failure of a promise only iterated is never reported as an unhandled rejection.
 * @example
 * const page = await client.getAddressTransactions(address, { limit: 10 });
 * for await (const tx of client.getAddressTransactions(address, {}, { concurrency: 4 })) console.log(tx.tx.tx_id);
 */
export class PagePromise<TItem, TBody extends PageBody<TItem> = PageBody<TItem>>
  extends Promise<Page<TItem, TBody>>
  implements AsyncIterable<TItem>
{
  // `then`, `catch` and `finally` make plain promises: only the call itself iterates.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  readonly #source: PageSource<TItem, TBody>;
  readonly #start: ListStart;
  readonly #options: IterationOptions;
  readonly #settle: { resolve: (page: Page<TItem, TBody>) => void; reject: (reason: unknown) => void };
  #first: Promise<WithResponse<Page<TItem, TBody>>> | undefined;
  #iterated = false;

  /** @internal Returned by list calls. */
  constructor(source: PageSource<TItem, TBody>, start: ListStart, options: IterationOptions = {}) {
    let settle:
      | { resolve: (page: Page<TItem, TBody>) => void; reject: (reason: unknown) => void }
      | undefined;
    super((resolve, reject) => {
      settle = { resolve, reject };
    });
    this.#settle = settle as NonNullable<typeof settle>;
    this.#source = source;
    this.#start = start;
    this.#options = options;
    // Iterating only (`for await` on the call) must not report the first page's failure as unhandled.
    markHandled(this);
    // A real promise settles without being asked to; iteration started in the same turn skips the first page's
    // request it does not need.
    queueMicrotask(() => {
      if (!this.#iterated) this.withResponse();
    });
  }

  /** The first page together with its raw `Response`. */
  withResponse(): Promise<WithResponse<Page<TItem, TBody>>> {
    if (this.#first === undefined) {
      this.#first = this.#loadFirst();
      this.#first.then(({ data }) => this.#settle.resolve(data), this.#settle.reject);
    }
    return this.#first;
  }

  // biome-ignore lint/suspicious/noThenProperty: a Promise subclass; awaiting it after iteration began fetches the first page.
  override then<R1 = Page<TItem, TBody>, R2 = never>(
    onfulfilled?: ((value: Page<TItem, TBody>) => R1 | PromiseLike<R1>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: same signature as Promise#then, so `catch((e: Error) => …)` compiles.
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    // Awaited after iteration started: the first page is fetched now.
    this.withResponse();
    return super.then(onfulfilled, onrejected);
  }

  /** Every page in order, each exact under chain growth; prefetches with `concurrency > 1`. */
  pages(): AsyncGenerator<Page<TItem, TBody>, void, undefined> {
    this.#iterated = true;
    return this.#pages();
  }

  async *#pages(): AsyncGenerator<Page<TItem, TBody>, void, undefined> {
    checkIterationOptions(this.#options);
    const { signal, maxItems, concurrency } = this.#options;
    if (maxItems !== undefined && maxItems <= 0) return;
    const resume = this.#resume();
    const frame = resume?.frame;
    // `limit: 0` asks the server for its default page, not pages of one item.
    const limit = this.#start.limit === 0 ? undefined : this.#start.limit;
    const pageSize = frame?.pageSize ?? clampPageSize(this.#options.pageSize ?? limit);
    const first: PageRequest = { limit: pageSize, offset: this.#start.offset ?? 0 };
    if (this.#start.cursor !== undefined) first.cursor = this.#start.cursor;
    const onReorg = this.#options.onReorg;
    const reorg = {
      onReorg: onReorg && ((orphaned: TItem[]) => onReorg({ orphaned })),
      verifyAtEnd: onReorg !== undefined,
    };
    const pager = new ReorgPager(
      this.#source,
      resume
        ? { pageSize, concurrency, maxItems, signal, frame: resume.frame, lastKey: resume.lastKey, ...reorg }
        : { pageSize, concurrency, maxItems, signal, first, ...reorg },
    );
    try {
      // Until the pager says the end: with `onReorg` it re-reads the head once after the last page.
      for (let index = 0; ; index++) {
        throwIfAborted(signal);
        const chunk = await pager.nextChunk();
        if (chunk === null) return;
        if (index === 0 || chunk.items.length > 0) yield new Page(this.#source, chunk, signal);
      }
    } finally {
      pager.close();
    }
  }

  /** Every item of the list once, in order, up to `maxItems`. */
  [Symbol.asyncIterator](): AsyncGenerator<TItem, void, undefined> {
    this.#iterated = true;
    return this.#items();
  }

  async *#items(): AsyncGenerator<TItem, void, undefined> {
    const limit = this.#options.maxItems ?? Number.POSITIVE_INFINITY;
    let count = 0;
    for await (const page of this.#pages()) {
      for (const item of page.results) {
        if (count >= limit) return;
        throwIfAborted(this.#options.signal);
        count += 1;
        yield item;
      }
    }
  }

  /** The frame `pageParam` names, checked; `undefined` when the list starts from its first page. */
  #resume(): Resume | undefined {
    const { pageParam: param, onReorg } = this.#options;
    if (onReorg !== undefined && typeof onReorg !== 'function') {
      throw new TypeError(`onReorg must be a function; got ${typeof onReorg}`);
    }
    return param === undefined || param === null ? undefined : frameOf(param, this.#source.cursor);
  }

  /** The page `pageParam` names: what follows the page it came from. */
  async #loadNamed(frame: Resume): Promise<WithResponse<Page<TItem, TBody>>> {
    const { signal } = this.#options;
    const chunk = await loadPageAfter(this.#source, frame, signal);
    // A param always names a position before its end, so the pager requests at least once and never says null.
    if (chunk === null) throw new BlockindexError('The page param names no page');
    return { data: new Page(this.#source, chunk, signal), response: chunk.response };
  }

  /** One request, straight to a page: the pager and its prefetch machinery are for iteration. */
  #loadFirst(): Promise<WithResponse<Page<TItem, TBody>>> {
    let frame: Resume | undefined;
    try {
      checkIterationOptions(this.#options);
      frame = this.#resume();
    } catch (error) {
      return Promise.reject(error);
    }
    if (frame) return this.#loadNamed(frame);
    const source = this.#source;
    const first: PageRequest = { offset: this.#start.offset ?? 0 };
    if (this.#start.limit !== undefined) first.limit = this.#start.limit;
    if (this.#start.cursor !== undefined) first.cursor = this.#start.cursor;
    return source.fetch(first, this.#options.signal).then((result) => ({
      data: new Page(
        source,
        firstChunk(source, first, result, Number.POSITIVE_INFINITY),
        this.#options.signal,
      ),
      response: result.response,
    }));
  }
}

/**
 * The page after `frame`: up to `frame.pageSize` items from its next position on, exact whatever the chain did
 * since (a re-org included, when the row before it is still there). Without a cursor the request asks for twice the
 * page (at most 50 rows) so that a list that grew since still fills the page in one request; only growth beyond
 * that slack makes the page shorter. `null` when the frame is already at its end.
 */
async function loadPageAfter<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  { frame, lastKey }: Resume,
  signal: AbortSignal | undefined,
): Promise<Chunk<TItem, TBody> | null> {
  const limit = frame.pageSize;
  const wide = frame.mode === 'offset' ? Math.min(MAX_PAGE_SIZE, limit * 2) : limit;
  const pager = new ReorgPager(source, {
    pageSize: wide,
    frame: { ...frame, pageSize: wide },
    lastKey,
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
    return {
      ...chunk,
      items: kept,
      frame: { ...chunk.frame, next: chunk.frame.next - extra, pageSize: limit },
      lastKey: last === undefined ? chunk.lastKey : keyOf(source, last),
    };
  } finally {
    pager.close();
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError('The iteration was aborted', { cause: signal.reason });
}
