import type { IterationOptions, ListOptions } from '../options.js';
import type { ListPromise, ListStart } from '../page.js';
import { type ListSpec, type PageBody, type PageSource, pageProblem } from './lists.js';
import { type Operation, request } from './request.js';

/** The class a list call returns: `ListPromise`, or the client's `PagePromise`, which adds `for await`. */
export type ListPromiseClass = new <TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  start: ListStart,
  options: IterationOptions,
) => ListPromise<TItem, TBody>;

/**
 * One of the three list calls, as `list` describes it. `pathParams` checks the arguments when the first request is
 * made, so a bad one rejects like every other error of the call and nothing is sent. Each request carries the
 * caller's query with the slice asked for in place of the caller's own `offset`, `limit` and `cursor`.
 */
export function listCall<TItem, TBody extends PageBody<TItem>>(
  Kind: ListPromiseClass,
  core: unknown,
  list: ListSpec,
  pathParams: () => Record<string, string>,
  query: ListStart,
  options: ListOptions,
): ListPromise<TItem, TBody> {
  const op: Operation = {
    id: list.operation,
    path: list.path,
    replacement: list.replacement,
    shape: (data: unknown) => pageProblem(data, list),
  };
  // The spec is the source's identity, key and strategy; the source adds how to fetch a slice.
  const source: PageSource<TItem, TBody> = {
    ...(list as unknown as Omit<PageSource<TItem, TBody>, 'fetch'>),
    fetch: (slice, signal) => {
      const { limit: _limit, offset: _offset, cursor: _cursor, ...rest } = query;
      const { limit, cursor } = slice;
      // Lists paged by a position cursor take no `offset`.
      const offset = list.position ? undefined : slice.offset;
      return request<TBody>(core, op, pathParams, { ...rest, offset, limit, cursor }, { ...options, signal });
    },
  };
  return new Kind<TItem, TBody>(source, query, options);
}
