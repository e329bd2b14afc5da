// The client's re-org oracle (packages/client/test/helpers/reorg-oracle.ts, which its reorg-history test runs)
// driving the from-scratch pager: the same histories, worlds and relations, with this pager in place of the client's.
// Run from bench/ after `pnpm build`:
//   npx tsx floor/pager/check.ts            (the suite's fixed seed; FC_SEED=<n> for another, PAGER_RUNS=<n> runs)
import { deepStrictEqual, ok, strictEqual } from 'node:assert/strict';
import { ListOutpacedError } from '@blockindex/client';
import { createFetchHandler, createWorld } from '@blockindex/mock';
import fc from 'fast-check';
import {
  busiestBurnBlock,
  busiestTransaction,
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
  type Where,
} from '../../../packages/client/test/helpers/reorg-oracle.js';
import type { Body } from './kinds.js';
import * as lists from './lists.js';
import { getPage } from './page.js';
import { type Get, iterate } from './pager.js';

const seed = Number(process.env.FC_SEED ?? 20261128);
fc.configureGlobal({ seed });

const SPECS = {
  cursor: lists.addressTransactions,
  offset: lists.transactionsWithTransfers,
  events: lists.transactionEvents,
  position: lists.principalTransactions,
  changes: lists.balanceChanges,
  blocks: lists.blocksByBurnBlock,
} as const;

/** A GET through a fetch function, as a page request: JSON, or an error carrying the status. */
function getter(fetch: (request: Request) => Promise<Response>): Get {
  return async (path, query) => {
    const url = `https://api.hiro.so${path}?${new URLSearchParams(query)}`;
    const response = await fetch(new Request(url));
    if (!response.ok)
      throw Object.assign(new Error(`${response.status} from ${url}`), { status: response.status });
    return (await response.json()) as Body;
  };
}

function paramsOf({ address, txId, burn }: Where): Record<string, string> {
  return { address, principal: address, txId, burnBlock: String(burn) };
}

/** This pager as the oracle iterates a list. */
const floorList: ListFn = (fetch, kind, where, options) =>
  iterate(getter(fetch), SPECS[kind], paramsOf(where), options);

async function issueCases(): Promise<void> {
  for (const report of [false, true]) await issueCaseOffset(floorList, report);
  await issueCaseCursor(floorList);
  console.log('ok   the issue cases (16 + 16 + 20 worlds)');
}

async function keptCases(): Promise<void> {
  const events: Event[] = [
    { at: 1, kind: 'mine', transactions: 3 },
    { at: 4, kind: 'reset' },
    { at: 6, kind: 'reset' },
    { at: 7, kind: 'reset' },
    { at: 10, kind: 'reorg', depth: 6, replaceWith: 1 },
  ];
  const options = { pageSize: 33, concurrency: 3, report: true, seed: 773 };
  checkRelations(await runHistory(floorList, 'offset', events, options));
  for (const kind of ['cursor', 'offset'] as const) {
    const run = await runHistory(floorList, kind, SHRINKING, {
      pageSize: 5,
      concurrency: 1,
      report: true,
      blocks: 60,
    });
    ok(run.end.length < run.start.length);
    checkRelations(run);
  }
  console.log('ok   the kept counterexample and the shrinking list');
}

/** Page params: pages taken one by one from JSON while blocks are mined are the list at the start, once. */
async function pageParamCase(): Promise<void> {
  for (const kind of ['cursor', 'offset', 'position', 'blocks'] as const) {
    const handler = createFetchHandler({ world: createWorld({ seed: 11, blocks: 30 }) });
    const { address } = handler.world.fixtures;
    const where = {
      address,
      txId: busiestTransaction(handler.world, address),
      burn: busiestBurnBlock(handler.world),
    };
    const params = paramsOf(where);
    const start = truth(handler.world, kind, where);
    const got: string[] = [];
    let page = await getPage(getter(handler), SPECS[kind], params, { pageSize: 7 });
    for (;;) {
      got.push(...page.results.map((row) => rowId(kind, row)));
      if (!page.hasNextPage()) break;
      handler.world.mineBlock({ address, transactions: 2 });
      const pageParam = JSON.parse(JSON.stringify(page.nextPageParam));
      page = await (got.length % 2
        ? page.getNextPage()
        : getPage(getter(handler), SPECS[kind], params, { pageSize: 7, pageParam }));
    }
    deepStrictEqual(
      got,
      start.map((row) => row.id),
      `${kind}: pages while mining`,
    );
    // `for await` from the first page's param: the rest of the list, once, though blocks were mined since.
    const first = await getPage(getter(handler), SPECS[kind], params, { pageSize: 2 });
    ok(first.hasNextPage(), `${kind}: a list of more than one page`);
    handler.world.mineBlock({ address, transactions: 3 });
    const pageParam = JSON.parse(JSON.stringify(first.nextPageParam));
    const rest: string[] = [];
    for await (const row of iterate(getter(handler), SPECS[kind], params, { pageSize: 2, pageParam })) {
      rest.push(rowId(kind, row));
    }
    const now = truth(handler.world, kind, where).map((row) => row.id);
    const after = now.indexOf(rowId(kind, first.results.at(-1)));
    deepStrictEqual(rest, now.slice(after + 1), `${kind}: for await from a page param`);
    let bad = '';
    const wrong = { ...pageParam, mark: { id: 1 } };
    await getPage(getter(handler), SPECS[kind], params, { pageParam: wrong }).catch(
      (error: Error) => (bad = `${error.name}: ${error.message}`),
    );
    strictEqual(bad, 'TypeError: pageParam.mark.id must be a string');
  }
  console.log('ok   page params and getNextPage while mining');
}

/** Prefetch: with `concurrency: 3` an offset list has requests in flight together, and still gives the list once. */
async function prefetchCase(): Promise<void> {
  for (const kind of ['offset', 'cursor', 'events'] as const) {
    const handler = createFetchHandler({ world: createWorld({ seed: 5, blocks: 40 }) });
    const { address } = handler.world.fixtures;
    const where = { address, txId: busiestTransaction(handler.world, address), burn: 0 };
    let inFlight = 0;
    let most = 0;
    const fetch = async (request: Request) => {
      most = Math.max(most, ++inFlight);
      await new Promise<void>((resolve) => setImmediate(resolve));
      inFlight -= 1;
      return handler(request);
    };
    const start = truth(handler.world, kind, where);
    const got: string[] = [];
    const options = { pageSize: 3, concurrency: 3 };
    for await (const row of iterate(getter(fetch), SPECS[kind], paramsOf(where), options)) {
      got.push(rowId(kind, row));
    }
    deepStrictEqual(
      got,
      start.map((row) => row.id),
      `${kind} with prefetch`,
    );
    // Short lists end before a prediction fits; the transaction lists here have 100 rows and more.
    ok(start.length <= 30 || most === 3, `${kind}: ${most} requests in flight, not 3`);
    ok(kind === 'events' || start.length > 30, `${kind}: a list long enough to prefetch`);
  }
  console.log('ok   prefetch keeps 3 requests in flight and gives the list once');
}

async function property(): Promise<void> {
  const numRuns = Number(process.env.PAGER_RUNS ?? 40);
  let outpaced = 0;
  await fc.assert(
    fc.asyncProperty(histories, async ({ kind, pageSize, concurrency, report, reorgs, others, world }) => {
      const options = { pageSize, concurrency, report, seed: world };
      const outcome = await runHistory(floorList, kind, [...reorgs, ...others], options).catch(
        (error: unknown) => error,
      );
      // The documented limit of lists without a cursor, as the test allows it.
      if (outcome instanceof ListOutpacedError && kind !== 'cursor' && pageSize <= 4) {
        outpaced += 1;
        return;
      }
      if (outcome instanceof Error) throw outcome;
      checkRelations(outcome as Run);
    }),
    { numRuns, endOnFailure: true },
  );
  console.log(
    `ok   ${numRuns} random histories, seed ${seed} (${outpaced} ended in the allowed ListOutpacedError)`,
  );
}

await issueCases();
await keptCases();
await pageParamCase();
await prefetchCase();
await property();
