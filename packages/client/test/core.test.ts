// The small core: createCore and the standalone operations give what createClient gives, exact pages included.
import { setupMockServer } from '@blockindex/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createCore,
  createPacer,
  getAccountTransactionsWithTransfers,
  getAddressTransactions,
  getBrc20Token,
  getSmartContractsStatus,
  iterate,
  iteratePages,
  NotFoundError,
} from '../src/index.js';

const mock = setupMockServer({ seed: 1 });
const { address, ticker } = mock.world.fixtures;

beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

/** Every tx id of the address, newest first, from the world itself. */
function addressTxIds(): string[] {
  const { total } = mock.world.listAddressTransactions(address, { limit: 0, offset: 0 }) as { total: number };
  const all = mock.world.listAddressTransactions(address, { limit: total, offset: 0 });
  if ('error' in all) throw new Error(all.error);
  return all.results.map((r) => r.tx.tx_id);
}

describe('createCore', () => {
  it('answers the single-resource calls as the client does, typed errors included', async () => {
    const core = createCore();
    expect(await getBrc20Token(core, ticker)).toEqual(await createClient().getBrc20Token(ticker));
    await expect(getBrc20Token(core, 'zzzz')).rejects.toBeInstanceOf(NotFoundError);
    const ids = [`${address}.a`, `${address}.b`, `${address}.a`];
    expect(Object.keys(await getSmartContractsStatus(core, ids)).sort()).toEqual([
      `${address}.a`,
      `${address}.b`,
    ]);
  });

  it('follows a page with getNextPage exactly while blocks are mined, without the iterator', async () => {
    const want = addressTxIds();
    const core = createCore();
    let page = await getAddressTransactions(core, address, { limit: 7 });
    const got = page.results.map((r) => r.tx.tx_id);
    while (page.hasNextPage()) {
      mock.world.mineBlock({ address, transactions: 4 });
      page = await page.getNextPage();
      got.push(...page.results.map((r) => r.tx.tx_id));
    }
    expect(got).toEqual(want);
  });

  it('iterates items and pages with the same guarantees as the client', async () => {
    const want = addressTxIds();
    const core = createCore();
    const items: string[] = [];
    for await (const { tx } of iterate(
      getAddressTransactions(core, address, {}, { pageSize: 20, concurrency: 4 }),
    )) {
      items.push(tx.tx_id);
      if (items.length % 30 === 0) mock.world.mineBlock({ address, transactions: 3 });
    }
    expect(items).toEqual(want);
    const pages = [];
    const list = getAccountTransactionsWithTransfers(core, address, { unanchored: false }, { pageSize: 50 });
    for await (const page of iteratePages(list)) pages.push(page.results.length);
    expect(pages.reduce((a, b) => a + b, 0)).toBe(
      mock.world.listTransactionsWithTransfers(address, { limit: 1, offset: 0, unanchored: false }).total,
    );
  });

  it('skips the first page request when iteration starts in the same turn', async () => {
    const urls: string[] = [];
    const core = createCore({
      fetch: (request) => {
        urls.push(request.url);
        return globalThis.fetch(request);
      },
    });
    const got: string[] = [];
    for await (const { tx } of iterate(
      getAddressTransactions(core, address, {}, { pageSize: 5, maxItems: 5 }),
    )) {
      got.push(tx.tx_id);
    }
    expect(got).toEqual(addressTxIds().slice(0, 5));
    expect(urls).toHaveLength(1);
  });

  it('continues a list without a cursor exactly from a page param', async () => {
    const core = createCore();
    const query = { limit: 5, unanchored: false };
    const before = mock.world.listTransactionsWithTransfers(address, {
      limit: 10,
      offset: 0,
      unanchored: false,
    });
    const first = await getAccountTransactionsWithTransfers(core, address, query);
    mock.world.mineBlock({ address, transactions: 3 });
    const pageParam = first.nextPageParam;
    const second = await getAccountTransactionsWithTransfers(core, address, query, { pageParam });
    const ids = (rows: { tx: { tx_id: string } }[]) => rows.map((r) => r.tx.tx_id);
    expect(ids(first.results)).toEqual(ids(before.results.slice(0, 5)));
    expect(ids(second.results)).toEqual(ids(before.results.slice(5, 10)));
    expect(second.total).toBeGreaterThan(first.total);
  });

  it('takes pacing only as a pacer, which createClient also accepts', async () => {
    expect(() => createCore({ rateLimit: true as never })).toThrow(
      /rateLimit must be a pacer from createPacer/,
    );
    expect(() => createPacer({ perMinute: 0 })).toThrow(/createPacer options.perMinute must be at least 1/);
    const pacer = createPacer({ perMinute: 100 });
    await expect(getBrc20Token(createCore({ rateLimit: pacer }), ticker)).resolves.toBeDefined();
    await expect(createClient({ rateLimit: pacer }).getBrc20Token(ticker)).resolves.toBeDefined();
  });

  it('checks its options as createClient does, which alone takes a rateLimit object', () => {
    expect(() => createCore({ onWarning: 5 as never })).toThrow(
      /^createCore options\.onWarning must be a function; got 5$/,
    );
    expect(() => createClient({ onWarning: 5 as never })).toThrow(
      /^createClient options\.onWarning must be a function; got 5$/,
    );
    expect(() => createCore({ timeoutMs: '10' as never })).toThrow(
      /^createCore options\.timeoutMs must be a number; got "10"$/,
    );
    expect(() => createClient({ rateLimit: { perMinute: 0 } })).toThrow(
      /^createClient options\.rateLimit\.perMinute must be at least 1; got 0$/,
    );
    expect(() => createClient({ rateLimit: 'fast' as never })).toThrow(
      /^createClient options\.rateLimit must be a boolean or an object; got "fast"$/,
    );
  });

  it('is accepted wherever a core is: a client is one', async () => {
    const client = createClient();
    expect(await getBrc20Token(client, ticker)).toEqual(await client.getBrc20Token(ticker));
  });
});
