// Issue 32: the README's set relations ("Re-orgs") as the oracle, over histories of several re-orgs, mining and resets
// at chosen request indices, against the mock's fetch handler and its standalone server. With S the list at the start,
// E at its end, D delivered and R reported: S ∩ E delivered once each, rows that kept their block in list order, no
// row twice, R exactly D \ E (each once); or ListReorgedError / ListOutpacedError only where the README's limits say.
import { createFetchHandler, createWorld, type FetchHandler, type World } from '@blockindex/mock';
import { type MockServer, startMockServer } from '@blockindex/mock/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src/core.js';
import { listCall } from '../../src/define.js';
import { type BlockindexClient, createClient, type FetchFn, ListOutpacedError } from '../../src/index.js';
import {
  BURN_BLOCK_BLOCKS,
  PRINCIPAL_BALANCE_CHANGES,
  PRINCIPAL_TRANSACTIONS,
} from '../../src/internal/lists.js';
import { PagePromise } from '../../src/pagination.js';
import { busiestTransaction } from '../hardening/helpers/ground-truth.js';

/** The burn block with the most Stacks blocks now, so its list has pages to turn. */
function busiestBurnBlock(world: World): number {
  let best = { height: world.fixtures.burnBlockHeight, total: 0 };
  for (let h = 1; h <= world.tip.height; h++) {
    const burn = world.getBlockByHeight(h)?.burn_block_height;
    if (burn === undefined) continue;
    const total = world.listBlocksByBurnBlock({ height: burn }, { offset: 0, limit: 1 })?.total ?? 0;
    if (total > best.total) best = { height: burn, total };
  }
  return best.height;
}

/** The v2 lists, and the successor lists (v3 position cursors, burn-block blocks by offset) through listCall. */
type Kind = 'cursor' | 'offset' | 'events' | 'position' | 'changes' | 'blocks';
const SUCCESSORS = {
  position: PRINCIPAL_TRANSACTIONS,
  changes: PRINCIPAL_BALANCE_CHANGES,
  blocks: BURN_BLOCK_BLOCKS,
} as const;
interface Row {
  id: string;
  key: string;
}

/** The list now, straight from the world: each row's id and its key (id and block). */
function truth(world: World, kind: Kind, address: string, txId: string, burn = 0): Row[] {
  if (kind === 'position') {
    const all = world.listPrincipalTransactions(address, { limit: 1_000_000 });
    if ('error' in all) throw new Error(all.error);
    return all.results.map((row) => ({
      id: row.transaction.tx_id,
      key: PRINCIPAL_TRANSACTIONS.key(row as never),
    }));
  }
  if (kind === 'changes') {
    const all = world.listPrincipalTransactionBalanceChanges(address, txId, { limit: 1_000_000 });
    return all.results.map((row) => {
      const id = PRINCIPAL_BALANCE_CHANGES.identity(row as never) as string;
      return { id, key: id };
    });
  }
  if (kind === 'blocks') {
    const all = world.listBlocksByBurnBlock({ height: burn }, { offset: 0, limit: 1e6 });
    return (all?.results ?? []).map((block) => ({ id: block.hash, key: block.hash }));
  }
  if (kind === 'events') {
    const all = world.listAddressTransactionEvents(address, txId, { limit: 1_000_000, offset: 0 });
    return all.results.map((e) => ({ id: String(e.event_index), key: String(e.event_index) }));
  }
  const all =
    kind === 'cursor'
      ? world.listAddressTransactions(address, { limit: 1_000_000, offset: 0 })
      : world.listTransactionsWithTransfers(address, { limit: 1_000_000, offset: 0, unanchored: false });
  if ('error' in all) throw new Error(all.error);
  return all.results.map(({ tx }) => ({ id: tx.tx_id, key: `${tx.tx_id}@${tx.block_hash}` }));
}

interface Run {
  start: Row[];
  end: Row[];
  delivered: string[];
  reported: string[] | undefined;
  /** Keys of the rows that were in the list, in their block, at every request (default: those of S also in E). */
  stayed?: Set<string>;
  /** Whether rows left the list or their block during the iteration (a re-org, a reset); unknown when absent. */
  left?: boolean;
}

/** The README's relations, checked one by one so a failure names the one that broke. */
function checkRelations({ start, end, delivered, reported, stayed, left }: Run): void {
  const endIds = new Set(end.map((row) => row.id));
  expect(new Set(delivered).size, 'no row delivered twice').toBe(delivered.length);
  const got = new Set(delivered);
  // Rows of E \ S only when rows left the list or their block during the iteration; growth alone adds none.
  if (left === false) {
    const startIds = new Set(start.map((row) => row.id));
    for (const id of delivered) expect(startIds.has(id), `${id} not in S, and no row left`).toBe(true);
  }
  for (const row of start) if (endIds.has(row.id)) expect(got.has(row.id), `S ∩ E row ${row.id}`).toBe(true);
  // Rows that stayed in their block all along come in the list's order.
  const endKeys = new Set(end.map((row) => row.key));
  const kept = start
    .filter((row) => endKeys.has(row.key) && (stayed?.has(row.key) ?? true))
    .map((row) => row.id);
  const order = delivered.filter((id) => kept.includes(id));
  expect(order, 'rows that kept their block, in list order').toEqual(kept);
  if (reported !== undefined) {
    expect(new Set(reported).size, 'each orphaned row reported once').toBe(reported.length);
    expect(new Set(reported), 'R = D \\ E').toEqual(new Set(delivered.filter((id) => !endIds.has(id))));
  }
}

/** One change of the chain, applied as request `at` arrives. */
type Event =
  | { at: number; kind: 'reorg'; depth: number; replaceWith: number | undefined }
  | { at: number; kind: 'mine'; transactions: number }
  | { at: number; kind: 'reset' };

function apply(handler: FetchHandler, address: string, event: Event): void {
  const { world } = handler;
  if (event.kind === 'reset') handler.reset();
  else if (event.kind === 'mine') world.mineBlock({ address, transactions: event.transactions });
  else {
    const depth = Math.min(event.depth, world.maxReorgDepth, world.tip.height - 1);
    if (depth >= 1) world.reorg({ depth, replaceWith: event.replaceWith ?? 0 });
  }
}

function iterate(
  client: BlockindexClient,
  kind: Kind,
  address: string,
  txId: string,
  options: object,
  fetch?: FetchFn,
  burn = 0,
): AsyncIterable<unknown> {
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
  if (kind === 'cursor') return client.getAddressTransactions(address, {}, options);
  if (kind === 'offset') return client.getAccountTransactionsWithTransfers(address, {}, options);
  return client.getAddressTransactionEvents(address, txId, {}, options);
}

const idOf = (kind: Kind, row: unknown) =>
  kind in SUCCESSORS
    ? (SUCCESSORS[kind as keyof typeof SUCCESSORS].identity(row as never) as string)
    : kind === 'events'
      ? String((row as { event_index: number }).event_index)
      : (row as { tx: { tx_id: string } }).tx.tx_id;

/** Iterates one list against a fetch handler, applying each event as its request arrives. */
async function runHistory(
  kind: Kind,
  events: Event[],
  options: { pageSize: number; concurrency: number; report: boolean; seed?: number; blocks?: number },
): Promise<Run> {
  const handler = createFetchHandler({
    world: createWorld({ seed: options.seed ?? 7, blocks: options.blocks ?? 30 }),
  });
  const { address } = handler.world.fixtures;
  const { txId } = busiestTransaction(handler.world, address);
  const burn = busiestBurnBlock(handler.world);
  let requests = 0;
  let start: Row[] = [];
  let stayed = new Set<string>();
  let left = false;
  const fetch = async (request: Request) => {
    // A macrotask per request: a pager that looped would still let the test's timeout fire.
    await new Promise<void>((resolve) => setImmediate(resolve));
    let moved = false;
    const keys = () => truth(handler.world, kind, address, txId, burn).map((row) => row.key);
    for (const event of events) {
      if (event.at !== requests) continue;
      const before = requests > 0 && event.kind !== 'mine' ? keys() : [];
      apply(handler, address, event);
      moved ||= event.kind !== 'mine';
      const after = new Set(before.length > 0 ? keys() : []);
      left ||= before.some((key) => !after.has(key));
    }
    if (requests === 0) {
      start = truth(handler.world, kind, address, txId, burn);
      stayed = new Set(start.map((row) => row.key));
    } else if (moved) {
      const now = new Set(truth(handler.world, kind, address, txId, burn).map((row) => row.key));
      stayed = new Set([...stayed].filter((key) => now.has(key)));
    }
    requests += 1;
    return handler(request);
  };
  const client = createClient({ fetch, retry: false });
  const reported: string[] = [];
  const onReorg = (e: { orphaned: unknown[] }) => reported.push(...e.orphaned.map((row) => idOf(kind, row)));
  const { pageSize, concurrency, report } = options;
  const delivered: string[] = [];
  const list = iterate(
    client,
    kind,
    address,
    txId,
    { pageSize, concurrency, ...(report ? { onReorg } : {}) },
    fetch,
    burn,
  );
  for await (const row of list) delivered.push(idOf(kind, row));
  const end = truth(handler.world, kind, address, txId, burn);
  return { start, end, delivered, reported: report ? reported : undefined, stayed, left };
}

/** The issue's world for its first run (`createFetchHandler({ seed: 1 })`), smaller seeded worlds for the others. */
const issueHandler = (seed: number) =>
  seed === 1
    ? createFetchHandler({ seed })
    : createFetchHandler({ world: createWorld({ seed, blocks: 25 }) });

describe('iteration across histories of re-orgs, mining and resets (issue 32)', () => {
  it.each([false, true])(
    'the issue case: 10 blocks mined, then re-orgs of 3 (none back) and 2 (one block back), pages of 5 (onReorg: %s)',
    async (report) => {
      for (let seed = 1; seed <= 16; seed++) {
        const handler = issueHandler(seed);
        const { address } = handler.world.fixtures;
        for (let i = 0; i < 10; i++) handler.world.mineBlock({ address, transactions: 1 + (seed % 4) });
        handler.scenarios
          .reorgAfter(1, { depth: 3, replaceWith: 0 })
          .reorgAfter(5, { depth: 2, replaceWith: 1 });
        const start = truth(handler.world, 'offset', address, '');
        const client = createClient({ fetch: handler });
        const delivered: string[] = [];
        const reported: string[] = [];
        const options = {
          pageSize: 5,
          ...(report
            ? {
                onReorg: (e: { orphaned: unknown[] }) =>
                  reported.push(...e.orphaned.map((r) => idOf('offset', r))),
              }
            : {}),
        };
        for await (const row of client.getAccountTransactionsWithTransfers(address, {}, options)) {
          delivered.push(row.tx.tx_id);
        }
        const end = truth(handler.world, 'offset', address, '');
        checkRelations({ start, end, delivered, reported: report ? reported : undefined });
      }
    },
    60_000,
  );

  it('the issue case: re-orgs of 2 after requests 1 and 3, getAddressTransactions with onReorg', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const handler = issueHandler(seed);
      const { address } = handler.world.fixtures;
      handler.scenarios.reorgAfter(1, { depth: 2 }).reorgAfter(3, { depth: 2 });
      const start = truth(handler.world, 'cursor', address, '');
      const reported: string[] = [];
      const delivered: string[] = [];
      const onReorg = (e: { orphaned: unknown[] }) =>
        reported.push(...e.orphaned.map((r) => idOf('cursor', r)));
      const client = createClient({ fetch: handler });
      for await (const row of client.getAddressTransactions(address, {}, { pageSize: 5, onReorg })) {
        delivered.push(row.tx.tx_id);
      }
      checkRelations({ start, end: truth(handler.world, 'cursor', address, ''), delivered, reported });
    }
  }, 60_000);

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
    const run = await runHistory('offset', events, { pageSize: 33, concurrency: 3, report: true, seed: 773 });
    expect(run.delivered.some((id) => !run.end.some((row) => row.id === id))).toBe(true);
    checkRelations(run);
  });

  it('a list that only shrinks (re-orgs with nothing back before every request) ends exactly, not in ListOutpacedError', async () => {
    const events: Event[] = Array.from({ length: 12 }, (_, i) => ({
      at: i + 1,
      kind: 'reorg' as const,
      depth: 1 + (i % 3),
      replaceWith: undefined,
    }));
    for (const kind of ['cursor', 'offset'] as const) {
      const run = await runHistory(kind, events, { pageSize: 5, concurrency: 1, report: true, blocks: 60 });
      expect(run.end.length).toBeLessThan(run.start.length);
      checkRelations(run);
    }
  });

  const kinds: Kind[] = ['cursor', 'offset', 'events', 'position', 'changes', 'blocks'];
  const event = (maxAt: number): fc.Arbitrary<Event> =>
    fc.oneof(
      fc.record({
        at: fc.integer({ min: 1, max: maxAt }),
        kind: fc.constant('reorg' as const),
        depth: fc.integer({ min: 1, max: 6 }),
        replaceWith: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      }),
      fc.record({
        at: fc.integer({ min: 1, max: maxAt }),
        kind: fc.constant('mine' as const),
        transactions: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({ at: fc.integer({ min: 1, max: maxAt }), kind: fc.constant('reset' as const) }),
    );

  it('holds the relations over random histories: up to 5 re-orgs, mining and resets, every list kind, page sizes 1 to 50, prefetch on and off', async () => {
    // The seed is the suite's fixed one (FC_SEED explores others; fast-check prints it with a counterexample).
    const numRuns = Number(process.env.PAGER_RUNS ?? 40);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          kind: fc.constantFrom(...kinds),
          pageSize: fc.integer({ min: 1, max: 50 }),
          concurrency: fc.constantFrom(1, 3),
          report: fc.boolean(),
          reorgs: fc.array(event(12), { maxLength: 5 }).map((es) => es.filter((e) => e.kind === 'reorg')),
          others: fc.array(event(12), { maxLength: 4 }).map((es) => es.filter((e) => e.kind !== 'reorg')),
          world: fc.integer({ min: 1, max: 1000 }),
        }),
        async ({ kind, pageSize, concurrency, report, reorgs, others, world }) => {
          const events = [...reorgs, ...others];
          const outcome = await runHistory(kind, events, {
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
        },
      ),
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
    for (let i = 0; i < 20; i++) server.world.mineBlock({ address, transactions: 2 });
    const start = truth(server.world, 'cursor', address, '');
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
      reported.push(...e.orphaned.map((r) => idOf('cursor', r)));
    for await (const row of client.getAddressTransactions(address, {}, { pageSize: 10, onReorg })) {
      delivered.push(row.tx.tx_id);
    }
    const end = truth(server.world, 'cursor', address, '');
    expect(end.length).toBeLessThan(start.length);
    checkRelations({ start, end, delivered, reported });
    expect(reported.length).toBeGreaterThan(0);
  });
});
