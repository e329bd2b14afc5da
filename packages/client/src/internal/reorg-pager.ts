import { ListReorgedError } from '../errors.js';
import { ExactPager, type PagerOptions, ReorgSignal } from './exact-pager.js';
import { keyOf, MAX_PAGE_SIZE, type PageBody, type PageSource } from './list-page.js';
import type { Chunk, Frame } from './page-frame.js';

/**
 * How many of the rows delivered first the iterator keeps (item, identity and block). A re-org reaches the newest
 * rows of a list, which an iteration delivers first: these are the rows it may have to report as orphaned, or
 * must not deliver twice when they come back in another block. Rows delivered after them cost nothing to keep.
 */
const REORG_MEMORY = 1000;

/**
 * Re-reads of the list in a row with no row delivered in between: keeps an iteration finite under a server that
 * contradicts itself, while a long one still goes across any number of re-orgs spread over it.
 */
const MAX_RESYNCS = 3;

interface Memo<TItem> {
  item: TItem;
  key: string;
  /** Position in the current frame; `undefined` when not known there (orphaned, or delivered by a scan). */
  pos: number | undefined;
}

export interface ReorgPagerOptions<TItem> extends PagerOptions {
  /** Called with rows delivered earlier that a re-org orphaned (and that did not come back). */
  onReorg?: ((orphaned: TItem[]) => void) | undefined;
  /** With `onReorg`: re-reads the head once at the end, so orphaned rows that no later answer showed are reported. */
  verifyAtEnd?: boolean | undefined;
}

type Mode = 'pass' | 'scan' | 'verify' | 'done';

/**
 * An {@link ExactPager} that goes on across re-orgs. When the pager reports that the chain moved (two answers
 * disagree about a row), it re-reads the list from its head ("scan") and reconciles by identity and block:
 * - the first row met that was delivered before and still sits in the same block proves every older row
 *   unchanged (a block fixes the blocks below it), so the iteration jumps to just after the row delivered last,
 *   found at the same distance from it; rows delivered before it and not met on the way were orphaned;
 * - rows met that were delivered before in another block came back after the re-org: skipped, never twice;
 * - rows never delivered met before that point are delivered (a re-org put them there, or they are new), unless
 *   some delivered rows are no longer remembered (then it cannot tell them from rows already delivered);
 * - a list read to its end without such a row means every delivered row was orphaned: the scan was the rest.
 * Where none of this can be exact, it throws {@link ListReorgedError}.
 */
export class ReorgPager<TItem, TBody extends PageBody<TItem>> {
  readonly #source: PageSource<TItem, TBody>;
  readonly #options: ReorgPagerOptions<TItem>;
  #pager: ExactPager<TItem, TBody>;
  #mode: Mode = 'pass';
  /** The first rows delivered, by identity; positions in the current frame. */
  readonly #memory = new Map<unknown, Memo<TItem>>();
  /** Every row delivered is in `#memory` (false for a page param, which knows only the row before it). */
  #complete: boolean;
  /** The row delivered last, which the next page must follow. */
  #last: { key: string; pos: number } | undefined;
  /** Rows still owed after `#last` when the scan began. */
  #owed = Infinity;
  /** `total` the positions of the frame left for the scan were counted in. */
  #total0 = 0;
  /** Where the scan met rows delivered before, and rows it delivered. */
  readonly #met = new Map<Memo<TItem>, { pos: number; key: string }>();
  #left: number;
  /** Whether the scan delivers rows it meets for the first time: every row delivered was remembered when it began. */
  #scanDelivers = false;
  #delivered = 0;
  #resyncs = 0;
  #requests = 0;

  constructor(source: PageSource<TItem, TBody>, options: ReorgPagerOptions<TItem>) {
    this.#source = {
      ...source,
      fetch: (request, signal) => {
        this.#requests += 1;
        return source.fetch(request, signal);
      },
    };
    this.#options = options;
    this.#left = options.maxItems ?? Infinity;
    this.#complete = options.frame === undefined;
    if (options.frame && options.lastKey !== undefined) {
      this.#last = { key: options.lastKey, pos: options.frame.next - 1 };
    }
    this.#pager = new ExactPager(this.#source, options);
  }

  /** The next deliverable items, `null` once nothing is left. */
  async nextChunk(): Promise<Chunk<TItem, TBody> | null> {
    for (;;) {
      if (this.#mode === 'done') return null;
      let chunk: Chunk<TItem, TBody> | null;
      try {
        chunk = await this.#pager.nextChunk();
      } catch (error) {
        if (!(error instanceof ReorgSignal)) throw error;
        this.#startScan(this.#mode === 'verify' ? 'verify' : 'scan', error);
        continue;
      }
      if (this.#mode === 'pass') {
        if (chunk !== null) return this.#pass(chunk);
        if (this.#options.verifyAtEnd && this.#options.onReorg && this.#requests > 1 && this.#delivered > 0) {
          this.#startScan('verify', undefined, false);
          continue;
        }
        this.#mode = 'done';
        return null;
      }
      const out = chunk === null ? this.#scanEnded() : this.#scan(chunk);
      if (out !== undefined) return out;
    }
  }

  close(): void {
    this.#pager.close();
  }

  #pass(chunk: Chunk<TItem, TBody>): Chunk<TItem, TBody> {
    const first = chunk.frame.next - chunk.items.length;
    const items: TItem[] = [];
    chunk.items.forEach((item, i) => {
      const id = this.#source.identity(item);
      // Never twice: a row delivered before can only come back here from a server that contradicts itself.
      if (this.#memory.has(id)) return;
      const key = keyOf(this.#source, item);
      this.#remember(id, { item, key, pos: first + i });
      items.push(item);
    });
    if (chunk.items.length > 0) {
      const lastItem = chunk.items[chunk.items.length - 1] as TItem;
      this.#last = { key: chunk.lastKey ?? keyOf(this.#source, lastItem), pos: chunk.frame.next - 1 };
    }
    this.#left -= items.length;
    this.#delivered += items.length;
    if (items.length > 0) this.#resyncs = 0;
    return { ...chunk, items };
  }

  #remember(id: unknown, memo: Memo<TItem>): boolean {
    if (this.#memory.size >= REORG_MEMORY) {
      this.#complete = false;
      return false;
    }
    this.#memory.set(id, memo);
    return true;
  }

  #startScan(mode: 'scan' | 'verify', cause?: unknown, counted = true): void {
    if (counted && ++this.#resyncs > MAX_RESYNCS) {
      throw new ListReorgedError(
        `The list re-orged ${MAX_RESYNCS} times in a row with no row delivered in between (or the server keeps ` +
          'contradicting itself)',
        { cause },
      );
    }
    if (this.#mode === 'pass') {
      const frame = this.#pager.frame;
      this.#owed = frame ? frame.end - frame.next : Infinity;
      this.#total0 = frame ? frame.total0 : 0;
    }
    this.#pager.close();
    // Positions met by an interrupted scan are in a list that moved since.
    this.#met.clear();
    this.#mode = mode;
    this.#scanDelivers = mode === 'scan' && this.#complete;
    this.#pager = new ExactPager(this.#source, {
      pageSize: MAX_PAGE_SIZE,
      first: { offset: 0, limit: MAX_PAGE_SIZE },
      signal: this.#options.signal,
    });
  }

  #scan(chunk: Chunk<TItem, TBody>): Chunk<TItem, TBody> | null | undefined {
    const first = chunk.frame.next - chunk.items.length;
    const items: TItem[] = [];
    // Rows above a delivered row still in its block: those above it then (at most its position), as many again
    // taken out by a re-org and put back as others, and the growth. Past that, none is left: stop reading when the
    // scan delivers nothing anyway (a page param, a check at the end).
    const reach = this.#last ? 2 * (this.#last.pos + 1) + Math.max(0, chunk.frame.total0 - this.#total0) : 0;
    const delivering = this.#scanDelivers;
    for (let i = 0; i < chunk.items.length; i++) {
      const item = chunk.items[i] as TItem;
      const pos = first + i;
      if (!delivering && pos > reach + MAX_PAGE_SIZE) return this.#scanEnded();
      const id = this.#source.identity(item);
      const key = keyOf(this.#source, item);
      const memo = this.#memory.get(id);
      if (memo?.pos !== undefined && memo.key === key) return this.#jump(memo.pos, pos, items, chunk);
      if (this.#last && key === this.#last.key) return this.#jump(this.#last.pos, pos, items, chunk);
      if (memo) {
        this.#met.set(memo, { pos, key });
        continue;
      }
      // A row never delivered: deliver it only when every delivered row is remembered (else it may be one).
      if (!delivering || this.#left <= 0) continue;
      const fresh: Memo<TItem> = { item, key, pos: undefined };
      if (this.#remember(id, fresh)) this.#met.set(fresh, { pos, key });
      items.push(item);
      this.#left -= 1;
      this.#delivered += 1;
    }
    return items.length > 0 ? { ...chunk, items } : undefined;
  }

  /** A delivered row still in its block was met at `pos` (it was at `anchor`): every older row is unchanged. */
  #jump(
    anchor: number,
    pos: number,
    items: TItem[],
    chunk: Chunk<TItem, TBody>,
  ): Chunk<TItem, TBody> | null | undefined {
    const shift = pos - anchor;
    const orphaned = this.#renumber((memo) => (memo.pos as number) >= anchor, shift);
    const last = this.#last as { key: string; pos: number };
    last.pos += shift;
    this.#pager.close();
    const verifying = this.#mode === 'verify';
    this.#report(orphaned);
    if (verifying) {
      this.#mode = 'done';
      return null;
    }
    const next = last.pos + 1;
    const frame: Frame = {
      ...chunk.frame,
      next,
      end: Number.isFinite(this.#owed) ? next + this.#owed : chunk.frame.end,
      pageSize: this.#options.pageSize,
    };
    this.#mode = 'pass';
    this.#pager = new ExactPager(this.#source, {
      pageSize: this.#options.pageSize,
      concurrency: this.#options.concurrency,
      signal: this.#options.signal,
      maxItems: this.#left,
      frame,
      lastKey: last.key,
    });
    return items.length > 0 ? { ...chunk, items, frame, lastKey: last.key } : undefined;
  }

  /** The scan read the whole list without meeting a delivered row in its block: every one was orphaned. */
  #scanEnded(): null {
    // A scan that delivered the rows it met was the rest of the list; one that could not tell them apart ends here.
    if (!this.#scanDelivers && !this.#complete) {
      throw new ListReorgedError(
        this.#options.frame && this.#delivered === 0
          ? 'A re-org moved the row before this page: fetch the list again from its first page'
          : `A re-org orphaned all ${this.#memory.size} rows delivered first that the iteration remembers: it ` +
              'cannot go on exactly; start it again',
      );
    }
    this.#report(this.#renumber(() => false, 0));
    this.#mode = 'done';
    return null;
  }

  /** Moves remembered rows to their positions in the list the scan read; returns those orphaned. */
  #renumber(kept: (memo: Memo<TItem>) => boolean, shift: number): TItem[] {
    const orphaned: TItem[] = [];
    for (const memo of this.#memory.values()) {
      const met = this.#met.get(memo);
      if (met) {
        memo.pos = met.pos;
        memo.key = met.key;
      } else if (memo.pos !== undefined && kept(memo)) {
        memo.pos += shift;
      } else if (memo.pos !== undefined) {
        orphaned.push(memo.item);
        memo.pos = undefined;
      }
    }
    this.#met.clear();
    return orphaned;
  }

  #report(orphaned: TItem[]): void {
    if (orphaned.length > 0) this.#options.onReorg?.(orphaned);
  }
}
