import type { WithResponse } from '../api-promise.js';
import {
  AbortError,
  BadRequestError,
  ListInconsistentError,
  ListOutpacedError,
  ListReorgedError,
  NotFoundError,
} from '../errors.js';
import type { IterationOptions } from '../options.js';
import type { ListStart, PageParam } from '../page-param.js';
import { linkedController } from '../retry.js';
import { checkParam, clampPageSize, fromParam, MAX_PAGE_SIZE, toParam } from './lists.js';
import type { ListState, PageBody, PageRequest, PageSource, Pos, Read } from './strategies.js';

/** The README's limits: rows remembered, re-reads of the head (in all, and in a row), misses of one window. */
const REMEMBERED = 1000;
const REREADS = 16;
const REREADS_IN_A_ROW = 8;
const MISSES = 5;

/** An aborted iteration stops with the client's `AbortError`, the signal's reason as its cause. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError('The iteration was aborted', { cause: signal.reason });
}

/** The row a page param names is gone from its block. */
export const movedError = () =>
  new ListReorgedError('A re-org moved the row before this page: fetch the list again from its first page');

/** A row read again where an earlier read had it must have the same count of older rows. */
export function checkOlder(was: Pos, now: Pos | undefined): void {
  if (was.older >= 0 && was.older !== now?.older) {
    throw new ListInconsistentError(
      `Row ${was.key} had ${was.older} older rows and now has ${now?.older}: the list changed below it`,
    );
  }
}

type Got<TBody> = Read<WithResponse<TBody>>;

/** The rows after `mark` (or the head's), aiming again while the list outgrows the window; `first` is not checked. */
export async function readAfter<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  fetch: (request: PageRequest) => Promise<WithResponse<TBody>>,
  mark: Pos | undefined,
  size: number,
  state: ListState,
  first?: PageRequest,
): Promise<Got<TBody>> {
  const { strategy, max = MAX_PAGE_SIZE } = source;
  for (let miss = 1; ; miss++) {
    const request = first ?? strategy.query(mark, size, max, state);
    const answer = await fetch(request).catch((error: unknown) => {
      // A cursor whose block is gone (a reset, a re-org): the mark is not there.
      const gone = error instanceof NotFoundError || error instanceof BadRequestError;
      if (!gone || !mark || request.cursor === undefined) throw error;
    });
    if (!answer) return { ok: false, grew: false };
    const read = strategy.read(answer.data, request, mark, state, source as never);
    if (read.ok && read.gap > 0 && !first) {
      const { total } = answer.data;
      throw new ListInconsistentError(
        `The list ended ${read.gap} rows before the total it announced (${total})`,
      );
    }
    if (read.ok || !read.grew) return { ...read, ...answer };
    if (miss === MISSES) {
      throw new ListOutpacedError(
        `The list grew by more than a page between requests ${MISSES} times in a row; use a larger pageSize`,
      );
    }
  }
}

/** Items the pager delivers, the answer that held them and the page param after them. */
export interface Chunk<TItem, TBody> extends WithResponse<TBody> {
  items: TItem[];
  next: PageParam | null;
}

/** An earlier read of the list from its head (`chain`) and where it goes on (`null`: past the end). */
type Target = [chain: Pos[], mark: Pos | null];

/**
 * Every row of a list once, in order, in chunks, by the README's one rule ("Re-orgs"): a disagreement re-reads from the
 * head and joins the earlier read where it meets one of its rows in its block. Prefetches are aborted at the end.
 */
export async function* pager<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  start: ListStart,
  { concurrency = 1, maxItems, signal, onReorg, pageParam, pageSize }: IterationOptions,
): AsyncGenerator<Chunk<TItem, TBody>, void> {
  const { strategy, max = MAX_PAGE_SIZE } = source;
  const param = pageParam == null ? undefined : checkParam(pageParam, source);
  // Bad input is reported before an abort, as the option checks are.
  throwIfAborted(signal);
  // `limit: 0` asks the server for its default page, not pages of one item.
  const size = param?.limit ?? clampPageSize(pageSize ?? (start.limit || undefined), max);
  // The call's own first request; from a page param, the first is the one after its row, as every later one is.
  const first = param ? undefined : { limit: size, offset: start.offset ?? 0, cursor: start.cursor };
  // Prefetches may outlive a chunk: one signal that the end aborts.
  const link = concurrency > 1 ? linkedController([signal]) : undefined;
  /** Requests sent ahead of the step that will make them, by what they ask. */
  let ahead = new Map<string, Promise<WithResponse<TBody>>>();
  /** The answer to `request`: the one sent ahead, else a new request; held in `keep` if given. */
  const fetch = (request: PageRequest, keep?: typeof ahead): Promise<WithResponse<TBody>> => {
    const key = JSON.stringify([request.offset, request.limit, request.cursor]);
    const held = ahead.get(key) ?? source.fetch(request, link?.controller.signal ?? signal);
    ahead.delete(key);
    keep?.set(key, held);
    return held;
  };
  /**
   * Sends the request after `mark` and those of the pages after it (offsets, while the total holds still, or an
   * anchor), and drops those no longer predicted. At the largest limit a page moves on one row less than its size.
   */
  const prefetch = (mark: Pos, state: ListState) => {
    const keep: typeof ahead = new Map();
    const step = Math.min(size, max - 1);
    const on = link && !strategy.position && (state.anchor || state.grew + state.ahead === 0);
    for (let k = 0; on && k < concurrency && mark.older - k * step > 0; k++) {
      const request = strategy.query({ ...mark, older: mark.older - k * step }, size, max, state);
      // Nothing may await a prefetch: its failure must not go unhandled.
      fetch(request, keep).catch(() => {});
    }
    ahead = keep;
  };
  try {
    const { mark: from, state } = fromParam(param, source);
    // A walk from a page param or the caller's cursor never delivers rows above where it started.
    const fixed = from !== undefined || start.cursor !== undefined;
    // The first rows delivered (by identity), the keys a re-read can join, the rows gone for now.
    const delivered = new Map<unknown, TItem>();
    const joinable = new Set(from ? [from.key] : []);
    const gone = new Set<unknown>();
    // This read of the list from its head and where it goes on (undefined: the head; null: past the end), the
    // earlier reads a re-read may join, and the rows a re-read walked that wait for it to join one or not.
    let chain: Pos[] = from ? [from] : [];
    let mark: Pos | undefined | null = from;
    const targets: Target[] = [];
    let pending: Pos[] = [];
    let lost = false;
    let [requests, sent, rereads, dry, count] = [0, 0, 0, 0, 0];

    const reread = () => {
      ahead.clear();
      if (start.cursor !== undefined) {
        throw new ListReorgedError('A re-org moved the rows under the cursor this iteration started from');
      }
      if (++rereads > REREADS || ++dry > REREADS_IN_A_ROW) {
        throw new ListReorgedError(
          `The list was re-read from its head ${rereads} times (${dry} in a row with no row delivered): ` +
            'it keeps re-orging, or the server contradicts itself',
        );
      }
      targets.push([chain, mark ?? null]);
      [chain, mark, requests] = [[], undefined, 0];
    };
    // Drops the reads from `t` on (of the `t`th, its rows above `index`): rows `kept` does not hold are gone.
    const drop = (kept: Pos[], t: number, index?: number) => {
      const rows = targets.splice(t).flatMap(([c], i) => (i === 0 ? c.slice(0, index) : c));
      for (const p of rows) gone.add(p.id);
      for (const p of kept) gone.delete(p.id);
    };
    /** Where an earlier read holds `key`: the newest such read and the row's index in it. */
    const locate = (key: string): [number, number] | undefined => {
      for (let t = targets.length - 1; joinable.has(key) && t >= 0; t--) {
        const index = targets[t]?.[0].findIndex((p) => p.key === key) ?? -1;
        if (index >= 0) return [t, index];
      }
    };

    for (;;) {
      if (mark === null) {
        // The end. After a re-read, or to report, read the head again until a read of one answer ends the list.
        const report = rereads > 0 || (!fixed && onReorg && delivered.size > 0);
        if (!report || requests === 1) break;
        reread();
        continue;
      }
      const rereading = targets.length > 0;
      if (mark && !rereading) prefetch(mark, state);
      const head = sent > 0 ? undefined : first;
      // A re-read asks for the most rows a request may: the final one must meet a delivered row in one answer.
      const read: Got<TBody> = await readAfter(source, fetch, mark, rereading ? max : size, state, head);
      [requests, sent] = [requests + 1, sent + 1];
      if (!read.ok) {
        reread();
        continue;
      }
      const pos: Pos[] = read.pos;
      if (pos.length === 0 && !read.done)
        throw new ListInconsistentError('A page brought no row after its mark');
      // The first row of the answer that an earlier read holds in its block: there this read joins that one.
      let join: [number, number] | undefined;
      let at = pos.findIndex((p) => (join = locate(p.key)));
      if (at < 0) at = rereading ? pos.length : Math.min(pos.length, size);
      const walked = pos.slice(0, at);
      const met = [...chain, ...walked];
      const end: boolean = read.done && at === pos.length;
      // A re-read that reached the list's end, or more rows than are remembered, without meeting an earlier read.
      const passed = !join && rereading && (end || met.length >= REMEMBERED);
      // This read goes on after its last row, or, joined to an earlier read, where that one goes on.
      mark = end ? null : (walked.at(-1) ?? mark);
      if (join) {
        const [t, index] = join;
        const [into, goesOn] = targets[t] as Target;
        checkOlder(into[index] as Pos, pos[at]);
        met.push(...into.slice(index));
        drop(met, t, index);
        mark = goesOn;
      } else if (passed) {
        // Rows above where a page param or a cursor started, or rows delivered and forgotten, may be among these.
        if (fixed) throw movedError();
        if (count > REMEMBERED) {
          throw new ListReorgedError(
            `A re-org orphaned the ${REMEMBERED} rows delivered first that the iteration remembers and more`,
          );
        }
        drop(met, 0);
      }
      chain = met.slice(0, REMEMBERED);
      // A re-read's rows wait: above a row read before that is still in its block they are new since the start,
      // with none they are the rest of the list. Once a re-read met none, rows of the start may have left unseen and
      // come back: every re-read's rows are then the list's.
      lost ||= passed;
      pending = join && !lost ? [] : [...pending, ...walked];
      const items: TItem[] = [];
      for (const p of !rereading || lost ? pending.splice(0) : []) {
        if (delivered.has(p.id) || count === maxItems) continue;
        if (delivered.size < REMEMBERED) {
          delivered.set(p.id, p.row as TItem);
          joinable.add(p.key);
        }
        [dry, count] = [0, count + 1];
        items.push(p.row as TItem);
      }
      if (items.length > 0 || sent === 1) {
        const next = mark && targets.length === 0 ? toParam(source, mark, state, size) : null;
        yield { items, data: read.data, response: read.response, next };
      }
      if (count === maxItems) return;
    }
    const orphaned = [...delivered].filter(([id]) => gone.has(id)).map(([, row]) => row);
    if (orphaned.length > 0) onReorg?.({ orphaned });
  } finally {
    if (ahead.size > 0) link?.controller.abort();
    link?.dispose();
  }
}
