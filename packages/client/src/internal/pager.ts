import type { WithResponse } from '../api-promise.js';
import { BadRequestError, ListInconsistentError, ListReorgedError, NotFoundError } from '../errors.js';
import type { PageParam } from '../page-param.js';
import { linkedController } from '../retry.js';
import { firstParam, keyOf, MAX_PAGE_SIZE, type PageSource } from './lists.js';
import { type Flight, type Frame, MAX_MISSES, type PageBody, type PageRequest } from './strategies.js';

/** Rows delivered first that the pager keeps (a re-org reaches the newest rows, which it delivers first). */
const MEMORY = 1000;
/** Re-reads of the list's head in a row with no row delivered in between. */
const MAX_REREADS = 8;
/**
 * Re-reads, over the whole iteration, that give the caller rows from the head: every delivered row was gone, or rows
 * came back above the one delivered last. With the re-reads in a row bounded too and the pass going down otherwise,
 * every iteration ends, even on a list that re-orgs and grows forever.
 */
const MAX_RECOVERIES = 16;

/**
 * A row as read: the item, its identity and key, its rank (how many rows of the list are older than it: nothing at
 * the head changes it while the row stays in its block) and, once delivered, when (`seq`, in list order).
 */
interface Row<TItem> {
  item: TItem;
  id: unknown;
  key: string;
  rank: number;
  seq: number;
  /** Its position cursor (lists paged by position). */
  pos?: string | undefined;
}

/** Where a read stands: the key and rank of the row read last (`null` and Infinity: the head, nothing read). */
interface Reader {
  key: string | null;
  rank: number;
  /** The row's position cursor (lists paged by position). */
  pos?: string | undefined;
}

/** What one answer gave a reader: the rows after its row, and whether the list ends with them. */
interface Read<TItem, TBody> {
  rows: Row<TItem>[];
  data: TBody;
  response: Response;
  /** The list ends with these rows. */
  end: boolean;
  /** Rows met at the head by a re-read, above the pass: delivered where they are (`seq` set), the pass stays. */
  head?: boolean;
}

export interface PagerOptions<TItem> {
  /** Rows per request after the overlapping one. */
  pageSize: number;
  /** The `limit` of the page params it makes (default `pageSize`). */
  limit?: number | undefined;
  concurrency?: number | undefined;
  maxItems?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The first request, when starting from scratch ... */
  first?: PageRequest | undefined;
  /** ... or the position to go on from (then `first` is not used). */
  param?: PageParam | undefined;
  /** Called once, when the list ends, with the rows delivered that are no longer in it. */
  onReorg?: ((orphaned: TItem[]) => void) | undefined;
}

/** Items the pager delivers, the answer that held them and the position after them. */
export interface Chunk<TItem, TBody> {
  items: TItem[];
  data: TBody;
  response: Response;
  next: PageParam;
}

/**
 * Delivers a list once per row, in order, while the chain grows, re-orgs and resets. One rule: every request
 * overlaps the row delivered last, and a row is accepted only right after that row's key (id and block); a block
 * fixes every block below it, so the rows after it are the ones that followed it before. Any disagreement (the row
 * is gone, moved, or its cursor's block is) re-reads the list from its head and reconciles by key against the rows
 * delivered, however often that happens, during a re-read too:
 * - a delivered row met in its block (the first from the head) proves the row delivered last still there, with
 *   every row older than it: the iteration goes on after it; rows delivered newer than the anchor and not met
 *   again by identity were orphaned;
 * - met none (every delivered row orphaned or moved): the rest of the list is what the re-read reads, less the rows
 *   already delivered, which needs every delivered row remembered (else `ListReorgedError`).
 * Positions are ranks (older rows counted): head changes leave them alone. How a rank is asked for and how an
 * answer's rows are ranked is the list's strategy (internal/strategies.ts: cursor, offset, position).
 *
 * Why it ends: every `next()` turn sends a request. A turn either delivers rows after the row delivered last (its
 * rank goes down), or re-reads the head (at most MAX_REREADS in a row with nothing delivered), or delivers rows from
 * the head (at most MAX_RECOVERIES per iteration, the only way up); one read spends at most MAX_MISSES requests on
 * its row (counted per row delivered last, so re-reads do not reset them) and a re-read walks strictly down the
 * ranks or starts over, which counts as a re-read. So the requests are bounded by the ranks below the start times
 * those constants; past them it throws (ListOutpacedError, ListReorgedError).
 */
export class Pager<TItem, TBody extends PageBody<TItem>> {
  readonly #source: PageSource<TItem, TBody>;
  readonly #options: PagerOptions<TItem>;
  readonly #frame: Frame = {
    cursor: null,
    total: 0,
    growth: 0,
    floor: -Infinity,
    misses: 0,
    ahead: 0,
    trip: 0,
    growing: false,
    noAhead: false,
  };
  /** The row delivered last: where the next page starts. */
  #pass: Reader | undefined;
  readonly #memory = new Map<unknown, Row<TItem>>();
  /** Whether every row given to the caller is in `#memory` (not after a page param, nor past `MEMORY` rows). */
  #knowsAll: boolean;
  /** `seq` of the first row delivered and not remembered, and of the row the pass stands on. */
  #forgotten = Infinity;
  #seq = 0;
  #passSeq = 0;
  #left: number;
  #flights: Flight<TBody>[] = [];
  #link: ReturnType<typeof linkedController> | undefined;
  #rereads = 0;
  #requests = 0;
  #recoveries = 0;
  #done = false;
  /** Whether a re-read found every delivered row gone: rows of the list may have left as the pass went by. */
  #lost = false;
  /** Rows a re-read found for the caller (every delivered row had left its block). */
  #pending: Read<TItem, TBody> | undefined;

  constructor(source: PageSource<TItem, TBody>, options: PagerOptions<TItem>) {
    this.#source = source;
    this.#options = options;
    this.#left = options.maxItems ?? Infinity;
    this.#knowsAll = options.param === undefined;
    if (options.param) this.#adopt(options.param);
  }

  /** The position after the rows delivered so far, as a page param. */
  get param(): PageParam {
    const pass = this.#pass as Reader;
    const { total, floor, growth, cursor } = this.#frame;
    return {
      cursor: pass.pos ?? cursor,
      offset: total - pass.rank,
      total,
      end: floor === -Infinity ? null : total - floor,
      limit: this.#options.limit ?? this.#options.pageSize,
      growth,
      last: pass.key,
    };
  }

  /** The next items, `null` once the list is done (after one more read of its head when the chain moved). */
  async next(): Promise<Chunk<TItem, TBody> | null> {
    try {
      if (!this.#pass) return await this.#first();
      for (;;) {
        const pass = this.#pass;
        let read = this.#pending;
        this.#pending = undefined;
        if (!read) {
          if (this.#done) return null;
          if (pass.rank <= this.#frame.floor || this.#left <= 0) {
            this.#done = true;
            // Rows a re-org took away as the pass went by may be back at the head: read it once more.
            const { onReorg } = this.#options;
            const report = onReorg && this.#requests > 1 && this.#memory.size > 0;
            if ((this.#lost && this.#left > 0) || report) await this.#reconcile(true);
            continue;
          }
          const next = await this.#read(pass, Math.min(this.#max, this.#options.pageSize + 1), true);
          if (next === null) {
            await this.#reconcile(false);
            continue;
          }
          read = next;
        }
        const end = read.rows.at(-1)?.rank ?? pass.rank;
        // Rows past the list's end as first announced are not part of it (a server that makes rows up).
        const rows = read.head ? read.rows : read.rows.filter((row) => row.rank >= this.#frame.floor);
        const items = this.#deliver(rows, read.head === true);
        if (read.end && !read.head) this.#frame.floor = end;
        if (items.length > 0) return { items, data: read.data, response: read.response, next: this.param };
      }
    } catch (error) {
      this.close();
      throw error;
    }
  }

  /** Aborts whatever is still in flight; the pager cannot be used afterwards. */
  close(): void {
    if (this.#flights.length > 0) this.#link?.controller.abort();
    this.#link?.dispose();
    this.#flights = [];
  }

  async #first(): Promise<Chunk<TItem, TBody>> {
    const first = this.#options.first ?? { offset: 0, limit: this.#options.pageSize };
    const { data, response } = await this.#fetch(first);
    const param = firstParam(this.#source, first, data);
    this.#adopt(param);
    const { results } = data;
    const top = param.total - param.offset + results.length;
    // The pass starts above the first row; delivering moves it to the last row taken.
    this.#pass = { key: null, rank: top };
    const items = this.#deliver(results.map((item, i) => this.#row(item, top - 1 - i)));
    return { items, data, response, next: this.param };
  }

  #adopt(param: PageParam): void {
    const frame = this.#frame;
    frame.total = param.total;
    frame.growth = param.growth;
    frame.floor = param.end === null ? -Infinity : param.total - param.end;
    const pos = this.#source.strategy.adopt(frame, param);
    this.#pass = { key: param.last ?? null, rank: param.total - param.offset, pos };
  }

  get #max(): number {
    return this.#source.max ?? MAX_PAGE_SIZE;
  }

  #row(item: TItem, rank: number): Row<TItem> {
    const { identity, strategy } = this.#source;
    const pos = strategy.position?.(item as never);
    return { item, id: identity(item), key: keyOf(this.#source, item), rank, seq: 0, pos };
  }

  /**
   * Gives the caller the rows never delivered, up to `maxItems`; the pass moves past every row taken, and rows
   * delivered before (a re-org moved them) are noted where they are now, in list order with the others.
   */
  #deliver(rows: Row<TItem>[], head = false): TItem[] {
    const items: TItem[] = [];
    const pass = this.#pass as Reader;
    for (const row of rows) {
      if (this.#left <= 0) break;
      if (!head) {
        pass.key = row.key;
        pass.rank = row.rank;
        pass.pos = row.pos;
        row.seq = this.#passSeq = ++this.#seq;
      }
      const known = this.#memory.get(row.id);
      // Never twice: a row delivered before that a re-org moved to another block.
      if (known) {
        Object.assign(known, { key: row.key, rank: row.rank, seq: row.seq });
        continue;
      }
      if (this.#memory.size < MEMORY) this.#memory.set(row.id, row);
      else {
        this.#knowsAll = false;
        this.#forgotten = Math.min(this.#forgotten, row.seq);
      }
      items.push(row.item);
      this.#left -= 1;
    }
    if (items.length > 0) this.#rereads = 0;
    return items;
  }

  /**
   * Re-reads the list from its head until a delivered row in its block (the anchor) settles where the pass
   * stands. `verify`: only to learn which delivered rows left the list, and report them.
   */
  async #reconcile(verify: boolean): Promise<void> {
    const pass = this.#pass as Reader;
    if (this.#options.first?.cursor !== undefined) {
      throw new ListReorgedError(
        'A re-org moved the rows under the cursor this iteration started from: start it again',
      );
    }
    // Where the re-read stops looking for a delivered row in its block; without them all, the last one is probed.
    let lowest = this.#knowsAll ? pass.rank : Infinity;
    for (const row of this.#memory.values()) lowest = Math.min(lowest, row.rank);
    rereads: for (;;) {
      if (++this.#rereads > MAX_REREADS) {
        throw new ListReorgedError(
          `The list was re-read from its head ${MAX_REREADS} times in a row with no row delivered in between: ` +
            'it keeps re-orging, or the server contradicts itself',
        );
      }
      const met = new Set<unknown>();
      const seen: Row<TItem>[] = [];
      const head: Reader = { key: null, rank: Infinity };
      for (let reads = 0; ; reads++) {
        const read = await this.#read(head, this.#max, false);
        if (read === null) continue rereads;
        for (const row of read.rows) {
          const known = this.#memory.get(row.id);
          // A delivered row in its block keeps its count of older rows: else the list changed below it.
          if (known?.key === row.key && known.rank !== row.rank)
            this.#changedBelow(row.key, known.rank, row.rank);
          // While every delivered row is remembered, only the row delivered last anchors: a reset can bring back a
          // block a re-org orphaned, so a row in its block proves nothing about the rows between it and that row.
          const other = !this.#knowsAll && known?.key === row.key ? known : undefined;
          const anchor = row.key === pass.key ? pass : other;
          if (anchor) {
            // A row in its block keeps its count of older rows: else the list changed below it.
            if (anchor.rank !== row.rank) this.#changedBelow(row.key, anchor.rank, row.rank);
            const seq = anchor === pass ? this.#passSeq : (known as Row<TItem>).seq;
            // A re-read of several requests is one view of the list only if its first row is still there after.
            if (reads > 0 && verify && !(await this.#still(seen[0]))) continue rereads;
            return this.#anchor(seq, met, verify, { ...read, rows: seen });
          }
          met.add(row.id);
          seen.push(row);
        }
        const last = read.rows.at(-1);
        // Past every remembered row without meeting one in its block: all were orphaned or moved.
        if (read.end || (last && last.rank < lowest)) return this.#passed(seen, met, verify, read);
        if (last) Object.assign(head, { key: last.key, rank: last.rank, pos: last.pos });
      }
    }
  }

  /**
   * A delivered row was met in its block (delivered as `seq`): the rows delivered after it are still there, with
   * every row older than it; those delivered before it are there only if the re-read met them. The rows met above
   * it are noted in list order just before it, and those never delivered are delivered (a re-org may have brought
   * back rows of the list that the pass found gone), unless a row given out is not remembered.
   */
  #anchor(seq: number, met: Set<unknown>, verify: boolean, above: Read<TItem, TBody>): void {
    if (verify && this.#options.onReorg) {
      if (this.#forgotten < seq) this.#forgetful();
      const orphaned: TItem[] = [];
      for (const [id, row] of this.#memory) if (row.seq < seq && !met.has(id)) orphaned.push(row.item);
      if (orphaned.length > 0) this.#options.onReorg?.(orphaned);
    }
    const { rows } = above;
    const fresh: Row<TItem>[] = [];
    rows.forEach((row, i) => {
      const known = this.#memory.get(row.id);
      row.seq = seq - (rows.length - i) / (rows.length + 1);
      if (known) Object.assign(known, { key: row.key, rank: row.rank, seq: row.seq });
      else fresh.push(row);
    });
    if (
      fresh.length > 0 &&
      this.#lost &&
      (this.#knowsAll || (!this.#options.param && seq < this.#forgotten))
    ) {
      this.#recover();
      this.#pending = { ...above, rows: fresh, head: true };
    }
  }

  /** Whether `row` (the first a re-read met) is still at the head of the list, in its block, below new rows only. */
  async #still(row: Row<TItem> | undefined): Promise<boolean> {
    if (!row) return true;
    const rows = (await this.#read({ key: null, rank: Infinity }, this.#max, false))?.rows ?? [];
    const at = rows.findIndex((r) => r.key === row.key);
    return at >= 0 && rows.slice(0, at).every((r) => !this.#memory.has(r.id));
  }

  /** The re-read went past every remembered row, or to the list's end, without an anchor. */
  async #passed(seen: Row<TItem>[], met: Set<unknown>, verify: boolean, read: Read<TItem, TBody>) {
    const pass = this.#pass as Reader;
    if (!this.#knowsAll) {
      // Rows given to the caller but not remembered may lie between: only the row delivered last can settle it.
      if ((await this.#read({ ...pass }, 2, false)) === null) {
        throw new ListReorgedError(
          this.#options.param && this.#memory.size === 0
            ? 'A re-org moved the row before this page: fetch the list again from its first page'
            : `A re-org orphaned the ${this.#memory.size} rows delivered first that the iteration remembers and more: it cannot go on exactly; start it again`,
        );
      }
      return this.#anchor(this.#passSeq, met, verify, { ...read, rows: [] });
    }
    // Every row delivered left its block: the rest of the list is the re-read's rows not delivered yet (and the
    // iteration goes on from there, even after its end: what it delivered was orphaned or moved).
    if (verify && read.end && seen.every((row) => this.#memory.has(row.id))) {
      return this.#anchor(Infinity, met, verify, { ...read, rows: [] });
    }
    this.#recover();
    this.#pending = { ...read, rows: seen };
    this.#done = false;
    this.#lost = true;
  }

  #recover(): void {
    if (++this.#recoveries > MAX_RECOVERIES) {
      throw new ListReorgedError(
        `Re-orgs took every row delivered, or brought rows back above them, ${MAX_RECOVERIES} times: the list ` +
          'keeps re-orging under the iteration; start it again',
      );
    }
  }

  #changedBelow(key: string, was: number, is: number): never {
    throw new ListInconsistentError(
      `Row ${key} had ${was} older rows and now has ${is}: the list changed below the rows delivered`,
    );
  }

  #forgetful(): never {
    throw new ListReorgedError(
      `A re-org reached past the ${MEMORY} rows delivered first that the iteration remembers: it cannot report the ` +
        'rows it orphaned exactly; start it again',
    );
  }

  /**
   * Reads the rows after `reader`'s row from one answer (queued prefetches first). `null`: the answer does not show
   * that row where it should be (a re-org, a reset, a shrink beyond aim): the caller re-reads from the head.
   */
  async #read(reader: Reader, size: number, prefetch: boolean): Promise<Read<TItem, TBody> | null> {
    for (;;) {
      if (this.#flights[0]?.rank !== reader.rank) this.#flights = [];
      if (this.#flights.length === 0) this.#flights.push(this.#send(reader, size));
      if (prefetch) this.#prefetch(size);
      const flight = this.#flights.shift() as Flight<TBody>;
      let answer: WithResponse<TBody>;
      try {
        answer = await flight.promise;
      } catch (error) {
        // A cursor whose block is gone (a reset, a re-org): the rows under it are re-read from the head.
        if (
          flight.request.cursor !== undefined &&
          (error instanceof NotFoundError || error instanceof BadRequestError)
        ) {
          this.#flights = [];
          return null;
        }
        throw error;
      }
      const { data, response } = answer;
      const rows = this.#place(flight, data);
      const { strategy } = this.#source;
      const frame = this.#frame;
      let at =
        reader.key === null
          ? reader.rank === Infinity
            ? -1
            : rows.findIndex((r) => r.rank === reader.rank)
          : rows.findIndex((r) => r.key === reader.key);
      if (strategy.overlap) at = strategy.overlap(flight.request, at);
      const first = rows[0];
      const last = rows.at(-1);
      if (!first && reader.rank === Infinity) return { rows, data, response, end: true };
      if (at >= 0 || (reader.rank === Infinity && first)) {
        const found = rows[at];
        if (found && found.rank !== reader.rank) {
          const shift = reader.rank - found.rank;
          if (reader.rank === Infinity || !strategy.shift?.(frame, shift))
            this.#changedBelow(found.key, reader.rank, found.rank);
          for (const row of rows) row.rank += shift;
        }
        const after = rows.slice(at + 1);
        const short = rows.length < (flight.request.limit ?? 0) || strategy.ended(data);
        if (short && strategy.counts?.(frame) && (last as Row<TItem>).rank !== 0) {
          throw new ListInconsistentError(
            `The list ended ${(last as Row<TItem>).rank} rows before the total it announced (${data.total})`,
          );
        }
        if (after.length === 0 && !short) {
          if (++frame.misses >= MAX_MISSES) {
            throw new ListInconsistentError(
              'The server keeps answering the same rows: the list cannot be paged',
            );
          }
          continue;
        }
        // Misses count per row delivered last: re-reads from the head do not clear them, so a row that growth
        // keeps outrunning ends in ListOutpacedError however often the list is re-read in between.
        if (reader === this.#pass) {
          frame.misses = 0;
          frame.noAhead = false;
        }
        return { rows: after, data, response, end: short };
      }
      this.#flights = [];
      if (reader.rank === Infinity || !strategy.miss?.(frame, flight, rows, reader.rank)) return null;
    }
  }

  /** The request for the rows from `reader`'s row down (that row is the overlap); the head for rank Infinity. */
  #send({ rank, pos }: Reader, size: number): Flight<TBody> {
    const { total, growth } = this.#frame;
    const flight = {
      rank,
      aimed: total + growth,
      ahead: 0,
      alone: this.#flights.length === 0,
    } as Flight<TBody>;
    flight.request =
      rank === Infinity
        ? { offset: 0, limit: size }
        : this.#source.strategy.send(this.#frame, flight as Flight<unknown>, size, pos);
    flight.promise = this.#fetch(flight.request);
    flight.promise.catch(() => {});
    return flight;
  }

  /** Prefetches the pages after those in flight while the list's end is known and (offset) it is not growing. */
  #prefetch(size: number): void {
    const { concurrency = 1 } = this.#options;
    const { floor } = this.#frame;
    if (concurrency <= 1 || floor === -Infinity || !this.#source.strategy.prefetch?.(this.#frame)) return;
    let rank = (this.#flights.at(-1) as Flight<TBody>).rank - (size - 1);
    const stop = Math.max(floor, (this.#pass as Reader).rank - this.#left);
    while (this.#flights.length < concurrency && rank > stop) {
      this.#flights.push(this.#send({ key: null, rank }, size));
      rank -= size - 1;
    }
  }

  /** The rows of an answer with their ranks, as the strategy places them. */
  #place(flight: Flight<TBody>, data: TBody): Row<TItem>[] {
    const { results } = data;
    if (results.length === 0) return [];
    const top = this.#source.strategy.place(this.#frame, flight as Flight<unknown>, data);
    return results.map((item, i) => this.#row(item, top - i));
  }

  #fetch(request: PageRequest): Promise<WithResponse<TBody>> {
    this.#requests += 1;
    const { signal, concurrency = 1 } = this.#options;
    if (concurrency <= 1) return this.#source.fetch(request, signal);
    // Prefetches may outlive a chunk: one signal that close() aborts.
    this.#link ??= linkedController([signal]);
    return this.#source.fetch(request, this.#link.controller.signal);
  }
}
