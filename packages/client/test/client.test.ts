import { describe, expect, it, vi } from 'vitest';
import { BlockindexClient, createClient } from '../src/client.js';
import { AbortError, NotFoundError, ResponseParseError } from '../src/errors.js';
import { getAddressTransactions, getBrc20Token } from '../src/operations.js';
import { ListPromise } from '../src/page.js';
import { PagePromise } from '../src/pagination.js';
import { fakeFetch, json } from './helpers/fake-fetch.js';
import { FakeList } from './helpers/fake-list.js';

const ADDRESS = 'SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21';
const HASH = '00000000000000000002bba732926cf68b6eda3e2cdbc2a85af79f10efeeeb10';
const TX = 'f6bd5f4a7b26184a3466340b2e99fd003b4962c0e382a7e4b6a13df3dd7a91c6';

/** Serves a FakeList on the address-transactions path, with the query read the way the server reads it. */
function listServer(list: FakeList) {
  return fakeFetch((request) => {
    const url = new URL(request.url);
    const q = url.searchParams;
    const page = list.page({
      offset: Number(q.get('offset') ?? 0),
      limit: Number(q.get('limit') ?? 20),
      ...(q.has('cursor') ? { cursor: q.get('cursor') as string } : {}),
    });
    return json(page);
  });
}

describe('createClient: paths and parameters', () => {
  it.each([
    ['ordi', '/ordinals/v1/brc-20/tokens/ordi'],
    ['ordi/x', '/ordinals/v1/brc-20/tokens/ordi%2Fx'],
    ['ordï', '/ordinals/v1/brc-20/tokens/ord%C3%AF'],
    ['🦊', '/ordinals/v1/brc-20/tokens/%F0%9F%A6%8A'],
    ['a b?#', '/ordinals/v1/brc-20/tokens/a%20b%3F%23'],
  ])('encodes the ticker %j so it reaches the server intact', async (ticker, path) => {
    const { fetch, requests } = fakeFetch(() => json({ token: {}, supply: {} }));
    await createClient({ fetch }).getBrc20Token(ticker);
    const url = new URL(requests[0]?.url as string);
    expect(url.pathname).toBe(path);
    expect(decodeURIComponent(url.pathname.split('/').pop() as string)).toBe(ticker);
  });

  it.each([
    [HASH, `0x${HASH}`],
    [`0x${HASH}`, `0x${HASH}`],
    [`0X${HASH}`, `0x${HASH}`],
  ])('always sends the burn block hash with 0x (%s)', async (input, sent) => {
    const { fetch, requests } = fakeFetch(() => json({ height: 1 }));
    await createClient({ fetch }).getBlockByBurnBlockHash(input);
    expect(requests[0]?.url).toBe(`https://api.hiro.so/extended/v1/block/by_burn_block_hash/${sent}`);
  });

  it('sends the burn block height as a path segment', async () => {
    const { fetch, requests } = fakeFetch(() => json({ height: 1 }));
    await createClient({ fetch, baseUrl: 'http://127.0.0.1:3999/' }).getBlockByBurnBlockHeight(744603);
    expect(requests[0]?.url).toBe('http://127.0.0.1:3999/extended/v1/block/by_burn_block_height/744603');
  });

  it('prefixes the tx id with 0x and sends the event query', async () => {
    const { fetch, requests } = fakeFetch(() => json({ limit: 3, offset: 3, total: 6, results: [] }));
    await createClient({ fetch }).getAddressTransactionEvents(`${ADDRESS}.pool`, TX, { limit: 3, offset: 3 });
    expect(requests[0]?.url).toBe(
      `https://api.hiro.so/extended/v2/addresses/${ADDRESS}.pool/transactions/0x${TX}/events?offset=3&limit=3`,
    );
  });

  it('sends every query parameter of transactions_with_transfers', async () => {
    const { fetch, requests } = fakeFetch(() => json({ limit: 5, offset: 0, total: 0, results: [] }));
    await createClient({ fetch }).getAccountTransactionsWithTransfers(ADDRESS, {
      limit: 5,
      height: 100,
      unanchored: false,
      until_block: '120',
    });
    const q = new URL(requests[0]?.url as string).searchParams;
    expect(Object.fromEntries(q)).toEqual({
      height: '100',
      unanchored: 'false',
      until_block: '120',
      offset: '0',
      limit: '5',
    });
  });

  it('passes the caller query unchanged for the first page, cursor and flags included', async () => {
    const { fetch, requests } = fakeFetch(() =>
      json({
        limit: 2,
        offset: 1,
        total: 9,
        results: [],
        cursor: null,
        next_cursor: null,
        prev_cursor: null,
      }),
    );
    await createClient({ fetch }).getAddressTransactions(ADDRESS, {
      limit: 2,
      offset: 1,
      cursor: 'abc:0:1',
      exclude_function_args: true,
    });
    const q = new URL(requests[0]?.url as string).searchParams;
    expect(Object.fromEntries(q)).toEqual({
      exclude_function_args: 'true',
      offset: '1',
      limit: '2',
      cursor: 'abc:0:1',
    });
  });
});

describe('createClient: methods from the operation table', () => {
  it('has one method per operation, each its standalone function with the client as core', async () => {
    const { fetch, requests } = fakeFetch(() => json({ token: {}, supply: {} }));
    const client = createClient({ fetch });
    expect(client).toBeInstanceOf(BlockindexClient);
    // Methods live on the prototype, as a class's: a logged client shows none of them.
    expect(Object.keys(client)).toEqual(['baseUrl', 'ordinalsBaseUrl']);
    expect(await client.getBrc20Token('ordi')).toEqual(await getBrc20Token(client, 'ordi'));
    expect(requests.map((r) => r.url)).toEqual([
      'https://api.hiro.so/ordinals/v1/brc-20/tokens/ordi',
      'https://api.hiro.so/ordinals/v1/brc-20/tokens/ordi',
    ]);
  });

  it("returns a PagePromise for a list (a ListPromise for the standalone function's caller)", async () => {
    const list = new FakeList(3);
    const { fetch } = listServer(list);
    const client = createClient({ fetch });
    const method = client.getAddressTransactions(ADDRESS);
    expect(method).toBeInstanceOf(PagePromise);
    const standalone = getAddressTransactions(client, ADDRESS);
    expect(standalone).toBeInstanceOf(ListPromise);
    expect(standalone).not.toBeInstanceOf(PagePromise);
    expect((await method).results).toEqual((await standalone).results);
    const ids: unknown[] = [];
    for await (const row of client.getAddressTransactions(ADDRESS)) ids.push(row.tx.tx_id);
    expect(ids).toEqual((await method).results.map((row) => row.tx.tx_id));
  });

  it('refuses a query parameter the operation does not take, naming the closest', async () => {
    const { fetch, requests } = fakeFetch(() => json({}));
    const client = createClient({ fetch });
    await expect(client.getPrincipalTransactions(ADDRESS, { limt: 5 } as never)).rejects.toThrow(
      'query has no parameter "limt"; did you mean limit?',
    );
    await expect(client.getBlocksByBurnBlock('latest', null as never)).rejects.toThrow(
      'query must be an object; got null',
    );
    await expect(client.getAddressTransactions(ADDRESS, {}, null as never)).rejects.toThrow(
      'options must be an object; got null',
    );
    await expect(client.getPrincipalTransactions(ADDRESS, 'limit=5' as never)).rejects.toThrow(
      'query must be an object; got "limit=5"',
    );
    expect(requests).toEqual([]);
  });
});

describe('createClient: list calls', () => {
  it('is a real Promise that test runners accept, and iteration in the same turn sends no extra request', async () => {
    const list = new FakeList(25);
    const { fetch } = listServer(list);
    const client = createClient({ fetch });
    const call = client.getAccountTransactionsWithTransfers(ADDRESS);
    expect(call).toBeInstanceOf(Promise);
    expect(call.then(() => 1)).not.toHaveProperty('withResponse');
    await expect(call).resolves.toMatchObject({ total: 25 });
    const requestsBefore = fetch.mock.calls.length;
    let items = 0;
    for await (const _ of client.getAccountTransactionsWithTransfers(ADDRESS, {}, { pageSize: 50 })) items++;
    expect(items).toBe(25);
    expect(fetch.mock.calls.length - requestsBefore).toBe(1);
    const missing = fakeFetch(() => json({ error: 'not found' }, { status: 404 }));
    const single = createClient({ fetch: missing.fetch }).getBlockByBurnBlockHeight(1);
    expect(single).toBeInstanceOf(Promise);
    await expect(single).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reports no unhandled rejection when a failing list call is only iterated or only used through withResponse', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    // Fake timers (setImmediate stays real): no real clock is waited on, and any timer the calls left is run at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const { fetch } = fakeFetch(() => json({ error: 'bad' }, { status: 400 }));
      const client = createClient({ fetch });
      const iterate = async () => {
        for await (const _ of client.getAddressTransactions(ADDRESS)) {
        }
      };
      await expect(iterate()).rejects.toBeInstanceOf(Error);
      await expect(client.getAddressTransactions(ADDRESS).withResponse()).rejects.toBeInstanceOf(Error);
      await expect(client.getBrc20Token('ordi').withResponse()).rejects.toBeInstanceOf(Error);
      // Node reports a rejection nobody handled once the turn it happened in is over: let a few turns pass.
      await vi.runAllTimersAsync();
      for (let turn = 0; turn < 3; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    } finally {
      vi.useRealTimers();
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });

  it('resolves to a page with results, total, limit, offset, response and a working next page', async () => {
    const list = new FakeList(25, { cursor: true });
    const { fetch } = listServer(list);
    const page = await createClient({ fetch }).getAddressTransactions(ADDRESS, { limit: 10 });
    expect(page.results.map((r) => r.tx.tx_id)).toEqual(list.snapshot().slice(0, 10));
    expect([page.total, page.limit, page.offset]).toEqual([25, 10, 0]);
    expect(page.response.status).toBe(200);
    expect(page.body.cursor).toBe('tx-24');
    expect(page.hasNextPage()).toBe(true);
    list.grow(4); // the chain grows between pages: the next page still follows on exactly
    const second = await page.getNextPage();
    const third = await second.getNextPage();
    expect([...second.results, ...third.results].map((r) => r.tx.tx_id)).toEqual(
      list.snapshot().slice(4 + 10, 4 + 25),
    );
    expect(third.hasNextPage()).toBe(false);
    await expect(third.getNextPage()).rejects.toThrow('no next page');
  });

  it('iterates every item, using 50 per request by default and the cursor anchor, each request from the row before', async () => {
    const list = new FakeList(120, { cursor: true });
    const { fetch, requests } = listServer(list);
    const ids: string[] = [];
    for await (const item of createClient({ fetch }).getAddressTransactions(ADDRESS, {
      exclude_function_args: true,
    })) {
      ids.push(item.tx.tx_id);
    }
    expect(ids).toEqual(list.snapshot());
    expect(requests.map((r) => new URL(r.url).search)).toEqual([
      '?exclude_function_args=true&offset=0&limit=50',
      '?exclude_function_args=true&offset=49&limit=50&cursor=tx-119',
      '?exclude_function_args=true&offset=98&limit=22&cursor=tx-119',
    ]);
  });

  it('iterates pages with .pages(), honouring pageSize (clamped to 50) and maxItems', async () => {
    const list = new FakeList(300, { cursor: true });
    const { fetch, requests } = listServer(list);
    const client = createClient({ fetch });
    const sizes: number[] = [];
    for await (const page of client
      .getAddressTransactions(ADDRESS, {}, { pageSize: 500, maxItems: 120 })
      .pages()) {
      sizes.push(page.results.length);
      expect(page.response).toBeInstanceOf(Response);
    }
    // After the first, a request of 50 starts with the row before its page: 49 new rows.
    expect(sizes).toEqual([50, 49, 21]);
    expect(requests.every((r) => Number(new URL(r.url).searchParams.get('limit')) <= 50)).toBe(true);

    const few: string[] = [];
    for await (const item of client.getAddressTransactions(ADDRESS, { limit: 7 }, { maxItems: 10 })) {
      few.push(item.tx.tx_id);
    }
    expect(few).toEqual(list.snapshot().slice(0, 10));
  });

  it('gives the first page with its response through withResponse()', async () => {
    const { fetch } = fakeFetch(() =>
      json({ limit: 20, offset: 0, total: 0, results: [] }, { headers: { etag: '"e"' } }),
    );
    const { data, response } = await createClient({ fetch })
      .getAccountTransactionsWithTransfers(ADDRESS)
      .withResponse();
    expect(data.results).toEqual([]);
    expect(data.hasNextPage()).toBe(false);
    expect(response.headers.get('etag')).toBe('"e"');
  });

  it('stops an iteration when its signal aborts', async () => {
    const list = new FakeList(200, { cursor: true });
    const { fetch } = listServer(list);
    const controller = new AbortController();
    const seen: string[] = [];
    const iterate = async () => {
      for await (const item of createClient({ fetch }).getAddressTransactions(
        ADDRESS,
        {},
        { signal: controller.signal },
      )) {
        seen.push(item.tx.tx_id);
        if (seen.length === 60) controller.abort();
      }
    };
    await expect(iterate()).rejects.toBeInstanceOf(AbortError);
    expect(seen).toHaveLength(60);
  });

  it('rejects a 2xx list body that is not a page', async () => {
    const { fetch } = fakeFetch(() => json({ results: 'nope' }));
    await expect(createClient({ fetch }).getAddressTransactions(ADDRESS)).rejects.toBeInstanceOf(
      ResponseParseError,
    );
  });

  it('surfaces a 404 of a later page while iterating', async () => {
    const { fetch } = fakeFetch((_req, call) =>
      call === 1
        ? json({ limit: 1, offset: 0, total: 3, results: [{ event_index: 0 }] })
        : json({ statusCode: 404, error: 'Not Found', message: 'Transaction not found' }, { status: 404 }),
    );
    const iterate = async () => {
      for await (const _ of createClient({ fetch }).getAddressTransactionEvents(ADDRESS, TX, { limit: 1 })) {
        // drain
      }
    };
    await expect(iterate()).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('createClient: getSmartContractsStatus', () => {
  /** Answers every requested id (found when it ends in "-ok"), counting concurrent requests. */
  function statusServer() {
    const stats = { inFlight: 0, peak: 0 };
    const server = fakeFetch(async (request) => {
      stats.inFlight += 1;
      stats.peak = Math.max(stats.peak, stats.inFlight);
      await new Promise((r) => setImmediate(r));
      stats.inFlight -= 1;
      const ids = new URL(request.url).searchParams.getAll('contract_id');
      const body: Record<string, unknown> = {};
      for (const id of ids) {
        Object.defineProperty(body, id, {
          value: id.endsWith('-ok')
            ? { found: true, result: { status: 'success', tx_id: '0x1', contract_id: id } }
            : { found: false },
          enumerable: true,
        });
      }
      return json(body);
    });
    return { ...server, stats };
  }

  it('sends repeated contract_id keys once per distinct id and returns one entry per id', async () => {
    const { fetch, requests } = statusServer();
    const ids = [`${ADDRESS}.a-ok`, `${ADDRESS}.b`, `${ADDRESS}.a-ok`];
    const statuses = await createClient({ fetch }).getSmartContractsStatus(ids);
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]?.url as string).searchParams.getAll('contract_id')).toEqual([
      `${ADDRESS}.a-ok`,
      `${ADDRESS}.b`,
    ]);
    expect(Object.keys(statuses)).toEqual([`${ADDRESS}.a-ok`, `${ADDRESS}.b`]);
    expect(statuses[`${ADDRESS}.a-ok`]).toMatchObject({ found: true });
    expect(statuses[`${ADDRESS}.b`]).toEqual({ found: false });
  });

  it('splits 2,000 ids into short URLs run 3 at a time and merges them', async () => {
    const { fetch, requests, stats } = statusServer();
    const ids = Array.from({ length: 2000 }, (_, i) => `${ADDRESS}.contract-${i}${i % 3 === 0 ? '-ok' : ''}`);
    const statuses = await createClient({ fetch }).getSmartContractsStatus([...ids, ...ids.slice(0, 50)], {
      concurrency: 3,
    });
    expect(requests.length).toBeGreaterThan(10);
    for (const request of requests) expect(request.url.length).toBeLessThanOrEqual(7000);
    expect(stats.peak).toBe(3);
    expect(Object.keys(statuses)).toEqual(ids);
  });

  it('is safe for ids such as __proto__ and constructor', async () => {
    const { fetch } = statusServer();
    const statuses = await createClient({ fetch }).getSmartContractsStatus([
      '__proto__',
      'constructor',
      'x-ok',
    ]);
    expect(Object.getPrototypeOf(statuses)).toBeNull();
    expect(Object.keys(statuses)).toEqual(['__proto__', 'constructor', 'x-ok']);
    // biome-ignore lint/suspicious/noProto: reading the own key named __proto__ is what this test checks
    expect(statuses.__proto__).toEqual({ found: false });
    expect(statuses.constructor).toEqual({ found: false });
  });

  it('resolves to an empty map without a request for no ids', async () => {
    const { fetch } = statusServer();
    const { data, response } = await createClient({ fetch }).getSmartContractsStatus([]).withResponse();
    expect(Object.keys(data)).toEqual([]);
    expect(response.status).toBe(200);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rejects an answer that leaves out a requested id', async () => {
    const { fetch } = fakeFetch(() => json({ a: { found: false } }));
    const error = await createClient({ fetch })
      .getSmartContractsStatus(['a', 'b'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseParseError);
    expect((error as Error).message).toContain('no entry for 1 requested id(s): b');
  });
});
