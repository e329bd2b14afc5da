// Issue 32: the README's set relations ("Re-orgs") as the oracle (test/helpers/reorg-oracle.ts), over histories of
// several re-orgs, mining and resets at chosen request indices, against the mock's fetch handler and its standalone
// server. With S the list at the start, E at its end, D delivered and R reported: S ∩ E delivered once each, rows that
// kept their block in list order, no row twice, R exactly D \ E (each once); or ListReorgedError / ListOutpacedError
// only where the README's limits say.
import { type MockServer, startMockServer } from '@blockindex/mock/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src/core.js';
import { type ListRow, listCall } from '../../src/define.js';
import { createClient, ListOutpacedError } from '../../src/index.js';
import { listSpec } from '../../src/internal/lists.js';
import { LIST_ROWS } from '../../src/operations.js';
import { PagePromise } from '../../src/pagination.js';
import {
  checkRelations,
  type Event,
  histories,
  issueCaseCursor,
  issueCaseOffset,
  type ListFn,
  type Run,
  rowId,
  runHistory,
  SHRINKING,
  truth,
} from '../helpers/reorg-oracle.js';

/** The v2 lists through a client, the successor lists (v3 position cursors, burn-block blocks) through listCall. */
const SUCCESSORS = {
  position: listSpec(LIST_ROWS.getPrincipalTransactions as ListRow),
  changes: listSpec(LIST_ROWS.getPrincipalTransactionBalanceChanges as ListRow),
  blocks: listSpec(LIST_ROWS.getBlocksByBurnBlock as ListRow),
} as const;

const clientList: ListFn = (fetch, kind, { address, txId, burn }, options) => {
  if (kind === 'position' || kind === 'changes' || kind === 'blocks') {
    const core = createCore({ fetch, retry: false });
    const params =
      kind === 'blocks'
        ? { height_or_hash: String(burn) }
        : kind === 'changes'
          ? { principal: address, tx_id: txId }
          : { principal: address };
    return listCall(PagePromise, core, SUCCESSORS[kind], () => params, {}, options) as PagePromise<unknown>;
  }
  const client = createClient({ fetch, retry: false });
  if (kind === 'cursor') return client.getAddressTransactions(address, {}, options);
  if (kind === 'offset') return client.getAccountTransactionsWithTransfers(address, {}, options);
  return client.getAddressTransactionEvents(address, txId, {}, options);
};

describe('iteration across histories of re-orgs, mining and resets (issue 32)', () => {
  it.each([false, true])(
    'the issue case: 10 blocks mined, then re-orgs of 3 (none back) and 2 (one block back), pages of 5 (onReorg: %s)',
    (report) => issueCaseOffset(clientList, report),
    60_000,
  );

  it(
    'the issue case: re-orgs of 2 after requests 1 and 3, getAddressTransactions with onReorg',
    () => issueCaseCursor(clientList),
    60_000,
  );

  it('a re-org at the head during the re-read after the last page: the rows it orphaned are reported', async () => {
    // A counterexample the property below found with FC_SEED=1887616002, kept as a case. Its re-org came with request
    // 10, the head read that pager made after its last page; this pager, on the same history, makes that read as
    // request 8 (its last one; requests 1-3 are prefetches, 4 finds the reset, 5-7 re-read), so the re-org comes there.
    const events: Event[] = [
      { at: 1, kind: 'mine', transactions: 3 },
      { at: 4, kind: 'reset' },
      { at: 6, kind: 'reset' },
      { at: 7, kind: 'reset' },
      { at: 8, kind: 'reorg', depth: 6, replaceWith: 1 },
    ];
    const options = { pageSize: 33, concurrency: 3, report: true, seed: 773 };
    const run = await runHistory(clientList, 'offset', events, options);
    expect(run.delivered.some((id) => !run.end.some((row) => row.id === id))).toBe(true);
    checkRelations(run);
  });

  it('a list that only shrinks (re-orgs with nothing back before every request) ends exactly, not in ListOutpacedError', async () => {
    for (const kind of ['cursor', 'offset'] as const) {
      const options = { pageSize: 5, concurrency: 1, report: true, blocks: 60 };
      const run = await runHistory(clientList, kind, SHRINKING, options);
      expect(run.end.length).toBeLessThan(run.start.length);
      checkRelations(run);
    }
  });

  it('holds the relations over random histories: up to 5 re-orgs, mining and resets, every list kind, page sizes 1 to 50, prefetch on and off', async () => {
    // The seed is the suite's fixed one (FC_SEED explores others; fast-check prints it with a counterexample).
    const numRuns = Number(process.env.PAGER_RUNS ?? 40);
    await fc.assert(
      fc.asyncProperty(histories, async ({ kind, pageSize, concurrency, report, reorgs, others, world }) => {
        const events = [...reorgs, ...others];
        const outcome = await runHistory(clientList, kind, events, {
          pageSize,
          concurrency,
          report,
          seed: world,
        }).catch((error: unknown) => error);
        // The documented limit of lists without a cursor: growth of more than a page between two requests,
        // five times at one row (mined blocks of up to 4 rows against pages of 1 to 3).
        if (outcome instanceof ListOutpacedError && kind !== 'cursor' && pageSize <= 4) return;
        if (outcome instanceof Error) throw outcome;
        checkRelations(outcome as Run);
      }),
      { numRuns, endOnFailure: true },
    );
  }, 120_000);
});

describe('a reset of the standalone server during iteration (issue 32)', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, host: '127.0.0.1', seed: 1 });
  });
  afterAll(() => server.close());

  it('POST /__mock/reset after the first page: a re-org, not NotFoundError', async () => {
    const { address } = server.world.fixtures;
    const where = { address, txId: '', burn: 0 };
    for (let i = 0; i < 20; i++) server.world.mineBlock({ address, transactions: 2 });
    const start = truth(server.world, 'cursor', where);
    let requests = 0;
    const fetch = async (request: Request) => {
      if (requests++ === 1) {
        const reset = await globalThis.fetch(`${server.url}/__mock/reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        expect(reset.ok).toBe(true);
      }
      return globalThis.fetch(request);
    };
    const client = createClient({ baseUrl: server.url, fetch });
    const delivered: string[] = [];
    const reported: string[] = [];
    const onReorg = (e: { orphaned: unknown[] }) =>
      reported.push(...e.orphaned.map((r) => rowId('cursor', r)));
    for await (const row of client.getAddressTransactions(address, {}, { pageSize: 10, onReorg })) {
      delivered.push(row.tx.tx_id);
    }
    const end = truth(server.world, 'cursor', where);
    expect(end.length).toBeLessThan(start.length);
    checkRelations({ start, end, delivered, reported });
    expect(reported.length).toBeGreaterThan(0);
  });
});
