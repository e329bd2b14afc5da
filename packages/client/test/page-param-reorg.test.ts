import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListReorgedError, NotFoundError, type PageParam } from '../src/index.js';
import { PagePromise } from '../src/pagination.js';
import { type ChainBody, type ChainRow, type ChainStep, FakeChain } from './helpers/reorg-chain.js';

// Pages taken one call at a time from page params that went through JSON, while the chain grows and re-orgs
// between calls: each next page either follows the rows before it exactly or throws ListReorgedError.

type Source = ReturnType<FakeChain['source']>;

async function pageFrom(source: Source, limit: number, pageParam: PageParam | null) {
  const page = await new PagePromise<ChainRow, ChainBody>(withAfter(source), { limit }, { pageParam });
  return JSON.parse(JSON.stringify(page)) as { results: ChainRow[]; nextPageParam: PageParam | null };
}

// Every list's pages come from the one pager: the source is given as the list calls give it.
const withAfter = (source: Source) => source;

const ids = (rows: ChainRow[]) => rows.map((row) => row.tx.tx_id);

describe('page params across re-orgs', () => {
  it.each([false, true])(
    'continue exactly when a re-org orphaned rows of earlier pages but not the last one (cursor: %s)',
    async (cursor) => {
      // Blocks of 2 rows; the first page holds 6 rows (3 blocks), the re-org orphans the newest 2 blocks.
      const chain = new FakeChain(Array.from({ length: 10 }, () => 2));
      const source = chain.source(cursor, () => {});
      const first = await pageFrom(source, 6, null);
      const start = chain.ids();
      chain.apply({ kind: 'reorg', depth: 2, replaceWith: [1, 3], takeBack: [true, false] });
      const second = await pageFrom(source, 6, first.nextPageParam);
      expect(ids(second.results)).toEqual(start.slice(6, 12));
      expect(second.nextPageParam).not.toBeNull();
      const third = await pageFrom(source, 6, second.nextPageParam);
      expect(ids(third.results)).toEqual(start.slice(12, 18));
    },
  );

  it.each([false, true])(
    'throw ListReorgedError when the re-org orphaned the row the next page follows (cursor: %s)',
    async (cursor) => {
      const chain = new FakeChain(Array.from({ length: 10 }, () => 2));
      const source = chain.source(cursor, () => {});
      const first = await pageFrom(source, 6, null);
      chain.apply({ kind: 'reorg', depth: 4, replaceWith: [2, 2], takeBack: [false] });
      const outcome = await pageFrom(source, 6, first.nextPageParam).catch((e: unknown) => e);
      expect(outcome).toBeInstanceOf(ListReorgedError);
      expect((outcome as Error).message).toMatch(/fetch the list again from its first page/);
    },
  );

  it('getNextPage() does the same from a page in memory (no cursor)', async () => {
    const chain = new FakeChain(Array.from({ length: 10 }, () => 2));
    const source = chain.source(false, () => {});
    const start = chain.ids();
    const first = await new PagePromise<ChainRow, ChainBody>(withAfter(source), { limit: 6 }, {});
    chain.apply({ kind: 'reorg', depth: 2, replaceWith: [3], takeBack: [true] });
    const second = await first.getNextPage();
    expect(ids(second.results)).toEqual(start.slice(6, 12));
    chain.apply({ kind: 'reorg', depth: 6, replaceWith: [1], takeBack: [false] });
    await expect(second.getNextPage()).rejects.toBeInstanceOf(ListReorgedError);
  });

  it('getNextPage() on the cursor list follows exactly when the row before the page is still in its block (issue 32)', async () => {
    const chain = new FakeChain(Array.from({ length: 10 }, () => 2));
    const source = chain.source(true, () => {});
    const start = chain.ids();
    const first = await new PagePromise<ChainRow, ChainBody>(source, { limit: 6 }, {});
    chain.apply({ kind: 'grow', blocks: [2, 1] });
    const second = await first.getNextPage();
    expect(ids(second.results)).toEqual(start.slice(6, 12));
    // The re-org orphans the cursor's own block: the rows under it are numbered anew, so the link row moved. It is
    // still in its block (the README's rule), so the page is found again from the head of the list. This threw
    // ListReorgedError before issue 32, against the README's general rule.
    chain.apply({ kind: 'reorg', depth: 5, replaceWith: [3], takeBack: [true] });
    const third = await second.getNextPage();
    expect(ids(third.results)).toEqual(start.slice(12, 18));
    // Orphan the row before the next page: no page can follow it.
    chain.apply({ kind: 'reorg', depth: 9, replaceWith: [2], takeBack: [false] });
    await expect(third.getNextPage()).rejects.toBeInstanceOf(ListReorgedError);
  });

  it("getNextPage() searches down from the head when the cursor's block is gone (a reset), and goes on exactly", async () => {
    const chain = new FakeChain(Array.from({ length: 10 }, () => 2));
    const source = chain.source(true, () => {});
    let forgotten = false;
    const notFound = new NotFoundError({
      status: 404,
      body: { error: 'Not Found' },
      headers: new Headers(),
      method: 'GET',
      url: 'http://127.0.0.1/extended/v2/addresses/x/transactions',
    });
    const forgetful: Source = {
      ...source,
      fetch: (request, signal) =>
        forgotten && request.cursor !== undefined ? Promise.reject(notFound) : source.fetch(request, signal),
    };
    const start = chain.ids();
    const first = await new PagePromise<ChainRow, ChainBody>(forgetful, { limit: 6 }, {});
    chain.apply({ kind: 'grow', blocks: [2] });
    forgotten = true;
    const requests = chain.requests;
    const second = await first.getNextPage();
    expect(ids(second.results)).toEqual(start.slice(6, 12));
    // One read of the head, which holds the rows after the page's last row (the refused cursor request never reaches
    // the chain).
    expect(chain.requests - requests).toBe(1);
    forgotten = false;
    const third = await second.getNextPage();
    expect(ids(third.results)).toEqual(start.slice(12, 18));
  });

  it('pages from params either follow exactly or throw ListReorgedError, across random growth and re-orgs', async () => {
    const block = fc.integer({ min: 0, max: 3 });
    const step: fc.Arbitrary<ChainStep | null> = fc.oneof(
      fc.constant(null),
      fc.record({ kind: fc.constant('grow' as const), blocks: fc.array(block, { maxLength: 2 }) }),
      fc.record({
        kind: fc.constant('reorg' as const),
        depth: fc.integer({ min: 1, max: 3 }),
        replaceWith: fc.array(block, { maxLength: 3 }),
        takeBack: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          blocks: fc.array(block, { maxLength: 30 }),
          steps: fc.array(step, { maxLength: 10 }),
          cursor: fc.boolean(),
          limit: fc.integer({ min: 2, max: 20 }),
        }),
        async ({ blocks, steps, cursor, limit }) => {
          const chain = new FakeChain(blocks);
          const source = chain.source(cursor, () => {});
          const start = new Set(chain.ids());
          const got: string[] = [];
          let param: PageParam | null = null;
          let index = 0;
          try {
            do {
              const page = await pageFrom(source, limit, param);
              got.push(...ids(page.results));
              param = page.nextPageParam;
              const change = steps[index++];
              if (change) chain.apply(change);
            } while (param !== null && index < 200);
          } catch (error) {
            if (error instanceof ListReorgedError) return;
            throw error;
          }
          // The pages together: no row twice, every row there at the start and at the end, nothing never there.
          expect(new Set(got).size).toBe(got.length);
          const end = new Set(chain.ids());
          for (const id of start) if (end.has(id)) expect(got).toContain(id);
          for (const id of got) expect(chain.ever.has(id)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
