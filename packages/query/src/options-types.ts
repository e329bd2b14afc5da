import type { PageData, PageParam, RetryOptions } from '@blockindex/client';
import type { DataTag, InfiniteData, QueryClient, QueryKey } from '@tanstack/query-core';

/** Options of {@link createQueryOptions}. */
export interface CreateQueryOptionsOptions {
  /**
   * The query layer's retries (the client's own are switched off for its calls, so they never multiply).
   * Default: 2 retries of connection errors, 408, 429 and 5xx; `false`: none.
   */
  retry?: RetryOptions | false;
}

/**
 * What a factory returns: spread it into `useQuery`, `useSuspenseQuery`, `fetchQuery`, `prefetchQuery`,
 * `ensureQueryData` (any TanStack adapter). The key is tagged, so `getQueryData(options.queryKey)` is typed.
 */
export interface BlockindexQueryOptions<TData, TKey extends QueryKey = QueryKey> {
  /** Hierarchical key: `['blockindex', baseUrl, ...]` (see `QueryKeys`). */
  queryKey: DataTag<TKey, TData>;
  /** Calls the client once, passing TanStack's `signal`; resolves to plain JSON. */
  queryFn: (context: { signal: AbortSignal }) => Promise<TData>;
  /** The only retry layer (see {@link CreateQueryOptionsOptions.retry}). */
  retry: false | ((failureCount: number, error: Error) => boolean);
  /** Backoff, or the server's `Retry-After` (on a 429, a 503, any retryable status). */
  retryDelay: (failureCount: number, error: Error) => number;
  /** `false` where TanStack's structural sharing would change the data (the contract status map). */
  structuralSharing?: false;
}

/** The data of an infinite list in the cache: pages of plain JSON and the params that fetched them. */
export type InfinitePages<TItem> = InfiniteData<PageData<TItem>, PageParam | null>;

/**
 * What an infinite factory returns, for `useInfiniteQuery`, `useSuspenseInfiniteQuery`, `fetchInfiniteQuery`,
 * `prefetchInfiniteQuery`. The first page param is `null`; each next one is the previous page's `nextPageParam`.
 */
export interface BlockindexInfiniteQueryOptions<TItem, TKey extends QueryKey = QueryKey> {
  /** Hierarchical key ending in `'infinite'` and the list's query and page size. */
  queryKey: DataTag<TKey, InfinitePages<TItem>>;
  /**
   * Fetches exactly the page `pageParam` names (`null`: the first), passing TanStack's `signal`. When a re-org
   * orphaned the rows a next page follows, it has TanStack's `client` refetch the list from its first page.
   */
  queryFn: (context: {
    signal: AbortSignal;
    pageParam: PageParam | null;
    client?: Pick<QueryClient, 'refetchQueries' | 'getQueryData' | 'setQueryData'>;
  }) => Promise<PageData<TItem>>;
  /** `null`: start at the list's first page. */
  initialPageParam: PageParam | null;
  /** The last page's `nextPageParam`; `null` ends the list (`hasNextPage` false). */
  getNextPageParam: (lastPage: PageData<TItem>) => PageParam | null;
  /** The only retry layer (see {@link CreateQueryOptionsOptions.retry}). */
  retry: false | ((failureCount: number, error: Error) => boolean);
  /** Backoff, or the server's `Retry-After` (on a 429, a 503, any retryable status). */
  retryDelay: (failureCount: number, error: Error) => number;
}

/** Options of the infinite factories. */
export interface InfiniteListOptions {
  /** Rows per page (the client caps it at the API's maximum, 50). Default: the query's `limit`, else the API's default. */
  pageSize?: number;
}
