import { markHandled, type WithResponse } from './api-promise.js';
import { BlockindexError } from './errors.js';
import {
  type Chunk,
  type Frame,
  firstChunk,
  type PageBody,
  type PageRequest,
} from './internal/exact-pager.js';
import { checkIterationOptions } from './internal/option-checks.js';
import { cursorPageAfter, type ListSource } from './internal/page-after.js';
import { frameOf, paramOf, type Resume } from './internal/page-params.js';
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
 * The page after `frame`, exact: one request where a cursor pins the rows, the list's own way (the exact pager)
 * where none does.
 */
function loadPageAfter<TItem, TBody extends PageBody<TItem>>(
  source: ListSource<TItem, TBody>,
  resume: Resume,
  signal: AbortSignal | undefined,
): Promise<Chunk<TItem, TBody> | null> {
  const after = resume.frame.mode === 'cursor' ? cursorPageAfter : source.after;
  if (after === undefined) {
    return Promise.reject(
      new BlockindexError('This list answered without a cursor: page it with iteratePages()'),
    );
  }
  return after(source, resume, signal);
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
  readonly #source: ListSource<TItem, TBody>;
  readonly #frame: Frame;
  /** Key of the row before `#frame.next`, which the next page must still show there. */
  readonly #lastKey: string | undefined;
  /** The list call's own signal, which also stops `getNextPage`. */
  readonly #signal: AbortSignal | undefined;

  /** @internal Pages come from list calls; there is no reason to build one. */
  constructor(source: ListSource<TItem, TBody>, chunk: Chunk<TItem, TBody>, signal?: AbortSignal) {
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

/** @internal What a list call was asked: where to fetch, where to start, how to iterate. */
export interface ListCall<TItem, TBody extends PageBody<TItem>> {
  source: ListSource<TItem, TBody>;
  start: ListStart;
  options: IterationOptions;
  /** Set when iteration started (it does not need the first page's own request). */
  iterated: boolean;
}

/**
 * What a list call returns: a real `Promise` of the first page (`instanceof Promise`, accepted by test runners'
 * `resolves`/`rejects`). The first page is requested one microtask after the call, unless iteration started in the
 * same turn (`iterate(list)`, or `for await` on a client's list call), which does not need it. Iterate every item
 * with `iterate()` and every page with `iteratePages()`.
 * @example
 * const page = await getAddressTransactions(core, address, { limit: 10 });
 */
export class ListPromise<TItem, TBody extends PageBody<TItem> = PageBody<TItem>> extends Promise<
  Page<TItem, TBody>
> {
  // `then`, `catch` and `finally` make plain promises: only the call itself iterates.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /** @internal */
  readonly call: ListCall<TItem, TBody>;
  readonly #settle: { resolve: (page: Page<TItem, TBody>) => void; reject: (reason: unknown) => void };
  #first: Promise<WithResponse<Page<TItem, TBody>>> | undefined;

  /** @internal Returned by list calls. */
  constructor(source: ListSource<TItem, TBody>, start: ListStart, options: IterationOptions = {}) {
    let settle:
      | { resolve: (page: Page<TItem, TBody>) => void; reject: (reason: unknown) => void }
      | undefined;
    super((resolve, reject) => {
      settle = { resolve, reject };
    });
    this.#settle = settle as NonNullable<typeof settle>;
    this.call = { source, start, options, iterated: false };
    // Iterating only must not report the first page's failure as unhandled.
    markHandled(this);
    // A real promise settles without being asked to; iteration started in the same turn skips the first page's
    // request it does not need.
    queueMicrotask(() => {
      if (!this.call.iterated) this.withResponse();
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

  /** One request, straight to a page (or to the page `pageParam` names): iteration's machinery is not needed. */
  async #loadFirst(): Promise<WithResponse<Page<TItem, TBody>>> {
    const { source, start, options } = this.call;
    const { signal, pageParam } = options;
    checkIterationOptions(options);
    if (pageParam !== undefined && pageParam !== null) {
      const chunk = await loadPageAfter(source, frameOf(pageParam, source.cursor), signal);
      // A param always names a position before its end, so a page is always loaded.
      if (chunk === null) throw new BlockindexError('The page param names no page');
      return { data: new Page(source, chunk, signal), response: chunk.response };
    }
    const first: PageRequest = { offset: start.offset ?? 0 };
    if (start.limit !== undefined) first.limit = start.limit;
    if (start.cursor !== undefined) first.cursor = start.cursor;
    const result = await source.fetch(first, signal);
    const chunk = firstChunk(source, first, result, Number.POSITIVE_INFINITY);
    return { data: new Page(source, chunk, signal), response: result.response };
  }
}
