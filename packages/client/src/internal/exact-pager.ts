import type { WithResponse } from '../api-promise.js';
import { ListInconsistentError, ListOutpacedError, ListReorgedError } from '../errors.js';
import type { PageBody, PageRequest, PageSource } from './list-page.js';
import { type AimedRequest, OffsetAim, placement } from './offset-aim.js';
import { type Chunk, type Frame, firstChunk } from './page-frame.js';
import {
  covers,
  type InFlight,
  MAX_ATTEMPTS_PER_POSITION,
  requestBudget,
  requestFor,
} from './pager-requests.js';
import { type Buffered, isLinked, placeRows, type RowBuffer } from './row-buffer.js';
import { linkedController } from './signals.js';

export {
  clampPageSize,
  type PageBody,
  type PageRequest,
  type PageSource,
} from './list-page.js';
export type { Chunk, Frame } from './page-frame.js';

/**
 * Thrown by the pager when two answers disagree about a row (a re-org moved the chain under the iteration): the
 * caller re-reads the list from its head ({@link ReorgPager}). Outside it, a {@link ListReorgedError}.
 */
export class ReorgSignal extends ListReorgedError {}

export interface PagerOptions {
  pageSize: number;
  concurrency?: number | undefined;
  maxItems?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The first request, when starting from scratch. */
  first?: PageRequest | undefined;
  /** Where to resume, when continuing from a page already fetched (then `first` is not used). */
  frame?: Frame | undefined;
  /** With `frame`: the key of the row at `frame.next - 1`, which the next answer must still hold there. */
  lastKey?: string | undefined;
}

/**
 * Yields a list exactly once per position, in order, while the chain grows and re-orgs: maps every response onto
 * original positions, buffers out-of-order pages (prefetch) and refetches gaps. Every request but the first also
 * asks for the row before the one it is for, and a row is delivered only when an answer that holds it shows the
 * row delivered just before it at the position before, with the same key (identity and block): since a block
 * fixes every older block, the rows that follow it are then the same as when the iteration started. When two
 * answers disagree (a re-org), it throws {@link ReorgSignal}; an empty page where rows were announced too.
 *
 * - Termination: each position gets at most {@link MAX_ATTEMPTS_PER_POSITION} requests aimed at it, prefetches
 *   never go back, an empty page ends the list, and the requests sent are bounded by the list's size.
 * - Cursor mode completes whatever the growth, with or without prefetch.
 * - Offset mode completes when the list grows by less than a page between two consecutive answers of requests
 *   made one at a time, or at a steady rate, which it learns. With `concurrency > 1` it prefetches only while
 *   `total` stays put: once an answer shows growth, it lets the requests in flight land, goes on one request at
 *   a time (so the same condition applies) and prefetches again after a request answered with no growth.
 */
export class ExactPager<TItem, TBody extends PageBody<TItem>> {
  readonly #source: PageSource<TItem, TBody>;
  readonly #options: PagerOptions;
  #frame: Mutable<Frame> | undefined;
  readonly #buffer: RowBuffer<TItem> = new Map();
  readonly #inFlight: InFlight<TBody>[] = [];
  readonly #attempts = new Map<number, number>();
  /** Key of the row delivered last (at `frame.next - 1`); `undefined` when not known (a param without one). */
  #lastKey: string | undefined;
  #scheduledUpTo = 0;
  /** No prefetch at or past this position: an offset-mode request there came back empty. */
  #prefetchEnd = Infinity;
  #last: WithResponse<TBody> | undefined;
  /** Offset mode: where to aim requests while the list grows. */
  #aim: OffsetAim | undefined;
  /** What `close()` aborts prefetches with; made on the first prefetch (one request at a time never needs it). */
  #link: ReturnType<typeof linkedController> | undefined;
  readonly #concurrency: number;
  readonly #maxItems: number;
  /** Requests sent, and the most the list's size justifies (set once the end is known). */
  #requests = 0;
  #budget = Infinity;

  constructor(source: PageSource<TItem, TBody>, options: PagerOptions) {
    this.#source = source;
    this.#options = options;
    this.#concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.#maxItems = options.maxItems === undefined ? Infinity : Math.max(0, options.maxItems);
    if (options.frame) {
      const frame = { ...options.frame };
      frame.end = Math.min(frame.end, frame.next + this.#maxItems);
      this.#frame = frame;
      this.#lastKey = options.lastKey;
      this.#scheduledUpTo = frame.next;
      this.#aim = new OffsetAim(frame, false);
    }
  }

  /** Where the iteration stands (`undefined` before the first page); read-only, the pager moves it on. */
  get frame(): Frame | undefined {
    return this.#frame;
  }

  /** The next deliverable items, `null` once nothing is left (without a request when that is already known). */
  async nextChunk(): Promise<Chunk<TItem, TBody> | null> {
    try {
      return this.#frame ? await this.#continue() : await this.#start();
    } catch (error) {
      this.close();
      throw error;
    }
  }

  /** Aborts whatever is still in flight; the pager cannot be used afterwards. */
  close(): void {
    // Only prefetches can still be in flight here: the request a chunk waits for has landed before it returns.
    if (this.#inFlight.length > 0) this.#link?.controller.abort();
    this.#link?.dispose();
  }

  /**
   * The signal of the pager's requests. Requests made one at a time are each awaited before the pager returns,
   * so the caller's signal is enough; prefetches may outlive a chunk and need one `close()` can abort.
   */
  #signal(): AbortSignal | undefined {
    if (this.#concurrency === 1) return this.#options.signal;
    this.#link ??= linkedController([this.#options.signal]);
    return this.#link.controller.signal;
  }

  async #start(): Promise<Chunk<TItem, TBody>> {
    const first = this.#options.first ?? { offset: 0, limit: this.#options.pageSize };
    const result = await this.#source.fetch(first, this.#signal());
    this.#last = result;
    const chunk = firstChunk(this.#source, first, result, this.#maxItems);
    const frame = { ...chunk.frame };
    this.#frame = frame;
    this.#lastKey = chunk.lastKey;
    this.#aim = new OffsetAim(frame, true);
    // Everything the first page brought is delivered, or lies past the end.
    this.#scheduledUpTo = frame.next;
    return chunk;
  }

  async #continue(): Promise<Chunk<TItem, TBody> | null> {
    const frame = this.#frame as Mutable<Frame>;
    let fetched = false;
    for (;;) {
      const items = this.#takeContiguous();
      const done = frame.next >= frame.end;
      if ((items.length > 0 || (done && fetched)) && this.#last) {
        const { data, response } = this.#last;
        return { items, data, response, frame: { ...frame }, lastKey: this.#lastKey };
      }
      if (done) return null;
      this.#schedule();
      const head = this.#inFlight.shift();
      // schedule() always leaves a request in flight when `next` is not buffered.
      if (!head) throw new Error('ExactPager: nothing in flight for the next position');
      const result = await head.promise;
      fetched = true;
      this.#last = result;
      this.#absorb(head, result);
    }
  }

  /** Moves every buffered row from `next` onwards that follows the row delivered before it into the output. */
  #takeContiguous(): TItem[] {
    const frame = this.#frame as Mutable<Frame>;
    const out: TItem[] = [];
    while (frame.next < frame.end && this.#buffer.has(frame.next)) {
      const entry = this.#buffer.get(frame.next) as Buffered<TItem>;
      if (!isLinked(this.#buffer, frame.next, this.#lastKey)) {
        // Shown after another row than the one delivered: the chain moved between the two answers.
        if (entry.before.length > 0) this.#reorged(frame.next - 1);
        break; // not shown after anything yet: ask for it with the row before
      }
      this.#buffer.delete(frame.next);
      // Nothing is kept per position once it is delivered: memory stays flat however long the list.
      this.#attempts.delete(frame.next);
      frame.next += 1;
      this.#lastKey = entry.key;
      out.push(entry.item);
    }
    return out;
  }

  #reorged(pos: number): never {
    throw new ReorgSignal(
      `Two answers disagree about row ${pos} of the list: the chain re-orged while it was iterated`,
    );
  }

  #schedule(): void {
    const frame = this.#frame as Mutable<Frame>;
    // Offset mode under growth: every answer landing shifts the list under the others, so a request for `next`
    // sent beside them can be outrun however it is aimed. Let them land (they may well cover `next`), then ask
    // alone, aimed from the freshest growth.
    const oneAtATime = frame.mode === 'offset' && frame.growing;
    const needed =
      frame.next < frame.end &&
      !isLinked(this.#buffer, frame.next, this.#lastKey) &&
      !covers(this.#inFlight, frame.next);
    if (needed && !(oneAtATime && this.#inFlight.length > 0)) {
      const tries = this.#attempts.get(frame.next) ?? 0;
      if (tries < MAX_ATTEMPTS_PER_POSITION) {
        this.#attempts.set(frame.next, tries + 1);
        this.#issue(frame.next);
      } else {
        // A well-behaved list answers every position within a few tries (only growth outrunning the aim
        // prevents it): stop loudly rather than skip an item.
        throw new ListOutpacedError(
          `The list grew by more than a page between requests ${tries} times in a row at row ${frame.next}; use a ` +
            'larger pageSize',
        );
      }
    }
    // Prefetch only once the end is known, so no request is speculative, and never under offset-mode growth.
    if (this.#concurrency > 1 && !oneAtATime && Number.isFinite(frame.end)) {
      let pos = Math.max(this.#scheduledUpTo, frame.next);
      const stop = Math.min(frame.end, this.#prefetchEnd);
      while (this.#inFlight.length < this.#concurrency && pos < stop) {
        if (!this.#buffer.has(pos) && !covers(this.#inFlight, pos)) this.#issue(pos);
        pos = Math.max(pos + 1, this.#scheduledUpTo);
      }
    }
  }

  /** Requests the page for position `pos`, from the row before it (the overlap that links the answers). */
  #issue(pos: number): void {
    const frame = this.#frame as Mutable<Frame>;
    if (!Number.isFinite(this.#budget) && Number.isFinite(frame.end)) {
      this.#budget = requestBudget(frame, this.#requests, this.#concurrency);
    }
    if (++this.#requests > this.#budget) {
      throw new ListInconsistentError(
        `The iteration sent ${this.#requests - 1} requests, more than a list of this size needs: the server pages ` +
          'inconsistently',
      );
    }
    const pending = this.#inFlight.filter((f) => f.aimed !== undefined && !f.aimed.answered);
    for (const other of pending) (other.aimed as AimedRequest).alone = false;
    const firstTry = (this.#attempts.get(pos) ?? 0) <= 1;
    const planned = requestFor(frame, pos, this.#aim, { alone: pending.length === 0, firstTry });
    const { aimed } = planned;
    const promise = this.#source.fetch(planned.request, this.#signal());
    // Growth is read as each answer lands, not when it is awaited: a prefetched page that landed early must stop
    // further prefetch at once. Failures surface when the page is awaited; until then nobody may be listening.
    promise.then(
      (result) => {
        if (!aimed) return;
        const { results, total } = result.data;
        (this.#aim as OffsetAim).answerArrived(aimed, results.length > 0 ? total - frame.total0 : undefined);
      },
      () => {
        if (aimed) aimed.answered = true;
      },
    );
    this.#inFlight.push({ ...planned, promise });
    this.#scheduledUpTo = Math.max(this.#scheduledUpTo, planned.pos + planned.limit);
  }

  /** Maps one response onto original positions and buffers what is still wanted. */
  #absorb(flight: InFlight<TBody>, result: WithResponse<TBody>): void {
    const frame = this.#frame as Mutable<Frame>;
    const { results, total } = result.data;
    if (results.length === 0) {
      if (flight.aimed && flight.pos <= frame.next) this.#aim?.answerPlaced(flight.aimed, 'empty');
      // Without `ahead` an offset-mode request never aims past its position unless the list lost rows.
      const aimedAtPos = (flight.aimed?.ahead ?? 0) === 0;
      if (frame.mode === 'cursor' || (flight.pos <= frame.next && aimedAtPos)) {
        // Nothing at or after this position: the list ends here, unless its first page promised more.
        const at = Math.max(frame.next, flight.pos);
        if (at < frame.end && Number.isFinite(frame.end)) {
          throw new ReorgSignal(`The list ended at row ${at}, before the ${frame.end} rows it announced`);
        }
        frame.end = Math.min(frame.end, at);
      } else {
        // Offset mode only tells that the request overshot the list as it is now: a prefetch past the real
        // end (stop prefetching there), or an `ahead` added for a growth that then slowed down.
        this.#prefetchEnd = Math.min(this.#prefetchEnd, flight.pos);
      }
      return;
    }
    let start: number;
    if (frame.mode === 'cursor') {
      start = flight.request.offset;
    } else {
      start = flight.request.offset - (total - frame.total0);
      // The head of the list now sits below the row delivered last: that row, and every newer one, left it.
      if (
        flight.request.offset === 0 &&
        start > frame.next - 1 &&
        frame.next > 0 &&
        this.#lastKey !== undefined
      ) {
        this.#reorged(frame.next - 1);
      }
      if (flight.aimed && flight.pos <= frame.next) {
        this.#aim?.answerPlaced(flight.aimed, placement(start, results.length, flight.pos));
      }
    }
    const at = placeRows(this.#buffer, this.#source, start, results, frame, this.#lastKey);
    if (at !== undefined) this.#reorged(at);
    // Only from an answer that agrees with the others: one that contradicts them tells nothing of the end.
    if (frame.mode === 'cursor' && (result.data as { prev_cursor?: unknown }).prev_cursor === null) {
      frame.end = Math.min(frame.end, start + results.length);
    }
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
