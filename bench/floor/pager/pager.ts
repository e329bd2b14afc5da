// The one rule, from scratch: every request overlaps the row delivered last, a row is accepted only right after that
// row's key, and any disagreement re-reads from the head and joins the earlier read where it meets one of its rows.
import { ListInconsistentError, ListOutpacedError, ListReorgedError } from '@blockindex/client';
import { type Body, cursorKind, type KindState, type Pos, type Read } from './kinds.js';
import type { ListSpec } from './lists.js';
import type { PageParam } from './page-param.js';
import { prefetching } from './prefetch.js';

/** One GET of a list page; a failed one throws an error with the HTTP `status`. */
export type Get = (path: string, query: Record<string, string>) => Promise<Body>;

/** The README's limits. */
const REMEMBERED = 1000;
const REREADS = 16;
const REREADS_IN_A_ROW = 8;
const MISSES = 5;

export interface IterateOptions {
  pageSize?: number;
  /** Requests in flight on offset lists (prefetch). */
  concurrency?: number;
  pageParam?: PageParam;
  onReorg?: (event: { orphaned: unknown[] }) => void;
}

/** The rows after `mark`, aiming again while the list outgrows the window (offset lists). */
export async function readAfter(
  get: Get,
  list: ListSpec,
  params: Record<string, string>,
  mark: Pos | undefined,
  size: number,
  state: KindState,
): Promise<Read> {
  for (let miss = 1; ; miss++) {
    let body: Body;
    try {
      body = await get(list.path(params), list.kind.query(mark, size, list.max, state));
    } catch (error) {
      // A cursor whose block is gone, a transaction a re-org took: the mark is not there.
      if (mark !== undefined && (error as { status?: number }).status === 404)
        return { ok: false, grew: false };
      throw error;
    }
    const read = list.kind.read(body, mark, state, list);
    if (read.ok || !read.grew) return read;
    if (miss === MISSES) throw new ListOutpacedError(`the list grew by more than a page ${MISSES} times`);
  }
}

/** An earlier read of the list from its head, which a re-read joins when it meets one of its delivered rows. */
interface Target {
  chain: Pos[];
  /** Where that read would go on; `null` past the end. */
  mark: Pos | null;
}

/** Every row of the list, once, in order, following re-orgs as the README's "Re-orgs" says. */
export async function* iterate(
  get: Get,
  list: ListSpec,
  params: Record<string, string>,
  options: IterateOptions = {},
): AsyncGenerator<unknown> {
  const size = Math.min(Math.max(1, options.pageSize ?? 50), list.max);
  const concurrency = options.concurrency ?? 1;
  const fetch = concurrency > 1 && list.kind !== cursorKind ? prefetching(get, concurrency) : get;
  const state: KindState = options.pageParam ? { ...options.pageParam.state } : { total: 0 };
  // The first rows delivered (by id) and their keys, with the start's mark: the rows a re-read can join.
  const delivered = new Map<string, unknown>();
  const joinable = new Set<string>();
  const gone = new Set<string>();
  // This read of the list from its head (its first rows) and where it goes on: undefined the head, null past the end.
  let chain: Pos[] = [];
  let mark: Pos | undefined | null = options.pageParam?.mark;
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
      if ((reorged || options.onReorg) && !(final && requests === 1)) {
        reread(true);
        continue;
      }
      break;
    }
    // A re-read asks for the most rows a request may: the final one must meet a delivered row in one answer.
    const read = await readAfter(fetch, list, params, mark, targets.length > 0 ? list.max : size, state);
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
      if (options.pageParam) throw new ListReorgedError('a re-org orphaned the row the page param follows');
      drop(
        targets.flatMap((t) => t.chain),
        met,
      );
    }
    for (const [i, p] of walked.entries()) {
      if (!delivered.has(p.id) && (targets.length === 0 || reorged)) {
        if (delivered.size < REMEMBERED) {
          delivered.set(p.id, read.rows[i]);
          joinable.add(p.key);
        }
        dry = 0;
        count += 1;
        yield read.rows[i];
      }
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
