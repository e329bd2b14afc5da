import { PAGE_SIZE } from '@blockindex/spec/constants';
import type { WithResponse } from '../api-promise.js';
import { ListInconsistentError, ListOutpacedError } from '../errors.js';
import { type AimedRequest, type Growth, OffsetAim, type Placement } from './offset-aim.js';
import { linkedController } from './signals.js';

/** The envelope every list operation returns; the address-transactions one adds the cursor fields. */
export interface PageBody<TItem> {
  limit: number;
  offset: number;
  total: number;
  results: TItem[];
}

/** One request for a slice of a list. `limit` is left out only for a first page the caller did not size. */
export interface PageRequest {
  limit?: number;
  offset: number;
  cursor?: string;
}

/** How the pager reaches one list operation. */
export interface PageSource<TItem, TBody extends PageBody<TItem>> {
  /** Fetches one slice (with the caller's other query parameters, retries and timeouts applied). */
  fetch(request: PageRequest, signal: AbortSignal | undefined): Promise<WithResponse<TBody>>;
  /** A value that differs between any two distinct items of this list (a safety net against duplicates). */
  identity(item: TItem): unknown;
  /** Whether the operation accepts `cursor` and answers with the cursor fields. */
  cursor: boolean;
}

/**
 * Where an iteration stands, in positions of the list as it was when the iteration started ("original
 * positions"). Lists are newest first and grow at the head, which shifts server offsets; positions do not move.
 * - cursor mode: position `p` is `cursor=<anchor>&offset=p`, exact whatever the chain does meanwhile.
 * - offset mode: a page requested at offset `o` whose `total` is `T` starts at position `o - (T - total0)`.
 */
export interface Frame extends Readonly<Growth> {
  readonly mode: 'cursor' | 'offset';
  readonly anchor: string | undefined;
  readonly total0: number;
  /** Next position to deliver. */
  readonly next: number;
  /** Exclusive end: positions at or past it are not part of the list (Infinity when not known yet). */
  readonly end: number;
  readonly pageSize: number;
}

/** Items that became deliverable, in order, and the response that completed them. */
export interface Chunk<TItem, TBody> {
  items: TItem[];
  data: TBody;
  response: Response;
  frame: Frame;
}

/** Largest `limit` the list operations accept. */
export const MAX_PAGE_SIZE: number = PAGE_SIZE.max;

/**
 * Requests aimed at one position before giving up on it; keeps every iteration finite. Under the growth the pager
 * promises to keep up with, a position needs at most three (see {@link OffsetAim}).
 */
const MAX_ATTEMPTS_PER_POSITION = 5;

interface InFlight<TBody> {
  request: PageRequest;
  /** First position this request is aimed at, and how many positions it is expected to cover. */
  pos: number;
  limit: number;
  /** How an offset-mode request was aimed. */
  aimed: AimedRequest | undefined;
  promise: Promise<WithResponse<TBody>>;
}

export interface PagerOptions {
  pageSize: number;
  concurrency?: number | undefined;
  maxItems?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The first request, when starting from scratch. */
  first?: PageRequest;
  /** Where to resume, when continuing from a page already fetched. */
  frame?: Frame;
}

/** Clamps a requested page size into what the server accepts. */
export function clampPageSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return MAX_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(size)));
}

/**
 * The first page of a list as a chunk: the frame it sets up (positions counted from it, the end as far as it
 * tells) and its items, each identity once (`seen` collects them) and none past the end or `maxItems`.
 */
export function firstChunk<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  first: PageRequest,
  result: WithResponse<TBody>,
  maxItems: number,
  seen: Set<unknown>,
): Chunk<TItem, TBody> {
  const body = result.data;
  const { results } = body;
  const cursor = (body as { cursor?: unknown }).cursor;
  const inCursorMode = source.cursor && typeof cursor === 'string';
  // Cursor mode counts positions from the first row of this page; the rows at or older than it were
  // `total - offset`. Offset mode counts them as the server does, as of this page.
  const next = inCursorMode ? 0 : first.offset;
  let end = !inCursorMode
    ? Math.max(first.offset + results.length, body.total)
    : (body as { prev_cursor?: unknown }).prev_cursor === null
      ? results.length
      : first.cursor === undefined
        ? Math.max(results.length, body.total - first.offset)
        : Infinity;
  if (results.length === 0) end = next;
  end = Math.min(end, next + maxItems);
  const count = Math.max(0, Math.min(results.length, end - next));
  const items: TItem[] = [];
  for (let i = 0; i < count; i++) {
    const item = results[i] as TItem;
    const id = source.identity(item);
    if (seen.has(id)) continue;
    seen.add(id);
    items.push(item);
  }
  const frame: Frame = {
    mode: inCursorMode ? 'cursor' : 'offset',
    anchor: inCursorMode ? (cursor as string) : undefined,
    total0: body.total,
    next: next + count,
    end,
    pageSize: clampPageSize(
      first.limit !== undefined && first.limit > 0 ? first.limit : body.limit > 0 ? body.limit : undefined,
    ),
    delta: 0,
    ahead: 0,
    growing: false,
  };
  return { items, data: body, response: result.response, frame };
}

/**
 * Yields a list exactly once per item that existed when iteration started, even while the chain grows: maps
 * every response onto original positions, buffers out-of-order pages (prefetch), refetches gaps, drops what
 * is newer than the start and deduplicates by identity. An empty page always ends the iteration.
 *
 * What is guaranteed, for a list that only grows at its head and a server whose `total` counts the rows its page
 * was cut from:
 * - Never a skipped or repeated item: either every item that existed at the start comes out once, in order, and
 *   nothing newer, or the iteration throws (a request's error, or {@link ListOutpacedError}).
 * - Termination: each position gets at most {@link MAX_ATTEMPTS_PER_POSITION} requests aimed at it, prefetches
 *   never go back, and an empty page ends the list.
 * - Cursor mode completes whatever the growth, with or without prefetch.
 * - Offset mode completes when the list grows by less than a page between two consecutive answers of requests
 *   made one at a time, or at a steady rate, which it learns. With `concurrency > 1` it prefetches only while
 *   `total` stays put: once an answer shows growth, it lets the requests in flight land, goes on one request at
 *   a time (so the same condition applies) and prefetches again after a request answered with no growth. A list
 *   that stops growing is therefore still read in parallel, and a growing one costs about one request per page.
 */
export class ExactPager<TItem, TBody extends PageBody<TItem>> {
  readonly #source: PageSource<TItem, TBody>;
  readonly #options: PagerOptions;
  #frame: Mutable<Frame> | undefined;
  readonly #buffer = new Map<number, TItem>();
  readonly #inFlight: InFlight<TBody>[] = [];
  readonly #seen = new Set<unknown>();
  readonly #attempts = new Map<number, number>();
  #scheduledUpTo = 0;
  /** No prefetch at or past this position: an offset-mode request there came back empty. */
  #prefetchEnd = Number.POSITIVE_INFINITY;
  #last: WithResponse<TBody> | undefined;
  /** Offset mode: where to aim requests while the list grows. */
  #aim: OffsetAim | undefined;
  /** What `close()` aborts prefetches with; made on the first prefetch (one request at a time never needs it). */
  #link: ReturnType<typeof linkedController> | undefined;
  readonly #concurrency: number;
  readonly #maxItems: number;
  /** Identities skipped as already delivered since the last chunk: a page of nothing else is an inconsistency. */
  #repeated = 0;
  /** Requests sent, and the most the list's size justifies (set once the end is known). */
  #requests = 0;
  #budget = Number.POSITIVE_INFINITY;
  /**
   * Largest `total` of the offset-mode answers so far, in the order they landed (answers awaited in request order
   * may have been computed in another, after a retry): a smaller one landing later means rows left the list.
   */
  #largestTotal = 0;
  #shrank: { from: number; to: number } | undefined;

  constructor(source: PageSource<TItem, TBody>, options: PagerOptions) {
    this.#source = source;
    this.#options = options;
    this.#concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.#maxItems =
      options.maxItems === undefined ? Number.POSITIVE_INFINITY : Math.max(0, options.maxItems);
    if (options.frame) {
      const frame = { ...options.frame };
      frame.end = Math.min(frame.end, frame.next + this.#maxItems);
      this.#frame = frame;
      this.#largestTotal = frame.total0 + frame.delta;
      this.#scheduledUpTo = frame.next;
      this.#aim = new OffsetAim(frame, false);
    }
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
    const chunk = firstChunk(this.#source, first, result, this.#maxItems, this.#seen);
    const frame = { ...chunk.frame };
    this.#frame = frame;
    this.#largestTotal = frame.total0;
    this.#aim = new OffsetAim(frame, true);
    // Everything the first page brought is delivered, or lies past the end.
    this.#scheduledUpTo = frame.next;
    return chunk;
  }

  async #continue(): Promise<Chunk<TItem, TBody> | null> {
    const frame = this.#frame as Mutable<Frame>;
    let fetched = false;
    for (;;) {
      this.#repeated = 0;
      const items = this.#takeContiguous();
      if (items.length === 0 && this.#repeated > 0 && frame.next < frame.end) {
        throw new ListInconsistentError(
          `A page repeated ${this.#repeated} rows already delivered and brought nothing new, while ` +
            `${Number.isFinite(frame.end) ? frame.end - frame.next : 'more'} rows were still expected: ` +
            'the server pages inconsistently; the iteration stops rather than loop',
        );
      }
      const done = frame.next >= frame.end;
      if ((items.length > 0 || (done && fetched)) && this.#last) {
        return { items, data: this.#last.data, response: this.#last.response, frame: { ...frame } };
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

  /** Moves every buffered item from `next` onwards into the output, skipping identities already delivered. */
  #takeContiguous(): TItem[] {
    const frame = this.#frame as Mutable<Frame>;
    const out: TItem[] = [];
    while (frame.next < frame.end && this.#buffer.has(frame.next)) {
      const item = this.#buffer.get(frame.next) as TItem;
      this.#buffer.delete(frame.next);
      frame.next += 1;
      const id = this.#source.identity(item);
      if (this.#seen.has(id)) {
        this.#repeated += 1;
        continue;
      }
      this.#seen.add(id);
      out.push(item);
    }
    return out;
  }

  #schedule(): void {
    const frame = this.#frame as Mutable<Frame>;
    // Offset mode under growth: every answer landing shifts the list under the others, so a request for `next`
    // sent beside them can be outrun however it is aimed. Let them land (they may well cover `next`), then ask
    // alone, aimed from the freshest growth.
    const oneAtATime = frame.mode === 'offset' && frame.growing;
    const needed = frame.next < frame.end && !this.#buffer.has(frame.next) && !this.#covered(frame.next);
    if (needed && !(oneAtATime && this.#inFlight.length > 0)) {
      const tries = this.#attempts.get(frame.next) ?? 0;
      if (tries < MAX_ATTEMPTS_PER_POSITION) {
        this.#attempts.set(frame.next, tries + 1);
        this.#issue(frame.next);
      } else {
        // A well-behaved list answers every position within a few tries (only growth outrunning the aim
        // prevents it): stop loudly rather than skip an item.
        throw new ListOutpacedError(
          `The list changed by more than a page between requests ${tries} times in a row at position ` +
            `${frame.next}; use a larger pageSize`,
        );
      }
    }
    // Prefetch only once the end is known, so no request is speculative, and never under offset-mode growth.
    if (this.#concurrency > 1 && !oneAtATime && Number.isFinite(frame.end)) {
      let pos = Math.max(this.#scheduledUpTo, frame.next);
      const stop = Math.min(frame.end, this.#prefetchEnd);
      while (this.#inFlight.length < this.#concurrency && pos < stop) {
        if (!this.#buffer.has(pos) && !this.#covered(pos)) this.#issue(pos);
        pos = Math.max(pos + 1, this.#scheduledUpTo);
      }
    }
  }

  #covered(pos: number): boolean {
    return this.#inFlight.some((f) => f.pos <= pos && pos < f.pos + f.limit);
  }

  #issue(pos: number): void {
    const frame = this.#frame as Mutable<Frame>;
    if (!Number.isFinite(this.#budget) && Number.isFinite(frame.end)) {
      // Every page of what is left, each aimed at most MAX_ATTEMPTS_PER_POSITION times, plus the prefetches that
      // may overshoot: nothing a consistent server needs more than.
      const pages = Math.ceil((frame.end - frame.next) / frame.pageSize) + 1;
      this.#budget = this.#requests + (pages + this.#concurrency) * MAX_ATTEMPTS_PER_POSITION;
    }
    if (++this.#requests > this.#budget) {
      throw new ListInconsistentError(
        `The iteration sent ${this.#requests - 1} requests, more than a list of this size needs: the server pages ` +
          'inconsistently; the iteration stops rather than loop',
      );
    }
    const pending = this.#inFlight.filter((f) => f.aimed !== undefined && !f.aimed.answered);
    for (const other of pending) (other.aimed as AimedRequest).alone = false;
    let request: PageRequest;
    let aimed: AimedRequest | undefined;
    if (frame.mode === 'cursor') {
      request = {
        cursor: frame.anchor as string,
        offset: pos,
        limit: Math.max(1, Math.min(frame.pageSize, frame.end - pos)),
      };
    } else {
      // Always a full page: under growth the answer lands earlier than aimed, and the slack absorbs that.
      const firstTry = (this.#attempts.get(pos) ?? 0) <= 1;
      const target = (this.#aim as OffsetAim).aim(pos, { alone: pending.length === 0, firstTry });
      request = { offset: target.offset, limit: frame.pageSize };
      aimed = target.aimed;
    }
    const promise = this.#source.fetch(request, this.#signal());
    // Growth is read as each answer lands, not when it is awaited: a prefetched page that landed early must stop
    // further prefetch at once. Failures surface when the page is awaited; until then nobody may be listening.
    promise.then(
      (result) => {
        if (!aimed) return;
        const { results, total } = result.data;
        if (results.length > 0) {
          if (total < this.#largestTotal) this.#shrank ??= { from: this.#largestTotal, to: total };
          else this.#largestTotal = total;
        }
        (this.#aim as OffsetAim).answerArrived(aimed, results.length > 0 ? total - frame.total0 : undefined);
      },
      () => {
        if (aimed) aimed.answered = true;
      },
    );
    const limit = request.limit as number;
    this.#inFlight.push({ request, pos, limit, aimed, promise });
    this.#scheduledUpTo = Math.max(this.#scheduledUpTo, pos + limit);
  }

  /** Maps one response onto original positions and buffers what is still wanted. */
  #absorb(flight: InFlight<TBody>, result: WithResponse<TBody>): void {
    const frame = this.#frame as Mutable<Frame>;
    const { results, total } = result.data;
    if (results.length === 0) {
      if (flight.aimed && flight.pos <= frame.next) this.#aim?.answerPlaced(flight.aimed, 'empty');
      // Without `ahead` an offset-mode request never aims past its position (the list only grew since).
      const aimedAtPos = (flight.aimed?.ahead ?? 0) === 0;
      if (frame.mode === 'cursor' || (flight.pos <= frame.next && aimedAtPos)) {
        // Nothing at or after this position: the list ends here, unless its first page promised more.
        const at = Math.max(frame.next, flight.pos);
        if (at < frame.end && Number.isFinite(frame.end)) {
          throw new ListInconsistentError(
            `The list ended at row ${at}, before the ${frame.end} rows announced when the iteration started: it ` +
              'shrank (a reorg, dropped transactions) or the server misreports `total`; the iteration stops rather ' +
              'than end early without saying so',
          );
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
      if ((result.data as { prev_cursor?: unknown }).prev_cursor === null) {
        frame.end = Math.min(frame.end, start + results.length);
      }
    } else {
      // Rows that leave the list (a reorg, dropped unanchored transactions) may have left anywhere, so a smaller
      // `total` tells nothing of where positions moved: stop rather than guess and skip or repeat rows.
      if (this.#shrank) {
        throw new ListInconsistentError(
          `The list shrank from ${this.#shrank.from} to ${this.#shrank.to} rows while it was iterated (a reorg, ` +
            'dropped transactions): rows may have moved anywhere, so the iteration stops rather than skip or repeat ' +
            'any; start it again',
        );
      }
      start = flight.request.offset - (total - frame.total0);
      if (flight.aimed && flight.pos <= frame.next) {
        this.#aim?.answerPlaced(flight.aimed, placement(start, results.length, frame.next));
      }
    }
    results.forEach((item, i) => {
      const pos = start + i;
      if (pos >= frame.next && pos < frame.end) this.#buffer.set(pos, item);
    });
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Where a non-empty page of `count` rows starting at position `start` lies relative to position `next`. */
function placement(start: number, count: number, next: number): Placement {
  if (start > next) return 'after';
  return start + count <= next ? 'before' : 'covered';
}

/** Why a 2xx body is not a page, or `undefined` when it is one; run by the transport on every list response. */
export function pageShapeProblem(data: unknown): string | undefined {
  const body = data as Partial<PageBody<unknown>> | null;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'expected a page object';
  if (!Array.isArray(body.results)) return 'expected a page with a `results` array';
  if (typeof body.total !== 'number' || typeof body.limit !== 'number' || typeof body.offset !== 'number') {
    return 'expected a page with numeric `limit`, `offset` and `total`';
  }
  return undefined;
}
