import { markHandled, type WithResponse } from './api-promise.js';
import { BlockindexError } from './errors.js';
import { checkParam } from './internal/lists.js';
import { firstPage, pageAfter } from './internal/page-after.js';
import type { Chunk } from './internal/pager.js';
import type { PageBody, PageSource } from './internal/strategies.js';
import type { IterationOptions } from './options.js';
import type { ListStart, PageData } from './page-param.js';
import { linkedController } from './retry.js';

export type { ListStart, PageBody };

/** One page of a list; while iterating a list that grows, `results` leave out items delivered earlier. */
export interface Page<TItem, TBody extends PageBody<TItem> = PageBody<TItem>>
  extends Readonly<PageData<TItem>> {
  /** The response body as the server sent it (cursor fields included where the operation has them). */
  readonly body: TBody;
  /** The raw `Response` (ETag, rate-limit counters, `Warning`, ...). */
  readonly response: Response;
  /** Whether items are left after this page; an empty page never has a next one. */
  hasNextPage(): boolean;
  /** The page after this one, exact if the chain grew or re-orged since; `ListReorgedError` if a re-org took it. */
  getNextPage(options?: { signal?: AbortSignal | undefined }): Promise<Page<TItem, TBody>>;
  /** The page as plain JSON (`JSON.stringify(page)` uses it). */
  toJSON(): PageData<TItem>;
}

/** @internal A page of `source` holding `chunk`; `signal` (the list call's) also stops `getNextPage`. */
export function pageOf<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  chunk: Chunk<TItem, TBody>,
  signal?: AbortSignal,
): Page<TItem, TBody> {
  const { items: results, data: body, response, next } = chunk;
  // Lists paged by a position cursor have no offset.
  const { total, limit, offset = 0 } = body;
  const open = results.length > 0 ? next : null;
  const json = () => ({ results, total, limit, offset, nextPageParam: open && { ...open } });
  return {
    ...json(),
    body,
    response,
    hasNextPage: () => open !== null,
    async getNextPage(options = {}) {
      if (open === null) throw new BlockindexError('There is no next page; check hasNextPage() first');
      const link = linkedController([signal, options.signal]);
      const after = await pageAfter(source, open, link.controller.signal).finally(link.dispose);
      return pageOf(source, after ?? { ...chunk, items: [] }, signal);
    },
    toJSON: json,
  };
}

/**
 * What a list call returns: a real `Promise` of the first page, requested one microtask after the call unless
 * iteration (`iterate()`, `iteratePages()`) started in the same turn. A call only iterated never rejects unhandled.
 * @example
 * const page = await getAddressTransactions(core, address, { limit: 10 });
 */
export class ListPromise<TItem, TBody extends PageBody<TItem> = PageBody<TItem>> extends Promise<
  Page<TItem, TBody>
> {
  // `then`, `catch` and `finally` make plain promises: only the call itself iterates. A value, not a getter: each
  // `then` reads it.
  static override readonly [Symbol.species] = Promise;

  /** @internal What the call was asked; `load` requests the first page (only `then` does once `iterated`). */
  readonly call;
  // Compared by name, not by shape: checking a Promise subclass by shape costs callers' type-checks. Emits nothing.
  declare private readonly nominal: never;

  /** @internal Returned by list calls. */
  constructor(source: PageSource<TItem, TBody>, start: ListStart, options: IterationOptions = {}) {
    let load = () => {};
    // One request, straight to the first page (or the one `pageParam` names): no iteration machinery. The call's
    // options are checked by its rules as that request is made.
    const first = new Promise<void>((resolve) => (load = resolve)).then(async () => {
      const { signal, pageParam } = options;
      const request = { offset: start.offset ?? 0, limit: start.limit, cursor: start.cursor };
      const chunk =
        pageParam == null
          ? firstPage(source, request, await source.fetch(request, signal))
          : await pageAfter(source, checkParam(pageParam, source), signal);
      // Only a param made by hand can sit at its own end.
      if (chunk === null) throw new BlockindexError('The page param names no page');
      return pageOf(source, chunk, signal);
    });
    super((resolve) => resolve(first));
    // Fields, not a method closure over the first page's promise: held that way, every first page outlived the young
    // generation (seen with --trace-gc) and was copied by each of its collections, the largest CPU cost of a page call.
    this.call = { source, start, options, iterated: false, load };
    markHandled(this);
    queueMicrotask(() => this.call.iterated || load());
  }

  /** The first page together with its raw `Response`. */
  withResponse(): Promise<WithResponse<Page<TItem, TBody>>> {
    return this.then((data) => ({ data, response: data.response }));
  }

  // biome-ignore lint/suspicious/noThenProperty: a Promise subclass; awaiting it after iteration began fetches the first page.
  override then<R1 = Page<TItem, TBody>, R2 = never>(
    onfulfilled?: ((value: Page<TItem, TBody>) => R1 | PromiseLike<R1>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: same signature as Promise#then, so `catch((e: Error) => …)` compiles.
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    this.call.load();
    return super.then(onfulfilled, onrejected);
  }
}
