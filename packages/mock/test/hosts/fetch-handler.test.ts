import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler, createWorld } from '../../src';
import { type MockServer, startMockServer } from '../../src/server';
import { schemaErrors } from '../support/spec-schemas';

const world = createWorld({ seed: 4 });
const fx = world.fixtures;
const handler = createFetchHandler({ world, basePath: '/api' });

/** The ten operations, each with a request that finds what it asks for. */
const operations: [string, string][] = [
  ['getBrc20Token', `/ordinals/v1/brc-20/tokens/${fx.ticker}`],
  [
    'getSmartContractsStatus',
    `/extended/v2/smart-contracts/status?contract_id=${fx.contractIds.join('&contract_id=')}`,
  ],
  ['getAddressTransactionEvents', `/extended/v2/addresses/${fx.address}/transactions/${fx.txId}/events`],
  [
    'getAccountTransactionsWithTransfers',
    `/extended/v1/address/${fx.address}/transactions_with_transfers?limit=5`,
  ],
  ['getAddressTransactions', `/extended/v2/addresses/${fx.address}/transactions?limit=5`],
  ['getBlockByBurnBlockHeight', `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`],
  ['getBlockByBurnBlockHash', `/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash}`],
  ['getPrincipalTransactions', `/extended/v3/principals/${fx.address}/transactions?limit=5`],
  [
    'getPrincipalTransactionBalanceChanges',
    `/extended/v3/principals/${fx.address}/transactions/${fx.txId}/balance-changes`,
  ],
  ['getBlocksByBurnBlock', `/extended/v2/burn-blocks/${fx.burnBlockHeight}/blocks`],
];

async function read(response: Response) {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? JSON.parse(text) : undefined,
  };
}

describe('createFetchHandler', () => {
  it.each(operations)(
    'answers %s under the base path, for any origin, as the spec says',
    async (id, path) => {
      for (const origin of ['http://anything.test', 'https://example.org:8443']) {
        const answer = await read(await handler(new Request(`${origin}/api${path}`)));
        expect(answer.status).toBe(200);
        expect(schemaErrors(id, 200, answer.body)).toBeUndefined();
        expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      }
    },
  );

  // An independent host of the same engine: every answer must be the standalone server's, byte for byte.
  describe('answers as the standalone server does', () => {
    let server: MockServer;
    beforeAll(async () => {
      server = await startMockServer({ port: 0, world });
    });
    afterAll(() => server.close());

    it.each([
      ...operations.map(([, path]) => path),
      '/extended/v1/block/by_burn_block_height/-1',
      '/extended/v1/block/by_burn_block_height/999999999',
      `/extended/v2/addresses/${fx.address}/transactions?limit=51`,
      '/extended/v2/smart-contracts/status',
      '/extended/v1/unknown?x=1',
      '/EXTENDED/v1/block/by_burn_block_height/1',
      `/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash.slice(2)}`,
    ])('%s', async (path) => {
      const [ours, theirs] = await Promise.all([
        handler(new Request(`http://any.test/api${path}`)).then(read),
        fetch(`${server.url}${path}`, { redirect: 'manual' }).then(read),
      ]);
      expect(ours.status).toBe(theirs.status);
      expect(ours.text).toBe(theirs.text);
      for (const name of ['etag', 'warning', 'location', 'cache-control', 'content-type']) {
        expect([name, ours.headers.get(name)?.replace('/api/', '/') ?? null]).toEqual([
          name,
          theirs.headers.get(name),
        ]);
      }
    });
  });

  it('answers an unknown route, or a path outside the base path, with Fastify 404 JSON', async () => {
    const unknown = await read(await handler(new Request('http://x.test/api/nope?a=1')));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      message: 'Route GET:/nope?a=1 not found',
      error: 'Not Found',
      statusCode: 404,
    });
    const outside = await read(
      await handler(
        new Request(`http://x.test/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`),
      ),
    );
    expect(outside.status).toBe(404);
    const post = await handler(
      new Request(`http://x.test/api${operations[0]?.[1]}`, { method: 'POST', body: '{}' }),
    );
    expect(post.status).toBe(404);
  });

  it('answers bad input with the documented 400 body', async () => {
    const answer = await read(
      await handler(new Request('http://x.test/api/extended/v1/block/by_burn_block_height/x')),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: 400, code: 'FST_ERR_VALIDATION', error: 'Bad Request' });
    const undecodable = await read(await handler(new Request('http://x.test/api/extended/%E0%A4%A')));
    expect(undecodable.status).toBe(400);
    expect(undecodable.body).toMatchObject({ code: 'FST_ERR_BAD_URL' });
  });

  it('answers HEAD without a body and OPTIONS with a CORS preflight', async () => {
    const path = `http://x.test/api${operations[5]?.[1]}`;
    const head = await handler(new Request(path, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const preflight = await handler(
      new Request(path, { method: 'OPTIONS', headers: { 'access-control-request-headers': 'x-api-key' } }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-api-key');
  });

  it('serves without a base path, and exposes its world and scenarios', async () => {
    const own = createFetchHandler({ seed: 1 });
    expect(own.world.seed).toBe(1);
    const url = `http://x.test/extended/v1/block/by_burn_block_height/${own.world.fixtures.burnBlockHeight}`;
    expect((await own(new Request(url))).status).toBe(200);
    own.scenarios.failNext(1, { status: 503 });
    expect((await own(new Request(url))).status).toBe(503);
    const before = own.world.tip.height;
    own.world.mineBlock();
    expect(own.world.tip.height).toBe(before + 1);
  });

  it.each(['api', 'http://x.test/api', '/api?x'])('refuses basePath %j with a clear error', (basePath) => {
    expect(() => createFetchHandler({ basePath })).toThrow(/basePath must be a path starting with "\/"/);
  });
});
