import type { BlockindexCore, ListPromise, PageData } from '@blockindex/client';
import type { DataTag } from '@tanstack/query-core';
import type {
  BlockindexInfiniteQueryOptions,
  BlockindexQueryOptions,
  CreateQueryOptionsOptions,
  InfiniteListOptions,
  InfinitePages,
} from '../options-types.js';
import type { BaseQueryKey } from '../query-keys.js';
import { createQueryRetry } from '../retry.js';
import { baseKey, firstPage, infinite, listParts, single } from './build.js';
import { keyQuery } from './key-parts.js';

// How the per-operation builders are derived from one row each: the client's function, the part of the key that
// names the operation and its arguments, and whether it is a list (a page query and an infinite query).

// biome-ignore lint/suspicious/noExplicitAny: any client function; its own types are read back below.
type ClientFn = (core: BlockindexCore, ...args: any[]) => unknown;

/** A row: `key` checks the call's leading arguments and names them in the key, after `['blockindex', baseUrl]`. */
export interface QueryRow {
  call: ClientFn;
  // biome-ignore lint/suspicious/noExplicitAny: the key part takes the operation's own arguments.
  key: (core: BlockindexCore, ...args: any[]) => readonly unknown[];
  /** A list: its page query keys `'page', query` and it has an infinite query. */
  list?: true;
  /** Options of its own: `structuralSharing: false` where TanStack's sharing would change the data (the status map). */
  extra?: { structuralSharing: false };
}

type Args<R extends QueryRow> = R['key'] extends (core: BlockindexCore, ...args: infer A) => unknown
  ? A
  : never;
/** The query parameter of a list row, read from the client function's parameter after the leading arguments. */
type Query<R extends QueryRow> = NonNullable<
  Parameters<R['call']>[[unknown, ...Args<R>]['length'] & keyof Parameters<R['call']>]
>;
type Item<R extends QueryRow> = ReturnType<R['call']> extends ListPromise<infer I, infer _> ? I : never;

/** What the query options of a row cache: the answer, or a list's page as plain JSON. */
type DataOf<R extends QueryRow> = R['list'] extends true ? PageData<Item<R>> : Awaited<ReturnType<R['call']>>;
/** The key of a row's query options. */
type KeyOf<R extends QueryRow> = R['list'] extends true
  ? readonly [...BaseQueryKey, ...ReturnType<R['key']>, 'page', Partial<Query<R>>]
  : readonly [...BaseQueryKey, ...ReturnType<R['key']>];
/** The key of a list row's infinite query options. */
type InfiniteKeyOf<R extends QueryRow> = readonly [
  ...BaseQueryKey,
  ...ReturnType<R['key']>,
  'infinite',
  Partial<Query<R>>,
  InfiniteListOptions,
];
/** The arguments of a row's builders after the core (a list's with its query). */
type CallArgs<R extends QueryRow> = R['list'] extends true ? [...Args<R>, query?: Query<R>] : Args<R>;
type InfiniteArgs<R extends QueryRow> = [...Args<R>, query?: Query<R>, listOptions?: InfiniteListOptions];

// Conditional types that resolve to plain signatures, so an editor shows the parameters, not these aliases.
export type QueryKeyFn<R extends QueryRow> = R extends QueryRow
  ? (core: BlockindexCore, ...args: CallArgs<R>) => DataTag<KeyOf<R>, DataOf<R>>
  : never;
export type OptionsFn<R extends QueryRow> = R extends QueryRow
  ? (
      core: BlockindexCore,
      ...args: [...CallArgs<R>, settings?: CreateQueryOptionsOptions]
    ) => BlockindexQueryOptions<DataOf<R>, KeyOf<R>>
  : never;
export type InfiniteQueryKeyFn<R extends QueryRow> = R extends QueryRow
  ? (core: BlockindexCore, ...args: InfiniteArgs<R>) => DataTag<InfiniteKeyOf<R>, InfinitePages<Item<R>>>
  : never;
export type InfiniteOptionsFn<R extends QueryRow> = R extends QueryRow
  ? (
      core: BlockindexCore,
      ...args: [...InfiniteArgs<R>, settings?: CreateQueryOptionsOptions]
    ) => BlockindexInfiniteQueryOptions<Item<R>, InfiniteKeyOf<R>>
  : never;

type Call = (core: BlockindexCore, ...args: unknown[]) => Promise<unknown> & { toJSON?: never };
type ListCall = (core: BlockindexCore, ...args: unknown[]) => Promise<{ toJSON(): PageData<unknown> }>;

/** `getXQueryKey` of a row of one resource (each takes one argument). */
export function queryKeyOf<R extends QueryRow & { key: (core: never, arg: never) => unknown }>(
  row: R,
): QueryKeyFn<R> {
  return ((core: BlockindexCore, arg: unknown) => [...baseKey(core), ...row.key(core, arg)]) as never;
}

/** `getXOptions` of a row of one resource: one call of the client (its retries off: the query layer retries). */
export function optionsOf<R extends QueryRow & { key: (core: never, arg: never) => unknown }>(
  row: R,
): OptionsFn<R> {
  return ((core: BlockindexCore, arg: unknown, settings?: CreateQueryOptionsOptions) =>
    single(
      [...baseKey(core), ...row.key(core, arg)],
      createQueryRetry(settings?.retry),
      // The query layer is the retry layer: the client tries each call once.
      ({ signal }) => (row.call as Call)(core, arg, { retry: false, signal }),
      row.extra,
    )) as never;
}

/** `getXQueryKey` of a list row: `..., 'page', query`. */
export function pageQueryKeyOf<R extends QueryRow & { list: true }>(row: R): QueryKeyFn<R> {
  const n = row.key.length - 1;
  return ((core: BlockindexCore, ...a: unknown[]) => [
    ...baseKey(core),
    ...row.key(core, ...a.slice(0, n)),
    'page',
    keyQuery(a[n] as object | undefined),
  ]) as never;
}

/** `getXOptions` of a list row: one page, cached as plain JSON. */
export function pageOptionsOf<R extends QueryRow & { list: true }>(row: R): OptionsFn<R> {
  const n = row.key.length - 1;
  const keyFn = pageQueryKeyOf(row) as (core: BlockindexCore, ...a: unknown[]) => readonly unknown[];
  return ((core: BlockindexCore, ...a: unknown[]) => {
    const queryKey = keyFn(core, ...a);
    const settings = a[n + 1] as CreateQueryOptionsOptions | undefined;
    return single(queryKey, createQueryRetry(settings?.retry), async ({ signal }) =>
      (
        await (row.call as ListCall)(core, ...a.slice(0, n), queryKey.at(-1), { retry: false, signal })
      ).toJSON(),
    );
  }) as never;
}

/** `getXInfiniteQueryKey` of a list row. */
export function infiniteQueryKeyOf<R extends QueryRow & { list: true }>(row: R): InfiniteQueryKeyFn<R> {
  const n = row.key.length - 1;
  return ((core: BlockindexCore, ...a: unknown[]) => {
    const { q, size } = listParts(a[n] as object | undefined, a[n + 1] as InfiniteListOptions | undefined);
    return [...baseKey(core), ...row.key(core, ...a.slice(0, n)), 'infinite', q, size];
  }) as never;
}

/** `getXInfiniteOptions` of a list row: exact pages while blocks are mined and across re-orgs. */
export function infiniteOptionsOf<R extends QueryRow & { list: true }>(row: R): InfiniteOptionsFn<R> {
  const n = row.key.length - 1;
  const keyFn = infiniteQueryKeyOf(row) as (core: BlockindexCore, ...a: unknown[]) => readonly unknown[];
  return ((core: BlockindexCore, ...a: unknown[]) => {
    const queryKey = keyFn(core, ...a);
    const [q, size] = queryKey.slice(-2) as [object, InfiniteListOptions];
    const settings = a[n + 2] as CreateQueryOptionsOptions | undefined;
    const args = a.slice(0, n);
    return infinite(queryKey, createQueryRetry(settings?.retry), async (pageParam, signal) =>
      (
        await (row.call as ListCall)(core, ...args, firstPage(q, size), { retry: false, signal, pageParam })
      ).toJSON(),
    );
  }) as never;
}
