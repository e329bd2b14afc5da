import type { WithResponse } from '../api-promise.js';
import { ListInconsistentError, ListReorgedError } from '../errors.js';
import type { PageParam } from '../page-param.js';
import { linkedController } from '../retry.js';
import { firstParam, keyOf, MAX_PAGE_SIZE, type PageSource } from './lists.js';
import { pageAfter, type Ranked } from './page-after.js';
import type { PageBody, PageRequest } from './strategies.js';

/** Rows delivered first that the pager keeps (a re-org reaches the newest rows, which it delivers first). */
const MEMORY = 1000;
/** Re-reads of the head in a row with no row delivered in between. */
const MAX_REREADS = 8;
/** Re-reads that give the caller rows from the head (every delivered row was gone), over the whole iteration. */
const MAX_RECOVERIES = 16;

export interface PagerOptions<TItem> {
  /** Rows per request after the overlapping one. */
  pageSize: number;
  concurrency?: number | undefined;
  maxItems?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The first request, when starting from scratch, or the position to go on from (then `first` is not used). */
  first?: PageRequest | undefined;
  param?: PageParam | undefined;
  /** Called when the list ends with the rows delivered that are no longer in it. */
  onReorg?: ((orphaned: TItem[]) => void) | undefined;
}

/** Items the pager delivers, the answer that held them and the position after them. */
export interface Chunk<TItem, TBody> {
  items: TItem[];
  data: TBody;
  response: Response;
  next: PageParam;
  /** The row the param named is gone: `items` are empty, `next` follows the rows a search from the head read. */
  gone?: boolean;
}

const requestKey = (request: PageRequest) => JSON.stringify([request.offset, request.limit, request.cursor]);

/**
 * Iteration over the page rule (internal/page-after.ts), plus prefetch and the rows delivered first, against which
 * head re-reads are reconciled. It ends: each turn delivers rows after the row delivered last (its rank goes down),
 * or re-reads the head (MAX_REREADS in a row), or delivers rows from the head (MAX_RECOVERIES).
 */
export class Pager<TItem, TBody extends PageBody<TItem>> {
  readonly #source: PageSource<TItem, TBody>;
  readonly #options: PagerOptions<TItem>;
  #param: PageParam | undefined;
  /** The rows delivered first, by identity: where each was when delivered or met last. */
  readonly #memory = new Map<unknown, { item: TItem; key: string; rank: number }>();
  #knowsAll: boolean;
  #left: number;
  #rereads = 0;
  #recoveries = 0;
  #requests = 0;
  #done = false;
  #lost = false;
  /** Prefetches may outlive a chunk: one signal that close() aborts. */
  #link: ReturnType<typeof linkedController> | undefined;
  /** Requests sent ahead of the page that will make them (prefetch). */
  #cache = new Map<string, Promise<WithResponse<TBody>>>();
  /** The growth the page before the last met (offset lists aim ahead by the smaller of the last two). */
  #trip = 0;

  constructor(source: PageSource<TItem, TBody>, options: PagerOptions<TItem>) {
    this.#source = source;
    this.#options = options;
    this.#left = options.maxItems ?? Infinity;
    this.#param = options.param && { ...options.param, limit: options.pageSize };
    this.#knowsAll = !options.param;
    if ((options.concurrency ?? 1) > 1) this.#link = linkedController([options.signal]);
  }

  /** The next items, `null` once the list is done (after one more read of its head when the chain moved). */
  async next(): Promise<Chunk<TItem, TBody> | null> {
    try {
      if (!this.#param) {
        const first = this.#options.first ?? { offset: 0, limit: this.#options.pageSize };
        const { data, response } = await this.#fetch(first);
        const next = { ...firstParam(this.#source, first, data), limit: this.#options.pageSize };
        const chunk = { items: data.results, data, response, next };
        return this.#take(chunk, []) ?? { ...chunk, items: [] };
      }
      while (!this.#done) {
        const { end, offset } = this.#param;
        const atEnd = (end !== null && offset >= end) || this.#left <= 0;
        if (atEnd) {
          this.#done = true;
          const report = this.#options.onReorg && this.#requests > 1 && this.#memory.size > 0;
          if (!(this.#lost && this.#left > 0) && !report) break;
        }
        const chunk = await this.#step(atEnd);
        if (chunk) return chunk;
      }
      return null;
    } catch (error) {
      this.close();
      throw error;
    }
  }

  /** Aborts whatever is still in flight; the pager cannot be used afterwards. */
  close(): void {
    if (this.#cache.size > 0) this.#link?.controller.abort();
    this.#link?.dispose();
    this.#cache.clear();
  }

  #fetch(request: PageRequest): Promise<WithResponse<TBody>> {
    this.#requests += 1;
    const ahead = this.#cache.get(requestKey(request));
    this.#cache.delete(requestKey(request));
    return ahead ?? this.#source.fetch(request, this.#link?.controller.signal ?? this.#options.signal);
  }

  /** Sends ahead the requests the page rule will make after `param`, and drops those no longer predicted. */
  #prefetch(param: PageParam): void {
    const { concurrency = 1, pageSize } = this.#options;
    const { strategy, max = MAX_PAGE_SIZE } = this.#source;
    const keep = new Map<string, Promise<WithResponse<TBody>>>();
    const signal = this.#link?.controller.signal;
    if (concurrency > 1 && param.end !== null && strategy.prefetch?.(param)) {
      const floor = param.total - param.end;
      // A page re-reads the row delivered last, so at the largest limit it moves on one row less than pageSize.
      const step = Math.min(pageSize, max - 1);
      for (let k = 0, rank = param.total - param.offset; k < concurrency && rank > floor; k++, rank -= step) {
        const request = strategy.request({ ...param, rank, floor, limit: pageSize }, max, false);
        const key = requestKey(request);
        const ahead = this.#cache.get(key) ?? (k > 0 ? this.#source.fetch(request, signal) : undefined);
        // Nothing may await a prefetch: its failure must not go unhandled.
        ahead?.catch(() => {});
        if (ahead) keep.set(key, ahead);
      }
    }
    this.#cache = keep;
  }

  /**
   * The page after the row delivered last, or (`fromHead`, at the list's end) a re-read of the head down to that row
   * that reports the delivered rows it did not meet; rows after it (the list's end moved down) go on.
   */
  async #step(fromHead: boolean): Promise<Chunk<TItem, TBody> | null> {
    const param = this.#param as PageParam;
    const source = { ...this.#source, fetch: (request: PageRequest) => this.#fetch(request) };
    for (;;) {
      const seen: Ranked<TItem>[] = [];
      const requests = this.#requests;
      if (fromHead) this.#cache.clear();
      else this.#prefetch(param);
      const aim = { ...param, end: fromHead ? null : param.end, growth: Math.min(param.growth, this.#trip) };
      this.#trip = param.growth;
      const chunk = await pageAfter(source, aim, this.#options.signal, seen, fromHead);
      for (const { item, rank } of seen) {
        const known = this.#memory.get(this.#source.identity(item));
        // A delivered row in its block keeps its count of older rows: else the list changed below it.
        if (known?.key === keyOf(this.#source, item) && known.rank !== rank) {
          throw new ListInconsistentError(
            `Row ${known.key} had ${known.rank} older rows and now has ${rank}: the list changed below the rows delivered`,
          );
        }
      }
      if (seen.length > 0 || chunk?.gone) {
        this.#cache.clear();
        if (this.#options.first?.cursor !== undefined) {
          throw new ListReorgedError(
            'A re-org moved the rows under the cursor this iteration started from: start it again',
          );
        }
        if (++this.#rereads > MAX_REREADS) {
          throw new ListReorgedError(
            `The list was re-read from its head ${MAX_REREADS} times in a row with no row delivered in between: ` +
              'it keeps re-orging, or the server contradicts itself',
          );
        }
      }
      // A re-read of several requests is one view of the list only if its first row is still at the head after it,
      // below rows never delivered only (a re-org during the re-read takes the newest rows, which it read first).
      const met = seen[0];
      if (fromHead && met && this.#requests - requests > 1) {
        const { results } = (await this.#fetch({ offset: 0, limit: this.#source.max ?? MAX_PAGE_SIZE })).data;
        const at = results.findIndex((row) => keyOf(this.#source, row) === keyOf(this.#source, met.item));
        if (at < 0 || results.slice(0, at).some((row) => this.#memory.has(this.#source.identity(row))))
          continue;
      }
      if (chunk?.gone) {
        // Every row delivered was gone: the rows the head re-read met are the rest of the list, less those delivered.
        if (!this.#knowsAll) {
          throw new ListReorgedError(
            this.#options.param && this.#memory.size === 0
              ? 'A re-org moved the row before this page: fetch the list again from its first page'
              : `A re-org orphaned the ${this.#memory.size} rows delivered first that the iteration remembers and more: it cannot go on exactly; start it again`,
          );
        }
        if (fromHead && seen.every(({ item }) => this.#memory.has(this.#source.identity(item)))) {
          this.#report(seen, true);
          return null;
        }
        if (++this.#recoveries > MAX_RECOVERIES) {
          throw new ListReorgedError(
            `Re-orgs took every row delivered, or brought rows back above them, ${MAX_RECOVERIES} times: the list ` +
              'keeps re-orging under the iteration; start it again',
          );
        }
        this.#lost = true;
        this.#done = false;
      } else {
        if (fromHead) this.#report(seen, false);
        if (!chunk) {
          this.#param = { ...param, end: param.offset };
          return null;
        }
        if (fromHead && chunk.items.length > 0) this.#done = false;
      }
      return this.#take(chunk, seen);
    }
  }

  /** Moves past a chunk and gives its rows never delivered (once every delivered row was gone, `seen` too). */
  #take(chunk: Chunk<TItem, TBody>, seen: Ranked<TItem>[]): Chunk<TItem, TBody> | null {
    this.#param = chunk.next;
    const last = chunk.next.total - chunk.next.offset + chunk.items.length - 1;
    const rows = chunk.items.map((item, i) => ({ item, rank: last - i }));
    const items: TItem[] = [];
    for (const { item, rank } of this.#lost && this.#knowsAll ? [...seen, ...rows] : rows) {
      if (this.#left <= 0) break;
      const id = this.#source.identity(item);
      const known = this.#memory.get(id);
      const key = keyOf(this.#source, item);
      // Never twice: a row delivered before that a re-org moved to another block.
      if (known) Object.assign(known, { key, rank });
      else {
        if (this.#memory.size < MEMORY) this.#memory.set(id, { item, key, rank });
        else this.#knowsAll = false;
        items.push(item);
        this.#left -= 1;
      }
    }
    if (items.length === 0) return null;
    this.#rereads = 0;
    return { ...chunk, items };
  }

  /** Reports the rows delivered that a re-read from the head did not meet. */
  #report(seen: Ranked<TItem>[], passGone: boolean): void {
    const met = new Set(seen.map(({ item }) => this.#source.identity(item)));
    const orphaned: TItem[] = [];
    for (const [id, { item, key }] of this.#memory) {
      if ((passGone || key !== this.#param?.last) && !met.has(id)) orphaned.push(item);
    }
    if (orphaned.length > 0) this.#options.onReorg?.(orphaned);
  }
}
