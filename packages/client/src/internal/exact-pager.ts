import { ListOutpacedError } from '../errors.js';
import { createAttemptSignal } from './signals.js';
import type { WithResponse } from './transport.js';

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
export interface Frame {
  readonly mode: 'cursor' | 'offset';
  readonly anchor: string | undefined;
  readonly total0: number;
  /** Latest known growth `T - total0`, used to aim the next request (offset mode). */
  readonly delta: number;
  /** Growth seen during the last request, added to the aim so a steadily growing list is hit first time. */
  readonly lead: number;
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
export const MAX_PAGE_SIZE = 50;

/** Requests aimed at one position before giving up on it; keeps every iteration finite. */
const MAX_ATTEMPTS_PER_POSITION = 5;

interface InFlight<TBody> {
  request: PageRequest;
  /** First position this request is aimed at, and how many positions it is expected to cover. */
  pos: number;
  limit: number;
  /** Whether the offset was pushed ahead of the known growth (offset mode). */
  aimedAhead: boolean;
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
 * Yields a list exactly once per item that existed when iteration started, even while the chain grows: maps
 * every response onto original positions, buffers out-of-order pages (prefetch), refetches gaps, drops what
 * is newer than the start and deduplicates by identity. An empty page always ends the iteration.
 *
 * Cursor mode is exact whatever the growth. Offset mode is exact while the list grows by less than a page
 * per request (or at a steady rate, which it learns); when growth keeps outrunning it, it throws
 * {@link ListOutpacedError} rather than skip items.
 */
export class ExactPager<TItem, TBody extends PageBody<TItem>> {
  private frame: Mutable<Frame> | undefined;
  private readonly buffer = new Map<number, TItem>();
  private readonly inFlight: InFlight<TBody>[] = [];
  private readonly seen = new Set<unknown>();
  private readonly attempts = new Map<number, number>();
  private scheduledUpTo = 0;
  /** No prefetch at or past this position: an offset-mode request there came back empty. */
  private prefetchEnd = Number.POSITIVE_INFINITY;
  private last: WithResponse<TBody> | undefined;
  private readonly controller = new AbortController();
  private readonly linked: ReturnType<typeof createAttemptSignal>;
  private readonly concurrency: number;
  private readonly maxItems: number;

  constructor(
    private readonly source: PageSource<TItem, TBody>,
    private readonly options: PagerOptions,
  ) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.maxItems = options.maxItems === undefined ? Number.POSITIVE_INFINITY : Math.max(0, options.maxItems);
    this.linked = createAttemptSignal([options.signal, this.controller.signal], undefined);
    if (options.frame) {
      this.frame = { ...options.frame };
      this.frame.end = Math.min(this.frame.end, this.frame.next + this.maxItems);
      this.scheduledUpTo = this.frame.next;
    }
  }

  /** The next deliverable items, `null` once nothing is left (without a request when that is already known). */
  async nextChunk(): Promise<Chunk<TItem, TBody> | null> {
    try {
      return this.frame ? await this.continue() : await this.start();
    } catch (error) {
      this.close();
      throw error;
    }
  }

  /** Aborts whatever is still in flight; the pager cannot be used afterwards. */
  close(): void {
    this.controller.abort();
    this.linked.dispose();
  }

  private async start(): Promise<Chunk<TItem, TBody>> {
    const first = this.options.first ?? { offset: 0, limit: this.options.pageSize };
    const result = await this.source.fetch(first, this.linked.signal);
    this.last = result;
    const body = result.data;
    const { results } = body;
    const cursor = (body as { cursor?: unknown }).cursor;
    const prevCursor = (body as { prev_cursor?: unknown }).prev_cursor;
    const pageSize = clampPageSize(first.limit ?? (body.limit > 0 ? body.limit : undefined));
    const base = { total0: body.total, delta: 0, lead: 0, pageSize };
    let frame: Mutable<Frame>;
    if (this.source.cursor && typeof cursor === 'string') {
      // Positions count from the first row of this page; the rows at or older than it were `total - offset`.
      const known =
        first.cursor === undefined ? Math.max(results.length, body.total - first.offset) : Infinity;
      frame = {
        ...base,
        mode: 'cursor',
        anchor: cursor,
        next: 0,
        end: prevCursor === null ? results.length : known,
      };
    } else {
      const end = Math.max(first.offset + results.length, body.total);
      frame = { ...base, mode: 'offset', anchor: undefined, next: first.offset, end };
    }
    if (results.length === 0) frame.end = frame.next;
    frame.end = Math.min(frame.end, frame.next + this.maxItems);
    this.frame = frame;
    results.forEach((item, i) => {
      if (frame.next + i < frame.end) this.buffer.set(frame.next + i, item);
    });
    this.scheduledUpTo = frame.next + results.length;
    return { items: this.takeContiguous(), data: body, response: result.response, frame: { ...frame } };
  }

  private async continue(): Promise<Chunk<TItem, TBody> | null> {
    const frame = this.frame as Mutable<Frame>;
    let fetched = false;
    for (;;) {
      const items = this.takeContiguous();
      const done = frame.next >= frame.end;
      if ((items.length > 0 || (done && fetched)) && this.last) {
        return { items, data: this.last.data, response: this.last.response, frame: { ...frame } };
      }
      if (done) return null;
      this.schedule();
      const head = this.inFlight.shift();
      // schedule() always leaves a request covering `next` in flight when it is not buffered.
      if (!head) throw new Error('ExactPager: nothing in flight for the next position');
      const result = await head.promise;
      fetched = true;
      this.last = result;
      this.absorb(head, result);
    }
  }

  /** Moves every buffered item from `next` onwards into the output, skipping identities already delivered. */
  private takeContiguous(): TItem[] {
    const frame = this.frame as Mutable<Frame>;
    const out: TItem[] = [];
    while (frame.next < frame.end && this.buffer.has(frame.next)) {
      const item = this.buffer.get(frame.next) as TItem;
      this.buffer.delete(frame.next);
      frame.next += 1;
      const id = this.source.identity(item);
      if (this.seen.has(id)) continue;
      this.seen.add(id);
      out.push(item);
    }
    return out;
  }

  private schedule(): void {
    const frame = this.frame as Mutable<Frame>;
    if (frame.next < frame.end && !this.buffer.has(frame.next) && !this.covered(frame.next)) {
      const tries = this.attempts.get(frame.next) ?? 0;
      if (tries < MAX_ATTEMPTS_PER_POSITION) {
        this.attempts.set(frame.next, tries + 1);
        this.issue(frame.next);
      } else {
        // A well-behaved list answers every position within a few tries (only growth outrunning the aim
        // prevents it): stop loudly rather than skip an item.
        throw new ListOutpacedError(
          `The list changed by more than a page between requests ${tries} times in a row at position ` +
            `${frame.next}; use a larger pageSize`,
        );
      }
    }
    // Prefetch only once the end is known, so no request is speculative.
    if (this.concurrency > 1 && Number.isFinite(frame.end)) {
      let pos = Math.max(this.scheduledUpTo, frame.next);
      const stop = Math.min(frame.end, this.prefetchEnd);
      while (this.inFlight.length < this.concurrency && pos < stop) {
        if (!this.buffer.has(pos) && !this.covered(pos)) this.issue(pos);
        pos = Math.max(pos + 1, this.scheduledUpTo);
      }
    }
  }

  private covered(pos: number): boolean {
    return this.inFlight.some((f) => f.pos <= pos && pos < f.pos + f.limit);
  }

  private issue(pos: number): void {
    const frame = this.frame as Mutable<Frame>;
    let request: PageRequest;
    if (frame.mode === 'cursor') {
      request = {
        cursor: frame.anchor as string,
        offset: pos,
        limit: Math.max(1, Math.min(frame.pageSize, frame.end - pos)),
      };
    } else {
      // Always a full page: under growth the answer lands earlier than aimed, and the slack absorbs that.
      request = { offset: Math.max(0, pos + frame.delta + frame.lead), limit: frame.pageSize };
    }
    const promise = this.source.fetch(request, this.linked.signal);
    // Prefetched pages may fail while nobody awaits them yet; the error surfaces when they are awaited.
    promise.catch(() => {});
    const limit = request.limit as number;
    this.inFlight.push({
      request,
      pos,
      limit,
      aimedAhead: frame.mode === 'offset' && frame.lead > 0,
      promise,
    });
    this.scheduledUpTo = Math.max(this.scheduledUpTo, pos + limit);
  }

  /** Maps one response onto original positions and buffers what is still wanted. */
  private absorb(flight: InFlight<TBody>, result: WithResponse<TBody>): void {
    const frame = this.frame as Mutable<Frame>;
    const { results, total } = result.data;
    if (results.length === 0) {
      if (frame.mode === 'cursor' || (flight.pos <= frame.next && !flight.aimedAhead)) {
        // Nothing at or after this position: the list ends here (an empty page's `total` means nothing).
        frame.end = Math.min(frame.end, Math.max(frame.next, flight.pos));
      } else {
        // Offset mode only tells that the request overshot the list as it is now: a prefetch past the real
        // end (stop prefetching there), or an aim ahead of a growth that stopped (aim straight next time).
        this.prefetchEnd = Math.min(this.prefetchEnd, flight.pos);
        frame.lead = 0;
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
      const delta = total - frame.total0;
      start = flight.request.offset - delta;
      frame.lead = Math.max(0, delta - frame.delta);
      frame.delta = delta;
    }
    results.forEach((item, i) => {
      const pos = start + i;
      if (pos >= frame.next && pos < frame.end) this.buffer.set(pos, item);
    });
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

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
