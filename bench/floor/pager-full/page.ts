// One page, `getNextPage()` and page params: the same rule, one request at a time, from memory or from JSON.
import { ListReorgedError } from '@blockindex/client';
import type { KindState, Pos } from './kinds.js';
import type { ListSpec } from './lists.js';
import { checkParam, type PageParam, paramAfter, stateOf } from './page-param.js';
import { type Answer, type Call, type Get, pageSize, readAfter } from './pager.js';

/** Fetches the page a param names (`getNextPage()` and iteration's pages share it). */
export type NextPage<TItem, TBody> = (param: PageParam, signal?: AbortSignal) => Promise<Page<TItem, TBody>>;

/** A page of a list: its rows (after the row it follows), the answer it came from, and the way to the next. */
export class Page<TItem, TBody> {
  readonly total: number;
  readonly limit: number;
  /** The answer's `offset`; `null` on position-cursor lists, which have none. */
  readonly offset: number | null;

  constructor(
    /** The rows after the row this page follows (so maybe fewer than `body.results`). */
    readonly results: TItem[],
    /** The raw body of the answer. */
    readonly body: TBody,
    readonly response: Response,
    /** Where the next page starts, as JSON; `null` on the last page. */
    readonly nextPageParam: PageParam | null,
    readonly fetchNext: NextPage<TItem, TBody>,
  ) {
    const { total, limit, offset } = body as { total: number; limit: number; offset?: number };
    this.total = total;
    this.limit = limit;
    this.offset = offset ?? null;
  }

  hasNextPage(): boolean {
    return this.nextPageParam !== null;
  }

  /** The page after this one, following its last row wherever a re-org moved it in its block. */
  getNextPage(options: { signal?: AbortSignal | undefined } = {}): Promise<Page<TItem, TBody>> {
    if (this.nextPageParam === null) return Promise.reject(new RangeError('this is the last page'));
    return this.fetchNext(this.nextPageParam, options.signal);
  }

  toJSON() {
    const { results, total, limit, offset, nextPageParam } = this;
    return { results, total, limit, offset, nextPageParam };
  }
}

/**
 * The page after the row `last`, found from the head when a re-org moved it: read the list down in the largest pages
 * until the row is met in its block. The list ending first means the row is gone: ListReorgedError.
 */
async function findMoved(get: Get, list: ListSpec, call: Call, last: Pos, size: number, state: KindState) {
  const head: KindState = { total: 0 };
  let at: Pos | undefined;
  for (;;) {
    const read = await readAfter(get, list, { ...call, start: {} }, at, list.max, head);
    if (!read.ok) throw new ListReorgedError('the list changed while the page looked for the row it follows');
    const i = read.pos.findIndex((p) => p.key === last.key);
    if (i < 0 && read.done) {
      throw new ListReorgedError('a re-org orphaned the row this page follows: fetch the first page again');
    }
    if (i >= 0) Object.assign(state, head);
    const found = read.pos[i];
    if (found === undefined) at = read.pos.at(-1) ?? at;
    // The row ends this answer: its page is the next answer.
    else if (i === read.pos.length - 1 && !read.done) return readAfter(get, list, call, found, size, state);
    else {
      const end = i + 1 + size;
      const done = read.done && end >= read.pos.length;
      return { ...read, rows: read.rows.slice(i + 1, end), pos: read.pos.slice(i + 1, end), done };
    }
  }
}

/** The first page (as the caller's query asks), or the page a param names (from the row it follows). */
export async function getPage<TItem, TBody>(
  get: Get,
  list: ListSpec<TItem, TBody>,
  call: Call,
  param?: PageParam | null,
): Promise<Page<TItem, TBody>> {
  const from = param ? checkParam(param, list.max) : undefined;
  const size = pageSize(from?.limit, list.max);
  const state = from ? stateOf(from) : { total: 0 };
  // The awaited first page positions its last row only: it walks no rows.
  let read: Answer = await readAfter(get, list, call, from?.last, size, state, true);
  if (!read.ok && from) read = await findMoved(get, list, call, from.last, size, state);
  if (!read.ok) throw new ListReorgedError('the list changed under its first page');
  const last = read.pos.at(-1);
  // The next pages are as long as this one asked (the caller's `limit`, else the server's default).
  const limit = pageSize(from?.limit ?? read.body.limit, list.max);
  const next = !read.done && last !== undefined ? paramAfter(last, limit, state) : null;
  const fetchNext: NextPage<TItem, TBody> = (p, signal) => getPage(get, list, { ...call, signal }, p);
  return new Page(read.rows as TItem[], read.body as TBody, read.response, next, fetchNext);
}
