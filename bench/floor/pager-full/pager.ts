// The one rule, from scratch: every request overlaps the row delivered last, a row is accepted only right after that
// row's key, and any disagreement re-reads from the head and joins the earlier read where it meets one of its rows.
import { AbortError, ListInconsistentError, ListOutpacedError, ListReorgedError } from '@blockindex/client';
import { checkBody } from './checks.js';
import { type Body, cursorKind, type KindState, type Pos, type Read } from './kinds.js';
import type { ListSpec } from './lists.js';
import { checkParam, type PageParam, paramAfter, stateOf } from './page-param.js';
import { prefetching } from './prefetch.js';

/** One GET of a list page, with the caller's signal; a failed one throws an error with the HTTP `status`. */
export type Get = (
  path: string,
  query: Record<string, string>,
  signal: AbortSignal | undefined,
) => Promise<{ data: unknown; response: Response }>;

/** One list call: its path, the caller's query, the caller's own start and signal. */
export interface Call {
  path: string;
  /** The caller's other query parameters (`exclude_function_args`, `unanchored`, ...), sent with every request. */
  extra: Record<string, string>;
  /** The caller's own `cursor`/`offset` (and the awaited page's `limit`), sent instead of the head's; '' drops one. */
  start: Record<string, string>;
  signal?: AbortSignal | undefined;
}

/** The README's limits. */
const REMEMBERED = 1000;
const REREADS = 16;
const REREADS_IN_A_ROW = 8;
const MISSES = 5;

export interface IterateOptions {
  /** Rows per request, already resolved from `pageSize`, the query's `limit` or the param's. */
  size: number;
  /** Requests in flight on offset lists (prefetch). */
  concurrency?: number | undefined;
  pageParam?: PageParam | null | undefined;
  onReorg?: ((event: { orphaned: unknown[] }) => void) | undefined;
}

/** Rows a request asks for: `pageSize`, else the query's `limit` (0: the default, 50), at most the list's. */
export function pageSize(size: number | undefined, max: number): number {
  if (size !== undefined && !(Number.isInteger(size) && size >= 0)) {
    throw new RangeError(`pageSize must be a non-negative integer: ${size}`);
  }
  return Math.min(size || 50, max);
}

/** An aborted signal stops the call before its next page or item. */
export function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError('the list call was aborted', { cause: signal.reason });
}

/** A read the pager can follow, with the answer it came from. */
export type Answer =
  | Exclude<Read, { ok: true }>
  | (Extract<Read, { ok: true }> & { body: Body; response: Response });

/** The rows after `mark`, aiming again while the list outgrows the window (offset lists). */
export async function readAfter(
  get: Get,
  list: ListSpec,
  call: Call,
  mark: Pos | undefined,
  size: number,
  state: KindState,
  lastOnly = false,
): Promise<Answer> {
  for (let miss = 1; ; miss++) {
    checkAbort(call.signal);
    const own = mark === undefined ? call.start : {};
    const query = { ...call.extra, ...list.kind.query(mark, size, list.max, state), ...own };
    for (const [name, value] of Object.entries(query)) if (value === '') delete query[name];
    let answer: { data: unknown; response: Response };
    try {
      answer = await get(call.path, query, call.signal);
    } catch (error) {
      // A cursor whose block is gone, a transaction a re-org took: the mark is not there.
      if (mark !== undefined && (error as { status?: number }).status === 404)
        return { ok: false, grew: false };
      throw error;
    }
    const { data, response } = answer;
    const url = response.url || `${call.path}?${new URLSearchParams(query)}`;
    const body = checkBody(data, response, url, list.identity, list.kind !== cursorKind);
    const read = list.kind.read(body, mark, state, list, lastOnly);
    if (read.ok) return { ...read, body, response };
    if (!read.grew) return read;
    if (miss === MISSES) throw new ListOutpacedError(`the list grew by more than a page ${MISSES} times`);
  }
}

/** What the pager gives per answer: the rows it delivered, the answer, and the param of the page after them. */
export interface Chunk<TItem, TBody> {
  rows: TItem[];
  body: TBody;
  response: Response;
  next: PageParam | null;
}

/** An earlier read of the list from its head, which a re-read joins when it meets one of its delivered rows. */
interface Target {
  chain: Pos[];
  /** Where that read would go on; `null` past the end. */
  mark: Pos | null;
}

/** Every row of the list, once, in order, following re-orgs as the README's "Re-orgs" says. */
export async function* iterate<TItem, TBody>(
  get: Get,
  list: ListSpec<TItem, TBody>,
  call: Call,
  options: IterateOptions,
): AsyncGenerator<Chunk<TItem, TBody>> {
  const { size } = options;
  const concurrency = options.concurrency ?? 1;
  const fetch = concurrency > 1 && list.kind !== cursorKind ? prefetching(get, concurrency) : get;
  const from = options.pageParam ? checkParam(options.pageParam, list.max) : undefined;
  const state: KindState = from ? stateOf(from) : { total: 0 };
  // From the caller's own cursor or offset there is no head to re-read: any disagreement is ListReorgedError.
  const own = Object.keys(call.start).length > 0 && from === undefined;
  // The first rows delivered (by id) and their keys, with the start's mark: the rows a re-read can join.
  const delivered = new Map<string, unknown>();
  const joinable = new Set<string>();
  const gone = new Set<string>();
  // This read of the list from its head (its first rows) and where it goes on: undefined the head, null past the end.
  let chain: Pos[] = [];
  let mark: Pos | undefined | null = from?.last;
  if (mark) {
    chain.push(mark);
    joinable.add(mark.key);
  }
  let targets: Target[] = [];
  let reorged = false;
  let final = false;
  let requests = 0;
  let rereads = 0;
  let dry = 0;
  let count = 0;
  // Rows delivered when the pending re-read began: past REMEMBERED, some of them are forgotten.
  let before = 0;

  const reread = (last: boolean) => {
    if (own) throw new ListReorgedError('the list changed under an iteration started from your own cursor');
    if (++rereads > REREADS || ++dry > REREADS_IN_A_ROW) {
      throw new ListReorgedError(`the list changed under ${rereads} re-reads (${dry} in a row)`);
    }
    if (targets.length === 0) before = count;
    targets.push({ chain, mark: mark ?? null });
    chain = [];
    mark = undefined;
    requests = 0;
    final = last;
  };
  /** Rows of dropped reads that are not in the list as now read (`kept`) are gone, for now; kept rows are not. */
  const drop = (rows: Pos[], kept: Pos[]) => {
    const keys = new Set(kept.map((p) => p.key));
    if (rows.some((p) => !keys.has(p.key))) reorged = true;
    for (const p of rows) gone.add(p.id);
    for (const p of kept) gone.delete(p.id);
  };

  while (true) {
    if (mark === null) {
      // The end. After a re-read, or to report, read the head once more: a final read must be one answer.
      if ((reorged || options.onReorg) && !own && !(final && requests === 1)) {
        reread(true);
        continue;
      }
      break;
    }
    // A re-read asks for the most rows a request may: the final one must meet a delivered row in one answer.
    const read = await readAfter(fetch, list, call, mark, targets.length > 0 ? list.max : size, state);
    requests += 1;
    if (!read.ok) {
      reorged = true;
      reread(final);
      continue;
    }
    if (read.pos.length === 0 && !read.done)
      throw new ListInconsistentError('a page brought no row after its mark');
    // The first row of the answer that an earlier read delivered, in its block: there this read joins that one.
    let at = read.pos.length;
    let join: { target: number; index: number } | undefined;
    for (let i = 0; i < read.pos.length && join === undefined; i++) {
      const key = read.pos[i]?.key ?? '';
      if (!joinable.has(key)) continue;
      for (let t = targets.length - 1; t >= 0 && join === undefined; t--) {
        const index = targets[t]?.chain.findIndex((p) => p.key === key) ?? -1;
        if (index >= 0) [at, join] = [i, { target: t, index }];
      }
    }
    const walked = read.pos.slice(0, at);
    const met = [...chain, ...walked];
    if (join !== undefined) {
      const target = targets[join.target] as Target;
      const into = target.chain[join.index] as Pos;
      if (into.older >= 0 && into.older !== read.pos[at]?.older) {
        throw new ListInconsistentError(
          `row ${into.id} is in its block with a different count of older rows`,
        );
      }
      const dropped = [
        ...target.chain.slice(0, join.index),
        ...targets.slice(join.target + 1).flatMap((t) => t.chain),
      ];
      drop(dropped, [...met, ...target.chain.slice(join.index)]);
    } else if (read.done && targets.length > 0) {
      // The list ended before any earlier row: every row those reads delivered and this one did not meet is gone.
      if (from) throw new ListReorgedError('a re-org orphaned the row the page param follows');
      drop(
        targets.flatMap((t) => t.chain),
        met,
      );
    }
    const rows: TItem[] = [];
    for (const [i, p] of walked.entries()) {
      if (!delivered.has(p.id) && (targets.length === 0 || reorged)) {
        if (delivered.size < REMEMBERED) {
          delivered.set(p.id, read.rows[i]);
          joinable.add(p.key);
        }
        dry = 0;
        count += 1;
        rows.push(read.rows[i] as TItem);
      }
    }
    const last = walked.at(-1);
    if (rows.length > 0 && last !== undefined) {
      const next = read.done && at === read.pos.length ? null : paramAfter(last, size, state);
      yield { rows, body: read.body as TBody, response: read.response, next };
    }
    if (join !== undefined) {
      const target = targets[join.target] as Target;
      chain = [...met, ...target.chain.slice(join.index)].slice(0, REMEMBERED);
      mark = target.mark;
      targets = targets.slice(0, join.target);
      continue;
    }
    if (targets.length > 0 && met.length >= REMEMBERED) {
      // A re-read that met none of the rows it remembers: they are gone, unless it forgot some.
      if (before > REMEMBERED)
        throw new ListReorgedError(`a re-org reached past the ${REMEMBERED} rows delivered first`);
      drop(
        targets.flatMap((t) => t.chain),
        met,
      );
      targets = [];
    }
    chain = met.slice(0, REMEMBERED);
    mark = read.done ? null : (walked.at(-1) ?? mark);
    if (read.done) targets = [];
  }
  const orphaned = [...delivered].filter(([id]) => gone.has(id)).map(([, row]) => row);
  if (orphaned.length > 0) options.onReorg?.({ orphaned });
}
