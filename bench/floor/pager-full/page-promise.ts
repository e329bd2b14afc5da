// What a list call returns: a real Promise of its first page (one request, no iteration machinery), also
// `for await`-able for every item and `.pages()` for every page, both through the pager.
import type { BodyOf, ItemOf, ListOp, PathOf, QueryOf, SpecOf } from './lists.js';
import { getPage, type NextPage, Page } from './page.js';
import type { PageParam } from './page-param.js';
import { type Call, type Chunk, checkAbort, type Get, iterate, pageSize } from './pager.js';

/** The iteration options of a list call. */
export interface ListCallOptions<TItem> {
  pageSize?: number | undefined;
  /** Stop after this many items; the page cut short has no next page. */
  maxItems?: number | undefined;
  concurrency?: number | undefined;
  /** Checked before every page and item, and passed to every request. */
  signal?: AbortSignal | undefined;
  pageParam?: PageParam | null | undefined;
  onReorg?: ((event: { orphaned: TItem[] }) => void) | undefined;
}

/** The first page, awaited; every item, iterated; every page, from `.pages()`. */
export class PagePromise<TItem, TBody> extends Promise<Page<TItem, TBody>> {
  // `then` makes plain promises, and the first page is only asked for once someone awaits it.
  static override readonly [Symbol.species]: PromiseConstructor = Promise;
  #start: (() => void) | undefined;
  readonly #chunks: () => AsyncGenerator<Chunk<TItem, TBody>>;
  readonly #next: NextPage<TItem, TBody>;
  readonly #options: ListCallOptions<TItem>;

  constructor(
    first: () => Promise<Page<TItem, TBody>>,
    chunks: () => AsyncGenerator<Chunk<TItem, TBody>>,
    next: NextPage<TItem, TBody>,
    options: ListCallOptions<TItem>,
  ) {
    let start: (() => void) | undefined;
    super((resolve, reject) => {
      start = () => void first().then(resolve, reject);
    });
    this.#start = start;
    this.#chunks = chunks;
    this.#next = next;
    this.#options = options;
  }

  // biome-ignore lint/suspicious/noThenProperty: a real Promise whose one request waits until someone awaits it.
  override then<A = Page<TItem, TBody>, B = never>(
    onFulfilled?: ((page: Page<TItem, TBody>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.#start?.();
    this.#start = undefined;
    return super.then(onFulfilled, onRejected);
  }

  /** Every page of the list, by the pager's rule; the items stop at `maxItems`. */
  async *pages(): AsyncGenerator<Page<TItem, TBody>> {
    const { maxItems, signal } = this.#options;
    let left = maxItems ?? Number.POSITIVE_INFINITY;
    if (left <= 0) return;
    for await (const { rows, body, response, next } of this.#chunks()) {
      checkAbort(signal);
      const results = rows.slice(0, left);
      left -= results.length;
      yield new Page(results, body, response, left > 0 ? next : null, this.#next);
      if (left <= 0) return;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<TItem> {
    for await (const page of this.pages()) {
      for (const item of page.results) {
        checkAbort(this.#options.signal);
        yield item;
      }
    }
  }
}

/** The caller's query values as query strings, leaving out the undefined ones. */
function strings(query: Record<string, unknown>): Record<string, string> {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries.map(([name, value]) => [name, String(value)]));
}

/**
 * A list call of operation `O`: `limit` is the page size (`0`: the server's default for the awaited page, 50 when
 * iterating), `cursor`/`offset` the caller's own start, the other query parameters go with every request.
 */
export function listCall<O extends ListOp>(
  get: Get,
  list: SpecOf<O>,
  path: PathOf<O>,
  query: QueryOf<O> = {},
  options: ListCallOptions<ItemOf<O>> = {},
): PagePromise<ItemOf<O>, BodyOf<O>> {
  const { maxItems, signal, pageParam, concurrency, onReorg } = options;
  if (maxItems !== undefined && !(Number.isInteger(maxItems) && maxItems >= 0)) {
    throw new RangeError(`maxItems must be a non-negative integer: ${maxItems}`);
  }
  const { limit, cursor, offset, ...extra } = query as Record<string, unknown>;
  const size = pageSize(options.pageSize ?? (limit as number | undefined), list.max);
  const call: Call = {
    path: list.path(path),
    extra: strings(extra),
    start: strings({ cursor, offset }),
    signal,
  };
  const next: NextPage<ItemOf<O>, BodyOf<O>> = (param, s) =>
    getPage(get, list, { ...call, signal: s }, param);
  const first = () =>
    getPage(get, list, { ...call, start: { ...call.start, limit: limit ? String(limit) : '' } }, pageParam);
  const report = onReorg as ((event: { orphaned: unknown[] }) => void) | undefined;
  const chunks = () => iterate(get, list, call, { size, concurrency, pageParam, onReorg: report });
  return new PagePromise(first, chunks, next, options);
}
