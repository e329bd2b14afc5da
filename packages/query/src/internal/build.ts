import type { BlockindexCore, PageData } from '@blockindex/client';
import type { DataTag, QueryKey } from '@tanstack/query-core';
import type {
  BlockindexInfiniteQueryOptions,
  BlockindexQueryOptions,
  InfiniteListOptions,
} from '../options-types.js';
import { type BaseQueryKey, QUERY_KEY_ROOT } from '../query-keys.js';
import type { QueryRetry } from '../retry.js';
import { keyQuery, requirePageSize } from './key-parts.js';

/** The key prefix of a core or client, `['blockindex', baseUrl]`; a `TypeError` for anything else. */
export function baseKey(target: BlockindexCore): BaseQueryKey {
  if (typeof target?.baseUrl !== 'string') {
    throw new TypeError(
      'expected a core from createCore() or a client from createClient() of @blockindex/client',
    );
  }
  return [QUERY_KEY_ROOT, target.baseUrl];
}

export function single<TData, TKey extends QueryKey>(
  queryKey: TKey,
  retry: QueryRetry,
  queryFn: (context: { signal: AbortSignal }) => Promise<TData>,
  extra?: { structuralSharing: false },
): BlockindexQueryOptions<TData, TKey> {
  return { queryKey: queryKey as DataTag<TKey, TData>, queryFn, ...retry, ...extra };
}

export function infinite<TItem, TKey extends QueryKey>(
  queryKey: TKey,
  retry: QueryRetry,
  fetchPage: (pageParam: PageData<TItem>['nextPageParam'], signal: AbortSignal) => Promise<PageData<TItem>>,
): BlockindexInfiniteQueryOptions<TItem, TKey> {
  return {
    queryKey: queryKey as BlockindexInfiniteQueryOptions<TItem, TKey>['queryKey'],
    queryFn: async ({ pageParam, signal, client }) => {
      try {
        return await fetchPage(pageParam, signal);
      } catch (error) {
        // A re-org orphaned the row this page follows, so the pages no longer line up: fetch the list again from its
        // first page, as many pages as this fetch wanted. TanStack cancels a fetch quietly only when the query holds
        // data, and then hands this fetch's callers the new one: a first fetch of several pages (`pages: 3`, a
        // prefetch) is given empty data first, so it recovers too instead of ending in `error`.
        if (pageParam !== null && client && isReorged(error)) {
          if (client.getQueryData(queryKey) === undefined) {
            client.setQueryData(queryKey, { pages: [], pageParams: [] } as never, { updatedAt: 0 });
          }
          void client.refetchQueries({ queryKey, exact: true }, { cancelRefetch: true });
        }
        throw error;
      }
    },
    initialPageParam: null,
    getNextPageParam: (lastPage) => lastPage.nextPageParam,
    ...retry,
  };
}

/** `ListReorgedError`, told by its name: an app may hold two copies of the client, so no `instanceof`. */
function isReorged(error: unknown): boolean {
  return error instanceof Error && error.name === 'ListReorgedError';
}

export function listParts<Q extends object>(
  query: Q | undefined,
  options: InfiniteListOptions | undefined,
): { q: Partial<Q>; size: InfiniteListOptions } {
  const pageSize = requirePageSize(options?.pageSize);
  return { q: keyQuery(query), size: pageSize === undefined ? {} : { pageSize } };
}

/** The first page's query: `pageSize` is its `limit`; later pages take theirs from the page param. */
export function firstPage<Q extends { limit?: number }>(
  query: Partial<Q>,
  size: InfiniteListOptions,
): Partial<Q> {
  return size.pageSize === undefined ? query : { ...query, limit: size.pageSize };
}
