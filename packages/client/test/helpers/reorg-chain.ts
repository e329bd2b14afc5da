import type { WithResponse } from '../../src/api-promise.js';
import type { PageSource } from '../../src/internal/strategies.js';
import { CURSOR, OFFSET, type PageBody, type PageRequest } from '../../src/internal/strategies.js';

/** A row as the transaction lists give it: the transaction and the block it is in. */
export interface ChainRow {
  tx: { tx_id: string; block_hash: string; block_height: number; tx_index: number };
}

export interface ChainBody extends PageBody<ChainRow> {
  cursor?: string | null;
  next_cursor?: string | null;
  prev_cursor?: string | null;
}

interface Block {
  hash: string;
  height: number;
  txs: string[];
}

/** One change of the chain: `grow` mines blocks, `reorg` orphans the newest ones and mines others in their place. */
export type ChainStep =
  | { kind: 'grow'; blocks: number[] }
  | { kind: 'reorg'; depth: number; replaceWith: number[]; takeBack: boolean[] };

/**
 * A small chain of one address's transactions, newest first, answering offset and cursor requests the way the API
 * does: `total` counts the canonical rows (0 on an empty page), a cursor names a row by its block hash and index and
 * keeps working when that block is orphaned (the API looks its height up among all blocks), `prev_cursor` names
 * the row after the page. Re-orgs orphan the newest blocks and may take orphaned transactions back in new ones.
 */
export class FakeChain {
  readonly canonical: Block[] = [];
  /** Every block ever mined, by hash (orphaned ones included, as the API keeps them). */
  readonly blocks = new Map<string, Block>();
  /** Every transaction id that was ever in a canonical block. */
  readonly ever = new Set<string>();
  requests = 0;
  #tx = 0;
  #block = 0;

  constructor(blockSizes: number[]) {
    for (const size of blockSizes) this.mine(size, []);
  }

  mine(fresh: number, takenBack: string[]): void {
    const txs = [...takenBack];
    for (let i = 0; i < fresh; i++) txs.push(`tx-${this.#tx++}`);
    const block: Block = { hash: `b${this.#block++}`, height: this.canonical.length + 1, txs };
    this.canonical.push(block);
    this.blocks.set(block.hash, block);
    for (const tx of txs) this.ever.add(tx);
  }

  apply(step: ChainStep): void {
    if (step.kind === 'grow') {
      for (const size of step.blocks) this.mine(size, []);
      return;
    }
    const orphaned = this.canonical.splice(Math.max(0, this.canonical.length - step.depth));
    const back = orphaned.flatMap((b) => b.txs).filter((_tx, i) => step.takeBack[i % step.takeBack.length]);
    step.replaceWith.forEach((size, i) => {
      const share = back.filter((_tx, j) => j % step.replaceWith.length === i);
      this.mine(size, share);
    });
  }

  /** The list now, newest first. */
  rows(): ChainRow[] {
    const out: ChainRow[] = [];
    for (let b = this.canonical.length - 1; b >= 0; b--) {
      const block = this.canonical[b] as Block;
      for (let i = block.txs.length - 1; i >= 0; i--) {
        out.push({
          tx: {
            tx_id: block.txs[i] as string,
            block_hash: block.hash,
            block_height: block.height,
            tx_index: i,
          },
        });
      }
    }
    return out;
  }

  ids(): string[] {
    return this.rows().map((row) => row.tx.tx_id);
  }

  page(request: PageRequest, withCursor: boolean): ChainBody {
    let rows = this.rows();
    if (request.cursor !== undefined) {
      const [hash, index] = request.cursor.split(':');
      const block = this.blocks.get(hash as string);
      if (!block) throw new Error(`Invalid cursor: block not found (${request.cursor})`);
      const at = [block.height, Number(index)] as const;
      rows = rows.filter(
        (r) => r.tx.block_height < at[0] || (r.tx.block_height === at[0] && r.tx.tx_index <= at[1]),
      );
    }
    const limit = request.limit ?? 20;
    const slice = rows.slice(request.offset, request.offset + limit);
    const body: ChainBody = {
      limit,
      offset: request.offset,
      total: slice.length === 0 ? 0 : this.rows().length,
      results: slice,
    };
    if (withCursor) {
      const cursorOf = (r: ChainRow | undefined) => (r ? `${r.tx.block_hash}:${r.tx.tx_index}` : null);
      body.cursor = cursorOf(slice[0]);
      body.prev_cursor = cursorOf(rows[request.offset + limit]);
      body.next_cursor = null;
    }
    return body;
  }

  /**
   * A page source over this chain; `before(index)` runs as request `index` (0 for the first) arrives, before it is
   * answered: where tests mine and re-org.
   */
  source(withCursor: boolean, before: (index: number) => void): PageSource<ChainRow, ChainBody> {
    return {
      strategy: withCursor ? CURSOR : OFFSET,
      identity: (row) => row.tx.tx_id,
      key: (row) => `${row.tx.tx_id}@${row.tx.block_hash}`,
      fetch: async (request): Promise<WithResponse<ChainBody>> => {
        before(this.requests++);
        const data = this.page(request, withCursor);
        // A macrotask, not a microtask: a pager that looped would still let the test timeout fire.
        await new Promise<void>((resolve) => setImmediate(resolve));
        return { data, response: new Response(null, { status: 200 }) };
      },
    };
  }
}
