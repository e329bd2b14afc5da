// The pager's strategies for the successor lists (issue 33), driven through listCall against the mock's fetch
// handler: a position cursor for getPrincipalTransactions, a cursor over assets for the balance changes, offsets
// (at most 30 a page, as the spec bounds that operation) for getBlocksByBurnBlock. Each iterates exactly, page by
// page (getNextPage, page params) and with `for await`, while the chain grows and across re-orgs.
import { readFileSync } from 'node:fs';
import { createFetchHandler, createWorld, type FetchHandler } from '@blockindex/mock';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../src/core.js';
import { type ListRow, listCall } from '../../src/define.js';
import { ListReorgedError } from '../../src/errors.js';
import { type ListSpec, listSpec } from '../../src/internal/lists.js';
import { LIST_ROWS } from '../../src/operations.js';
import type { ListOptions } from '../../src/options.js';
import type { Page } from '../../src/page.js';
import { PagePromise } from '../../src/pagination.js';
import { addressTxIds } from '../hardening/helpers/ground-truth.js';
import { busiestBurnBlock } from '../helpers/reorg-oracle.js';

type Kind = 'transactions' | 'changes' | 'blocks';
const SPECS: Record<Kind, ListSpec> = {
  transactions: listSpec(LIST_ROWS.getPrincipalTransactions as ListRow),
  changes: listSpec(LIST_ROWS.getPrincipalTransactionBalanceChanges as ListRow),
  blocks: listSpec(LIST_ROWS.getBlocksByBurnBlock as ListRow),
};
/** getPrincipalTransactions's key (its row gives one: were it missing, calling it would fail the tests using it). */
const txKeyOf = SPECS.transactions.key as (row: never) => string;

interface Setup {
  handler: FetchHandler;
  address: string;
  txId: string;
  burnHeight: number;
  requests: URL[];
  /** Runs before request `i` (0: the first) reaches the mock. */
  before: (i: number) => void;
}

/** The transaction of `address` that moved the most assets for it, so its balance changes have pages to turn. */
function mostAssets(handler: FetchHandler, address: string): string {
  let best = { txId: handler.world.fixtures.txId, rows: 0 };
  for (const txId of addressTxIds(handler.world, address)) {
    const { total } = handler.world.listPrincipalTransactionBalanceChanges(address, txId, { limit: 1 });
    if (total > best.rows) best = { txId, rows: total };
  }
  return best.txId;
}

function setup(seed = 3): Setup {
  const handler = createFetchHandler({ world: createWorld({ seed, blocks: 40 }) });
  const { address } = handler.world.fixtures;
  const s: Setup = {
    handler,
    address,
    txId: mostAssets(handler, address),
    burnHeight: busiestBurnBlock(handler.world),
    requests: [],
    before: () => {},
  };
  return s;
}

/** The list as the mock holds it now, as each strategy identifies its rows (`keys`: with their blocks). */
function truth(s: Setup, kind: Kind, keys = false): string[] {
  const { world } = s.handler;
  if (kind === 'transactions') {
    const page = world.listPrincipalTransactions(s.address, { limit: 1_000_000 });
    if ('error' in page) throw new Error(page.error);
    return page.results.map((row) => (keys ? txKeyOf(row as never) : row.transaction.tx_id));
  }
  if (kind === 'changes') {
    const page = world.listPrincipalTransactionBalanceChanges(s.address, s.txId, { limit: 1_000_000 });
    return page.results.map((row) => SPECS.changes.identity(row as never) as string);
  }
  const page = world.listBlocksByBurnBlock({ height: s.burnHeight }, { offset: 0, limit: 1_000_000 });
  return (page?.results ?? []).map((block) => block.hash);
}

const idOf = (kind: Kind, row: unknown) => SPECS[kind].identity(row as never) as string;

function list(s: Setup, kind: Kind, options: ListOptions, query: Record<string, unknown> = {}) {
  let i = 0;
  const fetch = async (request: Request) => {
    // A macrotask per request: a pager that looped would still let the test's timeout fire.
    await new Promise<void>((resolve) => setImmediate(resolve));
    s.before(i++);
    s.requests.push(new URL(request.url));
    return s.handler(request);
  };
  const core = createCore({ fetch, retry: { maxRetries: 0 } });
  const path = () =>
    kind === 'transactions'
      ? { principal: s.address }
      : kind === 'changes'
        ? { principal: s.address, tx_id: s.txId }
        : { height_or_hash: String(s.burnHeight) };
  return listCall<unknown, never>(PagePromise, core, SPECS[kind], path, query, options) as PagePromise<
    unknown,
    never
  >;
}

async function drain(promise: PagePromise<unknown, never>, kind: Kind): Promise<string[]> {
  const ids: string[] = [];
  for await (const row of promise) ids.push(idOf(kind, row));
  return ids;
}

const kinds: Kind[] = ['transactions', 'changes', 'blocks'];

describe('successor lists through the pager', () => {
  it('the largest page of each list is the spec maximum of its `limit` (30 for getBlocksByBurnBlock)', () => {
    const doc = JSON.parse(
      readFileSync(new URL('../../../../spec/dist/openapi.json', import.meta.url), 'utf8'),
    ) as {
      paths: Record<string, { get: { parameters: Param[] } }>;
      components: { parameters: Record<string, Param> };
    };
    type Param = { $ref?: string; name: string; schema: { maximum: number } };
    const resolve = (p: Param) =>
      p.$ref ? (doc.components.parameters[p.$ref.split('/').at(-1) as string] as Param) : p;
    for (const spec of Object.values(SPECS)) {
      const limit = doc.paths[spec.path]?.get.parameters.map(resolve).find((p) => p.name === 'limit');
      expect(limit?.schema.maximum, spec.id).toBe(spec.max ?? 50);
    }
  });

  it.each(kinds)('%s: for await delivers the list exactly, in order, with any page size', async (kind) => {
    for (const pageSize of [1, 2, 3, 7, 50]) {
      const s = setup();
      const want = truth(s, kind);
      expect(want.length).toBeGreaterThanOrEqual(3);
      expect(await drain(list(s, kind, { pageSize }), kind)).toEqual(want);
      // Never more than the spec allows a page, never an `offset` where the list takes a cursor.
      for (const url of s.requests) {
        expect(Number(url.searchParams.get('limit'))).toBeLessThanOrEqual(SPECS[kind].max ?? 50);
        if (kind !== 'blocks') expect(url.searchParams.has('offset')).toBe(false);
      }
    }
  });

  it.each(kinds)('%s: getNextPage and page params walk the same rows as iteration', async (kind) => {
    const s = setup();
    const want = truth(s, kind);
    const ids: string[] = [];
    let page: Page<unknown, never> = await list(s, kind, {}, { limit: 2 });
    ids.push(...page.results.map((row) => idOf(kind, row)));
    for (let turns = 0; page.hasNextPage() && turns < 100; turns++) {
      // Every other page through a param that went through JSON, as a query cache holds it.
      if (turns % 2 === 0) page = await page.getNextPage();
      else {
        const pageParam = JSON.parse(JSON.stringify(page.nextPageParam));
        page = await list(s, kind, { pageParam });
      }
      ids.push(...page.results.map((row) => idOf(kind, row)));
    }
    expect(ids).toEqual(want);
  });

  it('transactions: a page param after a re-org follows its row exactly while that row keeps its block', async () => {
    const s = setup();
    const { world } = s.handler;
    const first = await list(s, 'transactions', {}, { limit: 20 });
    const start = truth(s, 'transactions');
    const pageParam = JSON.parse(JSON.stringify(first.nextPageParam));
    // A re-org of the newest block only: the 20th row sits lower (a block holds fewer than 20 of them).
    const lastBlock = (first.results.at(-1) as { transaction: { block: { height: number } } }).transaction
      .block;
    expect(lastBlock.height).toBeLessThan(world.tip.height);
    world.reorg({ depth: 1, replaceWith: 1 });
    const second = await list(s, 'transactions', { pageParam }, { limit: 20 });
    expect(second.results.map((row) => idOf('transactions', row))).toEqual(start.slice(20, 40));
  });

  it('transactions: a page param whose row a re-org orphaned is ListReorgedError (fetch again from the first page)', async () => {
    const s = setup();
    const { world } = s.handler;
    const first = await list(s, 'transactions', {}, { limit: 5 });
    const pageParam = JSON.parse(JSON.stringify(first.nextPageParam));
    const lastBlock = (first.results.at(-1) as { transaction: { block: { height: number } } }).transaction
      .block;
    world.reorg({ depth: world.tip.height - lastBlock.height + 1, replaceWith: 0 });
    const outcome = await list(s, 'transactions', { pageParam }, { limit: 5 }).catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(ListReorgedError);
  });

  it('transactions: exact while blocks are mined before every request (growth at the head is not delivered)', async () => {
    const s = setup();
    const want = truth(s, 'transactions');
    s.before = (i) => {
      if (i > 0) s.handler.world.mineBlock({ address: s.address, transactions: 2 });
    };
    expect(await drain(list(s, 'transactions', { pageSize: 4 }), 'transactions')).toEqual(want);
  });

  it.each(kinds)(
    '%s: across re-orgs at random requests, S ∩ E once and in order, R = D \\ E',
    async (kind) => {
      for (let seed = 1; seed <= 12; seed++) {
        const s = setup(seed);
        const start = truth(s, kind);
        const startKeys = truth(s, kind, true);
        const { world } = s.handler;
        s.before = (i) => {
          if (i === 1 || i === 1 + (seed % 3) * 2) {
            const depth = Math.min(1 + (seed % 4), world.maxReorgDepth);
            if (depth >= 1) world.reorg({ depth, replaceWith: seed % 2 });
          }
        };
        const reported: string[] = [];
        const delivered = await drain(
          list(s, kind, {
            pageSize: 1 + (seed % 3),
            onReorg: ({ orphaned }) => reported.push(...orphaned.map((row) => idOf(kind, row))),
          }),
          kind,
        );
        const end = truth(s, kind);
        const endKeys = new Set(truth(s, kind, true));
        expect(new Set(delivered).size, `seed ${seed}: no row twice`).toBe(delivered.length);
        for (const id of start) if (end.includes(id)) expect(delivered, `seed ${seed}: S ∩ E`).toContain(id);
        // Rows that stayed in their block (same key at the start and the end) come in the list's order.
        const stayed = start.filter((_id, i) => endKeys.has(startKeys[i] as string));
        expect(
          delivered.filter((id) => stayed.includes(id)),
          `seed ${seed}: in order`,
        ).toEqual(stayed);
        expect(new Set(reported), `seed ${seed}: R = D \\ E`).toEqual(
          new Set(delivered.filter((id) => !end.includes(id))),
        );
        expect(new Set(reported).size).toBe(reported.length);
      }
    },
    60_000,
  );
});
