// One awaited page, `getNextPage()` and page params: the same rule, one request at a time, from memory or from JSON.
import { ListReorgedError } from '@blockindex/client';
import type { Pos } from './kinds.js';
import type { ListSpec } from './lists.js';
import { checkParam, type PageParam } from './page-param.js';
import { type Get, readAfter } from './pager.js';

export interface Page {
  /** The rows after the row this page follows. */
  results: unknown[];
  total: number;
  /** Where the next page starts, as JSON; `null` on the last page. */
  nextPageParam: PageParam | null;
  hasNextPage(): boolean;
  getNextPage(): Promise<Page>;
}

/** The first page, or the page a param names: after its row, wherever growth moved it, else `ListReorgedError`. */
export async function getPage(
  get: Get,
  list: ListSpec,
  params: Record<string, string>,
  options: { pageSize?: number; pageParam?: PageParam } = {},
): Promise<Page> {
  const size = Math.min(Math.max(1, options.pageSize ?? 50), list.max);
  const from = options.pageParam && checkParam(options.pageParam);
  const state = from ? { ...from.state } : { total: 0 };
  const read = await readAfter(get, list, params, from?.mark, size, state);
  if (!read.ok)
    throw new ListReorgedError('a re-org orphaned the row this page follows: fetch the first page again');
  const last: Pos | undefined = read.pos.at(-1) ?? from?.mark;
  const nextPageParam = read.done || last === undefined ? null : { mark: last, state: { ...state } };
  return {
    results: read.rows,
    total: state.total,
    nextPageParam,
    hasNextPage: () => nextPageParam !== null,
    getNextPage: () => {
      if (nextPageParam === null) return Promise.reject(new RangeError('this is the last page'));
      return getPage(get, list, params, { pageSize: size, pageParam: nextPageParam });
    },
  };
}
