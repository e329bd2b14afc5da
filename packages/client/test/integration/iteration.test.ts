import { setupMockServer } from '@blockindex/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Middleware } from '../../src/index.js';

const mock = setupMockServer({ seed: 1 });
const { address, txId } = mock.world.fixtures;

beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

/** Ground truth taken from the world before iterating: every tx id of the address, newest first. */
function addressTxIds(): string[] {
  const first = mock.world.listAddressTransactions(address, { limit: 0, offset: 0 });
  if ('error' in first) throw new Error(first.error);
  const all = mock.world.listAddressTransactions(address, { limit: first.total, offset: 0 });
  if ('error' in all) throw new Error(all.error);
  return all.results.map((r) => r.tx.tx_id);
}

function transferTxIds(): string[] {
  // A page with a row: as upstream, an empty page (limit 0, or past the end) says `total: 0`.
  const { total } = mock.world.listTransactionsWithTransfers(address, {
    limit: 1,
    offset: 0,
    unanchored: false,
  });
  return mock.world
    .listTransactionsWithTransfers(address, { limit: total, offset: 0, unanchored: false })
    .results.map((r) => r.tx.tx_id);
}

/**
 * Mines a block touching the address after every list response (so between any two pages), and records
 * how many list requests were in flight at once.
 */
function growingChain(path: string, transactions = 3) {
  const stats = { inFlight: 0, peak: 0, requests: 0, mined: 0 };
  const middleware: Middleware = {
    onRequest({ request }) {
      if (!new URL(request.url).pathname.endsWith(path)) return;
      stats.requests += 1;
      stats.inFlight += 1;
      stats.peak = Math.max(stats.peak, stats.inFlight);
    },
    onResponse({ request }) {
      if (!new URL(request.url).pathname.endsWith(path)) return;
      stats.inFlight -= 1;
      mock.world.mineBlock({ address, transactions });
      stats.mined += 1;
    },
  };
  return { middleware, stats };
}

describe('iterating getAddressTransactions', () => {
  it('yields every transaction of the address once, newest first', async () => {
    const want = addressTxIds();
    expect(want.length).toBeGreaterThan(1000);
    const got: string[] = [];
    for await (const item of createClient().getAddressTransactions(address)) got.push(item.tx.tx_id);
    expect(got).toEqual(want);
  });

  it('stays exact while blocks are mined between pages (cursor anchor)', async () => {
    const want = addressTxIds();
    const { middleware, stats } = growingChain('/transactions');
    const got: string[] = [];
    for await (const item of createClient({ use: [middleware] }).getAddressTransactions(
      address,
      {},
      { pageSize: 50 },
    )) {
      got.push(item.tx.tx_id);
    }
    expect(stats.mined).toBeGreaterThan(20);
    expect(got).toEqual(want);
    expect(addressTxIds().length).toBeGreaterThan(want.length); // the chain did grow
  });

  it('prefetches with concurrency 4, in order and exact while the chain grows', async () => {
    const want = addressTxIds();
    const { middleware, stats } = growingChain('/transactions');
    const client = createClient({ use: [middleware] });
    const got: string[] = [];
    for await (const item of client.getAddressTransactions(address, {}, { pageSize: 40, concurrency: 4 })) {
      got.push(item.tx.tx_id);
    }
    expect(got).toEqual(want);
    expect(stats.peak).toBe(4);
  });

  it('prefetches the requests the pages then make, at the largest page size too', async () => {
    // Each page after the first re-reads the row delivered last, so at pageSize 50 (the API's largest limit) a page
    // moves on 49 rows: prefetches aimed 50 rows apart were all wasted, and prefetch ran slower than one request at
    // a time.
    const want = addressTxIds();
    const sent = (concurrency: number) => {
      const requests: string[] = [];
      const count: Middleware = {
        onRequest({ request }) {
          requests.push(new URL(request.url).search);
        },
      };
      return { requests, client: createClient({ use: [count] }), concurrency };
    };
    for (const run of [sent(1), sent(4)]) {
      const got: string[] = [];
      for await (const item of run.client.getAddressTransactions(
        address,
        {},
        { pageSize: 50, concurrency: run.concurrency },
      )) {
        got.push(item.tx.tx_id);
      }
      expect(got).toEqual(want);
      expect(new Set(run.requests).size).toBe(run.requests.length);
      // One request per page, plus at most the prefetches past the list's end.
      expect(run.requests.length).toBeLessThanOrEqual(
        Math.ceil((want.length - 1) / 49) + run.concurrency - 1,
      );
    }
  });

  it('pages with .pages(), getNextPage() and maxItems', async () => {
    const want = addressTxIds();
    const client = createClient();
    const sizes: number[] = [];
    for await (const page of client
      .getAddressTransactions(address, {}, { pageSize: 30, maxItems: 75 })
      .pages()) {
      sizes.push(page.results.length);
    }
    expect(sizes).toEqual([30, 30, 15]);

    const first = await client.getAddressTransactions(address, { limit: 20 });
    mock.world.mineBlock({ address, transactions: 5 });
    const second = await first.getNextPage();
    expect([...first.results, ...second.results].map((r) => r.tx.tx_id)).toEqual(want.slice(0, 40));
  });
});

describe('iterating getAccountTransactionsWithTransfers (no cursor: offset shift detection)', () => {
  it('(control) a naive offset loop over the same growing chain repeats transactions', async () => {
    const { middleware } = growingChain('/transactions_with_transfers', 4);
    const client = createClient({ use: [middleware] });
    const got: string[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await client.getAccountTransactionsWithTransfers(address, { limit: 50, offset });
      got.push(...page.results.map((r) => r.tx.tx_id));
      if (page.results.length < 50) break;
    }
    expect(new Set(got).size).toBeLessThan(got.length);
  });

  it('stays exact while blocks are mined between pages', async () => {
    const want = transferTxIds();
    const { middleware, stats } = growingChain('/transactions_with_transfers', 4);
    const got: string[] = [];
    const list = createClient({ use: [middleware] }).getAccountTransactionsWithTransfers(
      address,
      {},
      { pageSize: 50 },
    );
    for await (const item of list) got.push(item.tx.tx_id);
    expect(stats.mined).toBeGreaterThan(20);
    expect(got).toEqual(want);
  });

  it('prefetches with concurrency 3 and stays exact under growth', async () => {
    const want = transferTxIds();
    const { middleware, stats } = growingChain('/transactions_with_transfers', 2);
    const got: string[] = [];
    const list = createClient({ use: [middleware] }).getAccountTransactionsWithTransfers(
      address,
      { limit: 25 },
      { concurrency: 3 },
    );
    for await (const item of list) got.push(item.tx.tx_id);
    expect(got).toEqual(want);
    expect(stats.peak).toBe(3);
  });
});

describe('iterating getAddressTransactionEvents', () => {
  it('yields every event of the transaction by event_index, one per request with pageSize 1', async () => {
    const want = mock.world.listAddressTransactionEvents(address, txId, { limit: 50, offset: 0 }).results;
    const got = [];
    for await (const event of createClient().getAddressTransactionEvents(
      address,
      txId,
      {},
      { pageSize: 1 },
    )) {
      got.push(event);
    }
    expect(got).toEqual(want);
    expect(got.map((e) => e.event_index)).toEqual([...got.map((e) => e.event_index)].sort((a, b) => a - b));
  });
});
