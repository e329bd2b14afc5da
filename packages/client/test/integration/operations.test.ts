import { setupMockServer } from '@blockindex/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, createClient, NotFoundError } from '../../src/index.js';

// The client is created before msw starts listening: fetch is looked up per call, so msw still intercepts.
const client = createClient({ retry: false });
const mock = setupMockServer({ seed: 1 });
const { fixtures } = mock.world;

// Read-only tests on one seeded world; the few that add tokens use tickers no other test reads.
beforeAll(() => mock.listen());
afterAll(() => mock.close());

describe('getBrc20Token', () => {
  it('returns the token of the world, ticker matched case-insensitively', async () => {
    const want = mock.world.getBrc20Token(fixtures.ticker);
    await expect(client.getBrc20Token(fixtures.ticker)).resolves.toEqual(want);
    await expect(client.getBrc20Token(fixtures.ticker.toUpperCase())).resolves.toEqual(want);
  });

  it.each(['ordi/x', 'ørdi', '🦊ab'])('reaches the server intact for the ticker %j', async (ticker) => {
    const added = mock.world.addBrc20Token({ ticker });
    await expect(client.getBrc20Token(ticker)).resolves.toEqual(added);
  });

  it('throws NotFoundError with the Ordinals body for an unknown ticker', async () => {
    const error = await client.getBrc20Token('zzzz').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      body: { error: 'Not found' },
      message: '404 GET /ordinals/v1/brc-20/tokens/zzzz: Not found',
    });
  });

  it('exposes the ETag through withResponse()', async () => {
    const { data, response } = await client.getBrc20Token(fixtures.ticker).withResponse();
    expect(data.token.ticker).toBe(fixtures.ticker);
    expect(response.headers.get('etag')).toMatch(/^"/);
  });
});

describe('getSmartContractsStatus', () => {
  it('answers deployed, pending and unknown ids, one entry each', async () => {
    const [deployed, pending, never] = fixtures.contractIds;
    const statuses = await client.getSmartContractsStatus([deployed, pending, never, deployed]);
    expect(Object.keys(statuses).sort()).toEqual([deployed, pending, never].sort());
    for (const id of [deployed, pending, never]) {
      expect(statuses[id]).toEqual(mock.world.getSmartContractStatus(id));
    }
    expect(statuses[deployed]).toMatchObject({ found: true, result: { status: 'success' } });
    expect(statuses[pending]).toMatchObject({ found: true, result: { status: 'pending' } });
    expect(statuses[never]).toEqual({ found: false });
  });

  it('throws BadRequestError with the validation body for a malformed id', async () => {
    const error = await client.getSmartContractsStatus(['not a contract id']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'FST_ERR_VALIDATION',
      body: { statusCode: 400, error: 'Bad Request' },
    });
  });
});

describe('getAddressTransactionEvents', () => {
  it('returns the events of the fixture transaction, with or without 0x on the tx id', async () => {
    const want = mock.world.listAddressTransactionEvents(fixtures.address, fixtures.txId, {
      limit: 50,
      offset: 0,
    });
    const page = await client.getAddressTransactionEvents(fixtures.address, fixtures.txId, { limit: 50 });
    expect(page.results).toEqual(want.results);
    expect(page.total).toBe(want.total);
    expect(new Set(page.results.map((e) => e.type))).toEqual(new Set(['stx', 'ft', 'nft']));
    const bare = await client.getAddressTransactionEvents(fixtures.address, fixtures.txId.slice(2), {
      limit: 50,
    });
    expect(bare.results).toEqual(want.results);
  });

  it('throws NotFoundError for an unknown transaction', async () => {
    const error = await client
      .getAddressTransactionEvents(fixtures.address, `0x${'0'.repeat(64)}`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(
      /^404 GET \/extended\/v2\/addresses\/.+\/events\?offset=0: Transaction not found$/,
    );
  });
});

describe('getAccountTransactionsWithTransfers', () => {
  it('returns the newest transactions with their transfers', async () => {
    const want = mock.world.listTransactionsWithTransfers(fixtures.address, {
      limit: 5,
      offset: 10,
      unanchored: false,
    });
    const page = await client.getAccountTransactionsWithTransfers(fixtures.address, { limit: 5, offset: 10 });
    expect(page.results).toEqual(want.results);
    expect([page.total, page.limit, page.offset]).toEqual([want.total, 5, 10]);
    // Deprecated in Stacks API v9 like the other two lists: the deprecation notice comes with every page.
    expect(page.response.headers.get('warning')).toMatch(/^299 - "Deprecated: /);
  });

  it('throws BadRequestError for incompatible parameters', async () => {
    const error = await client
      .getAccountTransactionsWithTransfers(fixtures.address, { until_block: '10', unanchored: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toContain("can't handle both 'unanchored=true' and 'until_block'");
  });
});

describe('getAddressTransactions', () => {
  it('returns a page with its cursor fields', async () => {
    const page = await client.getAddressTransactions(fixtures.address, { limit: 10 });
    const want = mock.world.listAddressTransactions(fixtures.address, { limit: 10, offset: 0 });
    if ('error' in want) throw new Error(want.error);
    expect(page.results).toEqual(want.results);
    expect(page.body.cursor).toBe(want.cursor);
    expect(page.body.prev_cursor).toBe(want.prev_cursor);
    expect(page.hasNextPage()).toBe(true);
  });

  it('throws BadRequestError for limit above 50 and NotFoundError for a bad cursor', async () => {
    await expect(client.getAddressTransactions(fixtures.address, { limit: 51 })).rejects.toThrow(
      `400 GET /extended/v2/addresses/${fixtures.address}/transactions?offset=0&limit=51: querystring/limit must be <= 50`,
    );
    const error = await client
      .getAddressTransactions(fixtures.address, { cursor: 'nope' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).body).toMatchObject({ message: 'Invalid cursor format' });
  });
});

describe('getBlockByBurnBlockHeight / getBlockByBurnBlockHash', () => {
  it('returns the latest Stacks block of the burn block, with the deprecation Warning', async () => {
    const want = mock.world.getBlockByBurnBlockHeight(fixtures.burnBlockHeight);
    const { data, response } = await client
      .getBlockByBurnBlockHeight(fixtures.burnBlockHeight)
      .withResponse();
    expect(data).toEqual(want);
    expect(response.headers.get('warning')).toBe(
      '299 - "Deprecated: See https://docs.hiro.so/stacks/api for more information"',
    );
    await expect(client.getBlockByBurnBlockHash(fixtures.burnBlockHash)).resolves.toEqual(want);
  });

  it('adds the 0x the server wants to a bare burn block hash', async () => {
    const seen: string[] = [];
    const watching = createClient({
      use: [
        {
          onRequest({ request }) {
            seen.push(new URL(request.url).pathname);
          },
        },
      ],
    });
    const block = await watching.getBlockByBurnBlockHash(fixtures.burnBlockHash.slice(2));
    expect(block.burn_block_hash).toBe(fixtures.burnBlockHash);
    expect(seen).toEqual([`/extended/v1/block/by_burn_block_hash/${fixtures.burnBlockHash}`]);
  });

  it('throws NotFoundError and BadRequestError with the API messages', async () => {
    await expect(client.getBlockByBurnBlockHeight(9)).rejects.toThrow(
      '404 GET /extended/v1/block/by_burn_block_height/9: cannot find block by height',
    );
    await expect(client.getBlockByBurnBlockHash(`0x${'0'.repeat(64)}`)).rejects.toBeInstanceOf(NotFoundError);
    const error = await client.getBlockByBurnBlockHeight(-1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toBe(
      '400 GET /extended/v1/block/by_burn_block_height/-1: params/burn_block_height must be >= 0',
    );
  });
});
