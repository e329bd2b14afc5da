import type { operations } from '@blockindex/spec/types';
import { ApiPromise } from './api-promise.js';
import { type BlockindexCore, request } from './core.js';
import { type ListSpec, listSpec, type Paging } from './internal/lists.js';
import { checkOptions, listKeys, REQUEST_KEYS } from './internal/option-checks.js';
import type { PageBody, PageSource } from './internal/strategies.js';
import type { IterationOptions, ListOptions, RequestOptions } from './options.js';
import { ListPromise, type ListStart } from './page.js';

type Op = keyof operations;
/** The 200 body of an operation, as the spec types it. */
type Ok<O extends Op> = operations[O]['responses'][200]['content']['application/json'];
type Query<O extends Op> = NonNullable<operations[O]['parameters']['query']>;

/** The call's arguments before its query and options: their names and types are those of the row's `params`. */
type Args<R extends Row> = Parameters<R['params']>;

/** What every row of the operation table says: the request path's operation (id, path, replacement) and arguments. */
interface Row {
  id: Op;
  path: string;
  /** What the API says to call instead, when it deprecates the operation (`@blockindex/spec/constants`). */
  replacement?: string;
  /** Takes the call's leading arguments and returns the path parameters, checked (`checkId`, `checkHex`). */
  params: (...args: never[]) => Record<string, unknown>;
}

/** A row answering one resource. */
export interface GetRow extends Row {
  /** Sent to the core's `ordinalsBaseUrl` rather than its `baseUrl`. */
  ordinals?: boolean;
}

/** A row of a list: `list` is how the pager pages it (strategy, identity, key, largest page). */
export interface ListRow extends Row {
  list: Paging;
  /** The query parameters the call takes, space-separated, checked by name so that a typo (`limt`) is an error. */
  query: string;
}

/**
 * The standalone function of a {@link GetRow}. Written as a conditional type so that it resolves to a plain signature:
 * an editor's hover and the published declarations show the parameters and the result, not this alias and the row.
 */
export type GetFn<R extends GetRow> = R extends GetRow
  ? (core: BlockindexCore, ...args: [...Args<R>, options?: RequestOptions]) => ApiPromise<Ok<R['id']>>
  : never;

/** The standalone function of a {@link ListRow}: a `ListPromise` of the spec's page and item types. */
export type ListFn<R extends ListRow> = R extends ListRow
  ? (
      core: BlockindexCore,
      ...args: [...Args<R>, query?: Query<R['id']>, options?: ListOptions]
    ) => Ok<R['id']> extends infer B
      ? B extends PageBody<infer I>
        ? // The body as the spec types it: the position-cursor lists (v3) have no `offset` (their pages say 0).
          ListPromise<I, B>
        : never
      : never
  : never;

/**
 * Turns a {@link GetRow} of one argument (each single resource has one) into its standalone function. The argument
 * and the options are checked when the request is made, so a bad one rejects like every other error of the call and
 * nothing is sent.
 */
export function defineGet<R extends GetRow & { params: (arg: never) => unknown }>(row: R): GetFn<R> {
  // The row is the request path's operation (id, path, ordinals, replacement).
  return ((core: unknown, arg: never, options?: RequestOptions) =>
    new ApiPromise(
      request(
        core,
        row,
        () => {
          checkOptions(options, REQUEST_KEYS);
          return row.params(arg);
        },
        undefined,
        options,
      ),
    )) as never;
}

/**
 * Turns a {@link ListRow} into its standalone function: a `ListPromise` of the first page, which the pager iterates.
 * Checked as {@link defineGet} checks. `Kind`: the class the calls return (a client's methods return its `PagePromise`).
 */
export function defineList<R extends ListRow>(row: R, Kind: ListPromiseClass = ListPromise): ListFn<R> {
  const list = listSpec(row);
  return ((core: unknown, ...a: never[]) => {
    const [query, options]: [Record<string, never>?, ListOptions?] = a.slice(row.params.length) as never;
    const pathParams = () => {
      // Checked as given: no query (`undefined`) passes at once; `null` is refused.
      checkOptions(query, row.query, 'query', 'parameter');
      checkOptions(options, listKeys());
      return row.params(...a);
    };
    // The pager reads the query and options before the checks run: given none or `null` it reads none.
    return listCall(Kind, core, list, pathParams as never, Object(query), options || {});
  }) as never;
}

/** The class a list call returns: `ListPromise`, or the client's `PagePromise`, which adds `for await`. */
export type ListPromiseClass = new <TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  start: ListStart,
  options: IterationOptions,
) => ListPromise<TItem, TBody>;

/**
 * A list call, as its row describes it. `pathParams` checks the arguments when the first request is
 * made, so a bad one rejects like every other error of the call and nothing is sent. Each request carries the
 * caller's query with the slice asked for in place of the caller's own `offset`, `limit` and `cursor`; the list spec
 * is the request path's operation (it checks each page and writes the query).
 */
export function listCall<TItem, TBody extends PageBody<TItem>>(
  Kind: ListPromiseClass,
  core: unknown,
  list: ListSpec,
  pathParams: () => Record<string, string>,
  query: ListStart,
  options: ListOptions,
): ListPromise<TItem, TBody> {
  // The spec is the source's identity, key and strategy; the source adds how to fetch a slice.
  const source: PageSource<TItem, TBody> = {
    ...(list as unknown as Omit<PageSource<TItem, TBody>, 'fetch'>),
    fetch: (slice, signal) => {
      const { limit: _limit, offset: _offset, cursor: _cursor, ...rest } = query;
      const { limit, cursor } = slice;
      // Lists paged by a position cursor take no `offset`.
      const offset = list.strategy.position ? undefined : slice.offset;
      return request(core, list, pathParams, { ...rest, offset, limit, cursor }, { ...options, signal });
    },
  };
  return new Kind<TItem, TBody>(source, query, options);
}
