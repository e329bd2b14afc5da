import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ListOutpacedError, ListReorgedError } from '../../src/errors.js';
import { ReorgPager } from '../../src/internal/reorg-pager.js';
import { type ChainRow, type ChainStep, FakeChain } from '../helpers/reorg-chain.js';

/** Runs an iteration to its end over `chain`, applying `steps[i]` as request `i + 1` arrives. */
async function iterate(
  chain: FakeChain,
  steps: (ChainStep | null)[],
  options: { cursor: boolean; pageSize: number; concurrency: number; report: boolean },
) {
  let start: Set<string> | undefined;
  const source = chain.source(options.cursor, (index) => {
    const step = index >= 1 ? steps[index - 1] : undefined;
    if (step) chain.apply(step);
    if (index === 0) start = new Set(chain.ids());
  });
  const reported: string[] = [];
  const pager = new ReorgPager(source, {
    pageSize: options.pageSize,
    concurrency: options.concurrency,
    first: { offset: 0, limit: options.pageSize },
    onReorg: options.report ? (rows: ChainRow[]) => reported.push(...rows.map((r) => r.tx.tx_id)) : undefined,
    verifyAtEnd: options.report,
  });
  const delivered: string[] = [];
  for (let chunk = await pager.nextChunk(); chunk; chunk = await pager.nextChunk()) {
    delivered.push(...chunk.items.map((row) => row.tx.tx_id));
  }
  return { delivered, reported, start: start as Set<string>, end: new Set(chain.ids()) };
}

const block = fc.integer({ min: 0, max: 3 });
const step: fc.Arbitrary<ChainStep | null> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('grow' as const), blocks: fc.array(block, { maxLength: 2 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('reorg' as const),
      depth: fc.integer({ min: 1, max: 3 }),
      replaceWith: fc.array(block, { maxLength: 3 }),
      takeBack: fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
    }),
  },
);

/**
 * Statement 4 of issue 24, as sets: the iteration ends having delivered every row that was there when it started
 * and is there at its end, no row twice, and nothing that was never in the list; with `onReorg`, every delivered
 * row that is not there at its end was reported, and only delivered rows were.
 */
function checkStatement(run: Awaited<ReturnType<typeof iterate>>, chain: FakeChain, report: boolean) {
  const { delivered, reported, start, end } = run;
  expect(new Set(delivered).size).toBe(delivered.length);
  for (const id of start) if (end.has(id)) expect(delivered).toContain(id);
  for (const id of delivered) expect(chain.ever.has(id)).toBe(true);
  if (report) {
    for (const id of delivered) if (!end.has(id)) expect(reported).toContain(id);
    for (const id of reported) expect(delivered).toContain(id);
  }
}

describe('ReorgPager', () => {
  it.each([false, true])(
    'goes on across a re-org of the rows already delivered, and reports them (cursor: %s)',
    async (cursor) => {
      const chain = new FakeChain(Array.from({ length: 20 }, () => 2));
      const reorg: ChainStep = {
        kind: 'reorg',
        depth: 3,
        replaceWith: [1, 1, 1, 1],
        takeBack: [true, false],
      };
      const run = await iterate(chain, [reorg], { cursor, pageSize: 10, concurrency: 1, report: true });
      checkStatement(run, chain, true);
      // Three blocks of two: three of the six rows came back in new blocks, three were orphaned for good.
      expect(run.reported).toHaveLength(3);
      expect(run.delivered).toHaveLength(40);
    },
  );

  it.each([false, true])(
    'goes on when a re-org orphans every row delivered so far (cursor: %s)',
    async (cursor) => {
      const chain = new FakeChain(Array.from({ length: 10 }, () => 2));
      const reorg: ChainStep = { kind: 'reorg', depth: 4, replaceWith: [2, 0, 3], takeBack: [true] };
      const run = await iterate(chain, [reorg], { cursor, pageSize: 4, concurrency: 1, report: true });
      checkStatement(run, chain, true);
      expect(run.reported).toEqual([]);
    },
  );

  it('reads the rest of a long list from its head when a re-org orphaned every row delivered so far', async () => {
    // 1200 rows, more than it remembers: the re-read delivers them all, remembering only the first ones.
    const chain = new FakeChain(Array.from({ length: 600 }, () => 2));
    const reorg: ChainStep = { kind: 'reorg', depth: 5, replaceWith: [4], takeBack: [true, false] };
    const run = await iterate(chain, [reorg], { cursor: true, pageSize: 8, concurrency: 1, report: true });
    checkStatement(run, chain, true);
    expect(run.delivered.length).toBeGreaterThan(1190);
  });

  it('throws ListReorgedError when a re-org orphans more delivered rows than it remembers', async () => {
    const chain = new FakeChain(Array.from({ length: 1100 }, () => 1));
    let sent = 0;
    const source = chain.source(false, () => {
      sent += 1;
      // Once 1030 rows were delivered (past the 1000 it remembers), every one of them is orphaned.
      if (sent === 22) chain.apply({ kind: 'reorg', depth: 1100, replaceWith: [5], takeBack: [false] });
    });
    const pager = new ReorgPager(source, { pageSize: 50, first: { offset: 0, limit: 50 } });
    const outcome = await (async () => {
      for (let chunk = await pager.nextChunk(); chunk; chunk = await pager.nextChunk());
    })().catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(ListReorgedError);
    expect((outcome as Error).message).toMatch(/remembers/);
  });

  it('is exact across random growth and re-orgs, any page size and concurrency (statement 4 as the oracle)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          blocks: fc.array(block, { maxLength: 40 }),
          steps: fc.array(step, { maxLength: 12 }),
          cursor: fc.boolean(),
          pageSize: fc.integer({ min: 10, max: 30 }),
          concurrency: fc.integer({ min: 1, max: 4 }),
          report: fc.boolean(),
        }),
        async ({ blocks, steps, cursor, pageSize, concurrency, report }) => {
          const chain = new FakeChain(blocks);
          const run = await iterate(chain, steps, { cursor, pageSize, concurrency, report }).catch(
            (e: unknown) => e,
          );
          // A re-org of a few blocks never ends the iteration; offset paging may be outpaced (its own promise).
          if (run instanceof ListOutpacedError && !cursor) return;
          if (run instanceof Error) throw run;
          checkStatement(run as Awaited<ReturnType<typeof iterate>>, chain, report);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
