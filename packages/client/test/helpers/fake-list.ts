import type { WithResponse } from '../../src/api-promise.js';
import type { PageSource } from '../../src/internal/strategies.js';
import { CURSOR, OFFSET, type PageBody, type PageRequest } from '../../src/internal/strategies.js';

export interface Row {
  tx: { tx_id: string };
}

export interface ListBody extends PageBody<Row> {
  cursor?: string | null;
  next_cursor?: string | null;
  prev_cursor?: string | null;
}

/**
 * A newest-first list that grows at its head, answering offset and cursor requests the way the API does
 * (`cursor` = first row of the page, `prev_cursor` = first row of the next older page, null on the last one).
 */
export class FakeList {
  /** Oldest first; the newest row is the last element. */
  readonly rows: string[] = [];
  readonly requests: PageRequest[] = [];
  private counter = 0;

  constructor(
    size: number,
    private readonly options: { cursor?: boolean; totalBias?: number } = {},
  ) {
    this.grow(size);
  }

  grow(count: number): void {
    for (let i = 0; i < count; i++) this.rows.push(`tx-${this.counter++}`);
  }

  /** The list as a client would read it right now, newest first. */
  snapshot(): string[] {
    return [...this.rows].reverse();
  }

  page(request: PageRequest): ListBody {
    this.requests.push(request);
    const newestFirst = this.snapshot();
    const limit = request.limit ?? 20;
    let start = 0;
    if (request.cursor !== undefined) {
      start = newestFirst.indexOf(request.cursor);
      if (start < 0) throw new Error(`unknown cursor ${request.cursor}`);
    }
    const from = start + request.offset;
    const ids = newestFirst.slice(from, from + limit);
    const total = ids.length === 0 ? 0 : newestFirst.length + (this.options.totalBias ?? 0);
    const body: ListBody = {
      limit,
      offset: request.offset,
      total,
      results: ids.map((tx_id) => ({ tx: { tx_id } })),
    };
    if (this.options.cursor) {
      body.cursor = ids[0] ?? null;
      body.prev_cursor = newestFirst[from + limit] ?? null;
      body.next_cursor = from > 0 ? (newestFirst[Math.max(0, from - limit)] ?? null) : null;
    }
    return body;
  }

  /**
   * A page source over this list. `between(request, index)` runs before every answer but the first (index >= 1),
   * i.e. after the iteration has started: that is where tests grow the chain.
   */
  source(between: (request: PageRequest, index: number) => void = () => {}): PageSource<Row, ListBody> {
    return {
      strategy: this.options.cursor ? CURSOR : OFFSET,
      identity: (row) => row.tx.tx_id,
      fetch: async (request): Promise<WithResponse<ListBody>> => {
        // A macrotask, not a microtask: a pager that looped would still let the test timeout fire.
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (this.requests.length > 0) between(request, this.requests.length);
        const data = this.page(request);
        return { data, response: new Response(null, { status: 200 }) };
      },
    };
  }
}

/** Runs a pager to the end and returns the ids it delivered. */
export async function drain(next: () => Promise<{ items: Row[] } | null>): Promise<string[]> {
  const out: string[] = [];
  for (let chunk = await next(); chunk; chunk = await next()) {
    out.push(...chunk.items.map((r) => r.tx.tx_id));
  }
  return out;
}
