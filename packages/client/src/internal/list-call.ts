import { DEPRECATIONS } from '../deprecations.js';
import type { IterationOptions, ListOptions, RequestOptions } from '../options.js';
import type { ListPromise, ListStart } from '../page.js';
import { type AnyGet, deferred } from './call.js';
import type { PageBody } from './exact-pager.js';
import type { ListSpec } from './lists.js';
import type { ListSource, PageAfter } from './page-after.js';
import { send } from './transport.js';

/** The class a list call returns: `ListPromise`, or the client's `PagePromise`, which adds `for await`. */
export type ListPromiseClass = new <TItem, TBody extends PageBody<TItem>>(
  source: ListSource<TItem, TBody>,
  start: ListStart,
  options: IterationOptions,
) => ListPromise<TItem, TBody>;

/**
 * One of the three list calls, as `list` describes it. `pathParams` checks the arguments when the first request is
 * made, so a bad one rejects like every other error of the call and nothing is sent; `after` pages a list without a
 * cursor exactly (only the lists that need it import the exact pager).
 */
export function listCall<TItem, TBody extends PageBody<TItem>>(
  Kind: ListPromiseClass,
  core: unknown,
  operation: string,
  list: ListSpec,
  pathParams: () => Record<string, string>,
  query: { limit?: number; offset?: number; cursor?: string },
  options: ListOptions,
  after?: PageAfter,
): ListPromise<TItem, TBody> {
  const { pageSize, maxItems, concurrency, signal, pageParam, onReorg, ...requestOptions } = options;
  const replacement = DEPRECATIONS[operation as keyof typeof DEPRECATIONS];
  const description = { operation, method: 'GET', path: list.path, replacement, shape: list.shape };
  const source: ListSource<TItem, TBody> = {
    identity: list.identity as (item: TItem) => unknown,
    key: list.key as (item: TItem) => string,
    cursor: list.cursor,
    after,
    fetch: (request, pagerSignal) =>
      deferred(core, (state) => {
        const params = { path: pathParams(), query: list.query(query, request) };
        const perRequest: RequestOptions = pagerSignal
          ? { ...requestOptions, signal: pagerSignal }
          : requestOptions;
        const get = (init: object) => (state.api.GET as AnyGet<TBody>)(list.path, { params, ...init });
        return send(state.config, get, perRequest, description);
      }),
  };
  const iteration: IterationOptions = {};
  if (pageSize !== undefined) iteration.pageSize = pageSize;
  if (maxItems !== undefined) iteration.maxItems = maxItems;
  if (concurrency !== undefined) iteration.concurrency = concurrency;
  if (signal !== undefined) iteration.signal = signal;
  if (pageParam !== undefined) iteration.pageParam = pageParam;
  if (onReorg !== undefined) iteration.onReorg = onReorg;
  return new Kind<TItem, TBody>(
    source,
    { limit: query.limit, offset: query.offset, cursor: query.cursor },
    iteration,
  );
}
