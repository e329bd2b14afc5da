// The client's re-org oracle (packages/client/test/helpers/reorg-oracle.ts, which its reorg-history test runs)
// driving the from-scratch full-guarantee pager: the same histories, worlds and relations, with this pager in place of
// the client's, plus checks of what pager-full adds (typed rows, PagePromise, maxItems, signal, page fields and param
// checks, moved rows, response checks). Run from bench/ after `pnpm build`:
//   npx tsx floor/pager-full/check.ts       (the suite's fixed seed; FC_SEED=<n> for another, PAGER_RUNS=<n> runs)
//   npx tsc -p floor/pager-full             (the types: rows typed per operation)
import { deepStrictEqual, ok, rejects, strictEqual, throws } from 'node:assert/strict';
import {
  AbortError,
  ListInconsistentError,
  ListOutpacedError,
  ListReorgedError,
  ResponseParseError,
} from '@blockindex/client';
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
  type Kind,
  type ListFn,
  type Run,
  rowId,
  runHistory,
  SHRINKING,
  truth,
  type Where,
} from '../../../packages/client/test/helpers/reorg-oracle.js';
import * as lists from './lists.js';
import type { Page } from './page.js';
import type { PageParam } from './page-param.js';
import { type ListCallOptions, listCall, type PagePromise } from './page-promise.js';
import type { Get } from './pager.js';

const seed = Number(process.env.FC_SEED ?? 20261128);
fc.configureGlobal({ seed });

/** A GET through a fetch function, as a page request: JSON, or an error carrying the status. */
function getter(fetch: (request: Request) => Promise<Response>): Get {
  return async (path, query, signal) => {
    const url = `https://api.hiro.so${path}?${new URLSearchParams(query)}`;
    const response = await fetch(new Request(url, signal ? { signal } : {}));
    if (!response.ok)
      throw Object.assign(new Error(`${response.status} from ${url}`), { status: response.status });
    return { data: await response.json(), response };
  };
}

type AnyCall = PagePromise<unknown, unknown>;

/** The list call of a kind: each operation typed by its own spec, seen here as rows of unknown type. */
function callOf(
  get: Get,
  kind: Kind,
  { address, txId, burn }: Where,
  query: Record<string, unknown> = {},
  options: ListCallOptions<unknown> = {},
): AnyCall {
  const call: Record<Kind, () => unknown> = {
    cursor: () => listCall(get, lists.addressTransactions, { address }, query, options),
    offset: () => listCall(get, lists.transactionsWithTransfers, { principal: address }, query, options),
    events: () => listCall(get, lists.transactionEvents, { address, tx_id: txId }, query, options),
    position: () => listCall(get, lists.principalTransactions, { principal: address }, query, options),
    changes: () => listCall(get, lists.balanceChanges, { principal: address, tx_id: txId }, query, options),
    blocks: () => listCall(get, lists.blocksByBurnBlock, { height_or_hash: burn }, query, options),
  };
  return call[kind]() as AnyCall;
}

/** This pager as the oracle iterates a list. */
const floorList: ListFn = (fetch, kind, where, options) => callOf(getter(fetch), kind, where, {}, options);

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
    const get = getter(handler);
    const start = truth(handler.world, kind, where);
    const got: string[] = [];
    let page = await callOf(get, kind, where, { limit: 7 });
    strictEqual(page.limit, 7, `${kind}: page.limit`);
    for (;;) {
      got.push(...page.results.map((row) => rowId(kind, row)));
      if (!page.hasNextPage()) break;
      handler.world.mineBlock({ address, transactions: 2 });
      const pageParam = JSON.parse(JSON.stringify(page)).nextPageParam as PageParam;
      page = await (got.length % 2 ? page.getNextPage() : callOf(get, kind, where, {}, { pageParam }));
    }
    deepStrictEqual(
      got,
      start.map((row) => row.id),
      `${kind}: pages while mining`,
    );
    // `for await` from the first page's param: the rest of the list, once, though blocks were mined since.
    const first = await callOf(get, kind, where, { limit: 2 });
    ok(first.hasNextPage(), `${kind}: a list of more than one page`);
    handler.world.mineBlock({ address, transactions: 3 });
    const pageParam = JSON.parse(JSON.stringify(first.nextPageParam)) as PageParam;
    const rest: string[] = [];
    for await (const row of callOf(get, kind, where, {}, { pageSize: 2, pageParam }))
      rest.push(rowId(kind, row));
    const now = truth(handler.world, kind, where).map((row) => row.id);
    const after = now.indexOf(rowId(kind, first.results.at(-1)));
    deepStrictEqual(rest, now.slice(after + 1), `${kind}: for await from a page param`);
    // A malformed param: the field named, nothing sent.
    const bad = async (param: unknown, want: RegExp) => {
      const call = callOf(get, kind, where, {}, { pageParam: param as PageParam });
      await rejects(Promise.resolve(call), want);
      await rejects(call[Symbol.asyncIterator]().next(), want);
    };
    await bad(
      { ...pageParam, last: { ...pageParam.last, id: 1 } },
      /^TypeError: pageParam.last.id must be a string$/,
    );
    await bad(
      { ...pageParam, limit: 51 },
      /^RangeError: pageParam.limit must be an integer from 0 to \d+: 51$/,
    );
    await bad({ ...pageParam, total: -1 }, /^RangeError: pageParam.total must be an integer from 0/);
    await bad({ ...pageParam, limit: 2.5 }, /^RangeError: pageParam.limit must be an integer/);
  }
  console.log('ok   page params and getNextPage while mining; malformed params named');
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
    for await (const row of callOf(getter(fetch), kind, where, {}, options)) got.push(rowId(kind, row));
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

/** A world, its address's transaction list and a fetch that counts requests and keeps them. */
function counted(seed = 3) {
  const handler = createFetchHandler({ world: createWorld({ seed, blocks: 30 }) });
  const { address } = handler.world.fixtures;
  const where = {
    address,
    txId: busiestTransaction(handler.world, address),
    burn: busiestBurnBlock(handler.world),
  };
  const sent: Request[] = [];
  const get = getter(async (request) => {
    sent.push(request);
    return handler(request);
  });
  return {
    handler,
    where,
    sent,
    get,
    ids: (kind: Kind) => truth(handler.world, kind, where).map((r) => r.id),
  };
}

/** The awaited call is one request and no iteration; iterated, no first-page request; typed fields; the query kept. */
async function pagePromiseCase(): Promise<void> {
  const { where, sent, get, ids } = counted();
  const call = callOf(get, 'cursor', where, { limit: 4, exclude_function_args: true });
  strictEqual(sent.length, 0, 'nothing sent before the call is awaited or iterated');
  const page = await call;
  strictEqual(sent.length, 1, 'the awaited page is one request');
  const url = new URL(sent[0]?.url ?? '');
  strictEqual(url.searchParams.get('exclude_function_args'), 'true', 'the caller query is sent');
  strictEqual(url.searchParams.get('limit'), '4');
  deepStrictEqual(
    page.results.map((row) => rowId('cursor', row)),
    ids('cursor').slice(0, 4),
  );
  deepStrictEqual(Object.keys(page.toJSON()).sort(), [
    'limit',
    'nextPageParam',
    'offset',
    'results',
    'total',
  ]);
  ok(page.response instanceof Response && page.body !== undefined && page.offset === 0 && page.total > 4);
  strictEqual(await call, page, 'awaited twice: one request');
  strictEqual(sent.length, 1);
  // Iterated only: the pages by `limit`, the caller's query on every request, never the awaited page's request.
  const iterated = callOf(get, 'cursor', where, { limit: 4, exclude_function_args: true });
  const pages: Page<unknown, unknown>[] = [];
  for await (const p of iterated.pages()) if (pages.push(p) === 3) break;
  deepStrictEqual(
    pages.map((p) => p.results.length),
    [4, 4, 4],
  );
  ok(sent.slice(1).every((r) => new URL(r.url).searchParams.get('exclude_function_args') === 'true'));
  strictEqual(sent.length, 4, 'three pages, three requests');
  // `limit: 0`: the server's default for the awaited page, 50 a request when iterating.
  const zero = await callOf(get, 'offset', where, { limit: 0 });
  strictEqual(new URL(sent.at(-1)?.url ?? '').searchParams.get('limit'), null);
  strictEqual(zero.results.length, zero.limit);
  let n = 0;
  for await (const _ of callOf(get, 'offset', where, { limit: 0 }, { maxItems: 60 })) n += 1;
  strictEqual(new URL(sent.at(-2)?.url ?? '').searchParams.get('limit'), '50');
  strictEqual(n, 60);
  // A failed awaited page only rejects where it is awaited; iterated only, nothing is left unhandled.
  const failing = callOf(
    getter(async () => new Response('{}', { status: 200 })),
    'cursor',
    where,
  );
  await rejects(failing[Symbol.asyncIterator]().next(), ResponseParseError);
  // The awaited page positions its last row only.
  let named = 0;
  const counting: lists.SpecOf<'getAddressTransactions'> = {
    ...lists.addressTransactions,
    key: () => `${++named}`,
  };
  await listCall(get, counting, { address: where.address }, { limit: 30 });
  strictEqual(named, 1, 'the awaited page positions one row');
  console.log('ok   PagePromise: awaited (one request), iterated, pages(), the caller query, limit 0');
}

/** `maxItems` stops the items and the pages; the signal stops before the next page and item and reaches requests. */
async function maxItemsAndAbortCase(): Promise<void> {
  const { where, sent, get, ids } = counted();
  const got: string[] = [];
  for await (const row of callOf(get, 'offset', where, {}, { pageSize: 5, maxItems: 7 }))
    got.push(rowId('offset', row));
  deepStrictEqual(got, ids('offset').slice(0, 7));
  const pages: Page<unknown, unknown>[] = [];
  for await (const page of callOf(get, 'position', where, { limit: 5 }, { maxItems: 7 }).pages())
    pages.push(page);
  deepStrictEqual(
    pages.map((p) => [p.results.length, p.hasNextPage()]),
    [
      [5, true],
      [2, false],
    ],
  );
  for await (const _ of callOf(get, 'cursor', where, {}, { maxItems: 0 }))
    throw new Error('maxItems 0 gave an item');
  throws(() => callOf(get, 'cursor', where, {}, { maxItems: -1 }), RangeError);
  // Abort after 3 items: the next item is an AbortError, no request is sent after, those sent carried the signal.
  const controller = new AbortController();
  const before = sent.length;
  const rows = callOf(get, 'cursor', where, {}, { pageSize: 5, signal: controller.signal })[
    Symbol.asyncIterator
  ]();
  for (let i = 0; i < 3; i++) await rows.next();
  const requests = sent.length - before;
  controller.abort();
  await rejects(rows.next(), AbortError);
  strictEqual(sent.length - before, requests, 'no request after the abort');
  ok(
    sent.slice(before).every((r) => r.signal.aborted),
    'every request carried the signal',
  );
  const page = await callOf(get, 'cursor', where, { limit: 3 });
  await rejects(page.getNextPage({ signal: controller.signal }), AbortError);
  console.log('ok   maxItems (items and pages), signal (before pages and items, on requests, getNextPage)');
}

/** getNextPage follows its row when a re-org above it moved it; a row the re-org took is ListReorgedError. */
async function movedRowCase(): Promise<void> {
  for (const kind of ['cursor', 'offset', 'position'] as const) {
    const { handler, where, sent, get, ids } = counted(7);
    const { address } = where;
    // Two new blocks above the row the next page follows, then a re-org taking both (and the anchor's block).
    handler.world.mineBlock({ address, transactions: 4 });
    handler.world.mineBlock({ address, transactions: 4 });
    const page = await callOf(get, kind, where, { limit: 10 });
    const { orphanedTransactions } = handler.world.reorg({ depth: 2 });
    const lastId = rowId(kind, page.results.at(-1));
    ok(!orphanedTransactions.includes(lastId) && ids(kind).includes(lastId), `${kind}: the row stays`);
    const before = sent.length;
    const next = await page.getNextPage();
    const now = ids(kind);
    deepStrictEqual(
      next.results.map((row) => rowId(kind, row)),
      now.slice(now.indexOf(lastId) + 1, now.indexOf(lastId) + 11),
      `${kind}: the page after the moved row`,
    );
    ok(kind === 'position' || sent.length - before > 1, `${kind}: the row was looked for from the head`);
    // The next page's own row orphaned: ListReorgedError.
    const last = await callOf(get, kind, where, { limit: 1 });
    handler.world.reorg({ depth: 1 });
    await rejects(last.getNextPage(), ListReorgedError);
  }
  console.log('ok   getNextPage follows a row a re-org above it moved; its row orphaned: ListReorgedError');
}

/** From the caller's own cursor: the rows from there; a re-org under it is ListReorgedError. */
async function ownCursorCase(): Promise<void> {
  const { handler, where, get, ids } = counted(9);
  const page = await callOf(get, 'cursor', where, { limit: 5 });
  const body = page.body as { prev_cursor: string };
  const got: string[] = [];
  for await (const row of callOf(get, 'cursor', where, { cursor: body.prev_cursor }, { pageSize: 7 }))
    got.push(rowId('cursor', row));
  deepStrictEqual(got, ids('cursor').slice(5));
  const rows = callOf(get, 'cursor', where, { cursor: body.prev_cursor }, { pageSize: 3 })[
    Symbol.asyncIterator
  ]();
  await rows.next();
  handler.world.reorg({ depth: 3 });
  let error: unknown;
  try {
    for (let i = 0; i < 200; i++) if ((await rows.next()).done) break;
  } catch (caught) {
    error = caught;
  }
  ok(error instanceof ListReorgedError, `own cursor after a re-org: ${error}`);
  console.log("ok   an iteration from the caller's own cursor; a re-org under it is ListReorgedError");
}

/** Bad answers: a ResponseParseError naming the field; a list ending before its total: ListInconsistentError. */
async function responseCase(): Promise<void> {
  const { where, get } = counted();
  const answer = (body: object | string) =>
    getter(async () => (typeof body === 'string' ? new Response(body) : Response.json(body)));
  const row = (id: unknown) => ({ tx: { tx_id: id, block_hash: '0x1' } });
  const cases: [object | string, RegExp | typeof ListInconsistentError][] = [
    [{ limit: 2, offset: 0, total: 2 }, /no results array/],
    [{ results: [1], limit: 1, offset: 0, total: 1 }, /results\[0\] is not an object/],
    [{ results: [], limit: 2, offset: 0.5, total: 2 }, /offset is not a non-negative integer: 0.5/],
    ['{"results":[],"limit":2,"offset":0,"total":1e400}', /total is not a non-negative integer: Infinity/],
    [{ results: [row(1)], limit: 2, offset: 0, total: 1 }, /results\[0\].tx.tx_id is not a string/],
    [{ results: [row('a'), row('a')], limit: 2, offset: 0, total: 2 }, /tx.tx_id a is repeated/],
    [{ results: [row('a')], limit: 2, offset: 0, total: 5 }, ListInconsistentError],
  ];
  for (const [body, want] of cases) {
    await rejects(Promise.resolve(callOf(answer(body), 'offset', where)), want);
    await rejects(callOf(answer(body), 'offset', where)[Symbol.asyncIterator]().next(), want);
  }
  await rejects(
    Promise.resolve(callOf(answer({ results: [], limit: 2, offset: 0, total: 0 }), 'offset', where)).then(
      () => {
        throw new Error('fine');
      },
    ),
    /fine/,
  );
  // Position-cursor lists have no offset to check; their rows are checked by their own identity.
  const v3 = { results: [{ transaction: { tx_id: 7 } }], limit: 1, total: 1, cursor: { next: null } };
  await rejects(Promise.resolve(callOf(answer(v3), 'position', where)), /transaction.tx_id is not a string/);
  strictEqual((await callOf(get, 'position', where, { limit: 1 })).offset, null);
  console.log('ok   response checks name the field; a list ending before its total is ListInconsistentError');
}

/** The rows are typed per operation (the types checked by `npx tsc -p floor/pager-full`), and the typed fields are there. */
async function typedRows(): Promise<void> {
  const { get, where } = counted();
  const { address: principal, txId: tx_id, burn } = where;
  const page = await listCall(get, lists.principalTransactions, { principal }, { limit: 2 });
  const ids: string[] = page.results.map((row) => row.transaction.tx_id);
  const body: number = page.body.cursor.next === null ? 0 : page.body.total;
  for await (const block of listCall(
    get,
    lists.blocksByBurnBlock,
    { height_or_hash: burn },
    {},
    { maxItems: 3 },
  )) {
    ids.push(block.hash);
  }
  for await (const p of listCall(get, lists.transactionEvents, { address: principal, tx_id }).pages()) {
    ids.push(...p.results.map((event) => String(event.event_index + body)));
  }
  // @ts-expect-error a v3 row has no `tx`
  const _noTx = () => page.results[0]?.tx;
  // @ts-expect-error a query parameter the operation does not take
  listCall(get, lists.principalTransactions, { principal }, { offset: 1 });
  ok(
    ids.length > 5 && ids.every((id) => typeof id === 'string' && id !== 'undefined'),
    `typed fields: ${ids}`,
  );
  console.log('ok   typed rows: the typed fields of three operations are there');
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
await pagePromiseCase();
await maxItemsAndAbortCase();
await movedRowCase();
await ownCursorCase();
await responseCase();
await typedRows();
await property();
