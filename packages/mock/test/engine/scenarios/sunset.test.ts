import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler, createScenarios, createWorld } from '../../../src';
import { type MockServer, startMockServer } from '../../../src/server';
import { declaredStatuses, schemaErrors } from '../../support/spec-schemas';

// The sunset rehearsal: upstream's `ENABLE_DEPRECATED_ENDPOINTS=false` answers every deprecated route with one
// exact 410, before validation (an `onRequest` hook), with the deprecation `Warning` (an `onSend` hook).
const GONE = {
  error: 'Gone',
  message: 'This endpoint has been disabled. See https://docs.hiro.so/stacks/api for more information',
};
const WARNING = '299 - "Deprecated: See https://docs.hiro.so/stacks/api for more information"';

const world = createWorld({ seed: 1 });
const fx = world.fixtures;
const deprecated: [string, string][] = [
  ['getAddressTransactionEvents', `/extended/v2/addresses/${fx.address}/transactions/${fx.txId}/events`],
  ['getAccountTransactionsWithTransfers', `/extended/v1/address/${fx.address}/transactions_with_transfers`],
  ['getAddressTransactions', `/extended/v2/addresses/${fx.address}/transactions`],
  ['getBlockByBurnBlockHeight', `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`],
  ['getBlockByBurnBlockHash', `/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash}`],
];

describe('scenarios.sunset', () => {
  const scenarios = createScenarios();
  const handler = createFetchHandler({ world, scenarios });
  const get = (path: string) => handler(new Request(`http://localhost${path}`));

  it.each(deprecated)('answers %s with upstream’s exact 410, documented in the spec', async (id, path) => {
    scenarios.sunset('all');
    try {
      const response = await get(path);
      expect(response.status).toBe(410);
      expect(response.headers.get('warning')).toBe(WARNING);
      const body = await response.json();
      expect(body).toEqual(GONE);
      expect(declaredStatuses(id)).toContain('410');
      expect(schemaErrors(id, 410, body)).toBeUndefined();
    } finally {
      scenarios.sunset(null);
    }
    expect((await get(path)).status).toBe(200);
  });

  it('keeps serving the successors when every deprecated operation is gone', async () => {
    scenarios.sunset('all');
    try {
      for (const path of [
        `/extended/v3/principals/${fx.address}/transactions`,
        `/extended/v3/principals/${fx.address}/transactions/${fx.txId}/balance-changes`,
        `/extended/v2/burn-blocks/${fx.burnBlockHeight}/blocks`,
      ]) {
        const response = await get(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.has('warning'), path).toBe(false);
      }
    } finally {
      scenarios.sunset(null);
    }
  });

  it('answers 410 whatever the parameters, before validation and the 302', async () => {
    scenarios.sunset(['getAddressTransactions', 'getBlockByBurnBlockHash']);
    try {
      expect((await get(`/extended/v2/addresses/${fx.address}/transactions?limit=99`)).status).toBe(410);
      expect((await get(`/extended/v1/block/by_burn_block_hash/${'a'.repeat(64)}`)).status).toBe(410);
      // The other operations keep answering.
      expect((await get(`/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`)).status).toBe(200);
      expect((await get(`/ordinals/v1/brc-20/tokens/${fx.ticker}`)).status).toBe(200);
    } finally {
      scenarios.sunset(null);
    }
  });

  it('stays on across requests (nothing is consumed) and shows in the state', async () => {
    scenarios.sunset(['getBlockByBurnBlockHeight']);
    const path = `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`;
    const statuses = [];
    for (let index = 0; index < 5; index += 1) statuses.push((await get(path)).status);
    expect(statuses).toEqual([410, 410, 410, 410, 410]);
    expect(scenarios.state.sunset).toEqual(['getBlockByBurnBlockHeight']);
    scenarios.clear();
    expect((await get(path)).status).toBe(200);
  });

  it('refuses an operation that is not deprecated, changing nothing', () => {
    scenarios.sunset(['getBlockByBurnBlockHeight']);
    // @ts-expect-error getBrc20Token is not deprecated in the spec
    expect(() => scenarios.sunset(['getBrc20Token'])).toThrow(/getBrc20Token is not a deprecated operation/);
    expect(scenarios.state.sunset).toEqual(['getBlockByBurnBlockHeight']);
    scenarios.sunset(null);
  });
});

describe('the standalone server’s sunset switch', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, seed: 1, sunset: ['getAddressTransactions'] });
  });
  afterAll(async () => {
    await server.close();
  });
  const status = async (path: string) => (await fetch(`${server.url}${path}`)).status;
  const post = (path: string, body: string) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('serves the 410 from the start, and again after POST /__mock/reset', async () => {
    const path = `/extended/v2/addresses/${fx.address}/transactions`;
    expect(await status(path)).toBe(410);
    expect((await post('/__mock/reset', '')).status).toBe(200);
    expect(await status(path)).toBe(410);
  });

  it('switches operations on and off with POST /__mock/scenario {"sunset": [...]}', async () => {
    const height = `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`;
    expect(await status(height)).toBe(200);
    const on = await post('/__mock/scenario', '{"sunset":["getBlockByBurnBlockHeight"]}');
    expect(((await on.json()) as { sunset: string[] }).sunset).toEqual(['getBlockByBurnBlockHeight']);
    expect(await status(height)).toBe(410);
    expect(await status(`/extended/v2/addresses/${fx.address}/transactions`)).toBe(200);
    await post('/__mock/scenario', '{"sunset":[]}');
    expect(await status(height)).toBe(200);
  });
});
