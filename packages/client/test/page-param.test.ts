import { setupMockServer } from '@blockindex/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortError, createClient, type PageData, type PageParam, type PagePromise } from '../src/index.js';
import { smallWorld } from './hardening/helpers/faulty-fetch.js';
import {
  addressTxIds,
  busiestTransaction,
  eventIndexes,
  transferTxIds,
} from './hardening/helpers/ground-truth.js';

// Pages fetched one call at a time from page params that went through JSON, with blocks mined touching the
// address between every two calls: the pages together must be the list as it was at the first page.
const mock = setupMockServer({ world: smallWorld(5, 40) });
const { address } = mock.world.fixtures;
const { txId: busyTx } = busiestTransaction(mock.world, address);

beforeAll(() => mock.listen());
afterAll(() => mock.close());

type Fetcher = (
  client: ReturnType<typeof createClient>,
  pageParam: PageParam | null,
) => Promise<PageData<unknown>>;

const lists: [string, Fetcher, () => unknown[], (item: unknown) => unknown, number][] = [
  [
    'getAddressTransactions',
    async (client, pageParam) =>
      (await client.getAddressTransactions(address, { limit: 7 }, { pageParam })).toJSON(),
    () => addressTxIds(mock.world, address),
    (item) => (item as { tx: { tx_id: string } }).tx.tx_id,
    7,
  ],
  [
    'getAccountTransactionsWithTransfers',
    async (client, pageParam) =>
      (await client.getAccountTransactionsWithTransfers(address, { limit: 7 }, { pageParam })).toJSON(),
    () => transferTxIds(mock.world, address),
    (item) => (item as { tx: { tx_id: string } }).tx.tx_id,
    7,
  ],
  [
    'getAddressTransactionEvents',
    async (client, pageParam) =>
      (await client.getAddressTransactionEvents(address, busyTx, { limit: 2 }, { pageParam })).toJSON(),
    () => eventIndexes(mock.world, address, busyTx),
    (item) => (item as { event_index: number }).event_index,
    2,
  ],
];

describe('page params', () => {
  it.each(lists)(
    '%s: pages from JSON page params are exact while blocks are mined',
    async (_, fetchPage, truth, id, limit) => {
      const before = truth();
      expect(before.length).toBeGreaterThan(limit * 2);
      const got: unknown[] = [];
      let pageParam: PageParam | null = null;
      let requests = 0;
      do {
        // A new client every time: nothing but the JSON param carries over, as across a server render.
        const page: PageData<unknown> = JSON.parse(
          JSON.stringify(await fetchPage(createClient(), pageParam)),
        );
        requests += 1;
        got.push(...page.results.map(id));
        pageParam = page.nextPageParam;
        mock.world.mineBlock({ address, transactions: 3 });
      } while (pageParam !== null && requests < 100);
      expect(got).toEqual(before);
      expect(pageParam).toBeNull();
      expect(requests).toBe(Math.ceil(before.length / limit));
      // The transaction lists grew at their head after every page, so plain offsets would have repeated rows.
      if (limit > 2) expect(truth().length).toBeGreaterThan(before.length);
    },
  );

  it('page.toJSON() round-trips through JSON and names the same next page as the page', async () => {
    const client = createClient();
    const page = await client.getAddressTransactions(address, { limit: 5 });
    const json = JSON.parse(JSON.stringify(page)) as PageData<unknown>;
    expect(json).toEqual(page.toJSON());
    expect(Object.keys(json).sort()).toEqual(['limit', 'nextPageParam', 'offset', 'results', 'total']);
    expect(json.results).toEqual(page.results);
    expect(json.nextPageParam).toEqual(page.nextPageParam);
    expect(json.nextPageParam).toMatchObject({ cursor: page.body.cursor, offset: 5, limit: 5 });
    const viaParam = await client.getAddressTransactions(
      address,
      { limit: 5 },
      { pageParam: json.nextPageParam },
    );
    const viaPage = await page.getNextPage();
    expect(viaParam.results).toEqual(viaPage.results);
    expect(viaParam.results).toHaveLength(5);
  });

  it('the cursorless lists carry the offset and the total they were counted in', async () => {
    const client = createClient();
    const page = await client.getAccountTransactionsWithTransfers(address, { limit: 4 });
    const fourth = page.results[3] as (typeof page.results)[number];
    expect(page.nextPageParam).toEqual({
      cursor: null,
      offset: 4,
      total: page.total,
      end: page.total,
      limit: 4,
      growth: 0,
      // The row before the next page, and its block: the next page must still follow it.
      last: `${fourth.tx.tx_id}@${fourth.tx.block_hash}/${fourth.tx.tx_index}`,
    });
  });

  it('the last page has no next page param', async () => {
    const client = createClient();
    const total = eventIndexes(mock.world, address, busyTx).length;
    const page = await client.getAddressTransactionEvents(address, busyTx, { limit: 50 });
    expect(page.results).toHaveLength(total);
    expect(page.nextPageParam).toBeNull();
    expect(page.toJSON().nextPageParam).toBeNull();
  });

  it('getNextPage honours its signal', async () => {
    const client = createClient();
    const page = await client.getAddressTransactions(address, { limit: 5 });
    const controller = new AbortController();
    controller.abort();
    await expect(page.getNextPage({ signal: controller.signal })).rejects.toBeInstanceOf(AbortError);
  });

  it('iterating from a page param yields the rest of the list', async () => {
    const client = createClient();
    const want = addressTxIds(mock.world, address);
    const page = await client.getAddressTransactions(address, { limit: 6 });
    mock.world.mineBlock({ address, transactions: 2 });
    const rest: string[] = [];
    for await (const item of client.getAddressTransactions(address, {}, { pageParam: page.nextPageParam }))
      rest.push(item.tx.tx_id);
    expect([...page.results.map((r) => r.tx.tx_id), ...rest]).toEqual(want);
  });

  // With nothing mined in between, the iteration's first request is the one after the param's row (it was the call's
  // own first page, which here ends on that very row: "A page brought no row after its mark").
  type From = (
    client: ReturnType<typeof createClient>,
    limit: number,
    pageParam?: PageParam | null,
  ) => PagePromise<unknown>;
  const txId = (item: unknown) => (item as { tx: { tx_id: string } }).tx.tx_id;
  it.each<[string, From, () => unknown[], (item: unknown) => unknown, number]>([
    [
      'the cursor list',
      (client, limit, pageParam) => client.getAddressTransactions(address, { limit }, { pageParam }),
      () => addressTxIds(mock.world, address),
      txId,
      6,
    ],
    [
      'an offset list',
      (client, limit, pageParam) =>
        client.getAccountTransactionsWithTransfers(address, { limit }, { pageParam }),
      () => transferTxIds(mock.world, address),
      txId,
      5,
    ],
    [
      'the events list',
      (client, limit, pageParam) =>
        client.getAddressTransactionEvents(address, busyTx, { limit }, { pageParam }),
      () => eventIndexes(mock.world, address, busyTx),
      (item) => (item as { event_index: number }).event_index,
      2,
    ],
  ])(
    '%s: iterating from a page param of an unchanged list yields the rest of it',
    async (_, call, truth, id, limit) => {
      const client = createClient();
      const page = await call(client, limit);
      expect(page.nextPageParam).not.toBeNull();
      const rest: unknown[] = [];
      for await (const item of call(client, limit, page.nextPageParam)) rest.push(id(item));
      expect([...page.results.map(id), ...rest]).toEqual(truth());
    },
  );

  // The awaited page is made from its one answer, iteration's first page by the pager: both name the same next page.
  type First = (client: ReturnType<typeof createClient>, limit: number) => PagePromise<unknown>;
  it.each<[string, First, number]>([
    ['the cursor list', (client, limit) => client.getAddressTransactions(address, { limit }), 7],
    ['an offset list', (client, limit) => client.getAccountTransactionsWithTransfers(address, { limit }), 4],
    ['a position list', (client, limit) => client.getPrincipalTransactions(address, { limit }), 3],
    ['a last page', (client) => client.getAddressTransactionEvents(address, busyTx, { limit: 50 }), 50],
  ])('%s: the awaited page names the next page iteration names after it', async (_, call, limit) => {
    const client = createClient();
    const page = await call(client, limit);
    const pages = call(client, limit).pages();
    const { value: iterated } = await pages.next();
    await pages.return();
    expect(iterated?.results).toEqual(page.results);
    expect(page.nextPageParam).toEqual(iterated?.nextPageParam);
    expect(page.hasNextPage()).toBe(limit !== 50);
  });

  const good: PageParam = { cursor: null, offset: 4, total: 10, end: 10, limit: 4, growth: 0 };
  it.each([
    ['not an object', 'x', TypeError, /pageParam must be an object/],
    [
      'a negative offset',
      { ...good, offset: -1 },
      RangeError,
      /pageParam\.offset must be at least 0; got -1/,
    ],
    [
      'a fractional limit',
      { ...good, limit: 2.5 },
      TypeError,
      /pageParam\.limit must be an integer; got 2\.5/,
    ],
    ['a limit above 50', { ...good, limit: 51 }, RangeError, /pageParam\.limit must be at most 50; got 51/],
    [
      'a missing total',
      { ...good, total: undefined },
      TypeError,
      /pageParam\.total must be an integer; got undefined/,
    ],
    ['an end before the offset', { ...good, end: 2 }, RangeError, /pageParam\.end must be at least/],
    [
      'a cursor on a list without one',
      { ...good, cursor: 'a:b:1' },
      TypeError,
      /pageParam\.cursor must be null/,
    ],
  ])('rejects a page param with %s, naming the field', async (_, pageParam, type, message) => {
    const client = createClient();
    const call = client.getAccountTransactionsWithTransfers(
      address,
      {},
      { pageParam: pageParam as PageParam },
    );
    await expect(call).rejects.toBeInstanceOf(type);
    await expect(call).rejects.toThrow(message);
  });

  it('reports a malformed page param before an aborted signal, awaited or iterated', async () => {
    const client = createClient();
    const options = { pageParam: { ...good, limit: 0 }, signal: AbortSignal.abort() };
    const call = () => client.getAccountTransactionsWithTransfers(address, {}, options);
    await expect(call()).rejects.toThrow(/pageParam\.limit must be at least 1; got 0/);
    await expect(call().pages().next()).rejects.toThrow(/pageParam\.limit must be at least 1; got 0/);
    await expect(call()[Symbol.asyncIterator]().next()).rejects.toThrow(
      /pageParam\.limit must be at least 1/,
    );
  });
});
