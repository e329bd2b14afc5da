import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/server';

let server: MockServer;

beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 1 });
});

afterEach(async () => {
  await post('/__mock/reset');
});

afterAll(async () => {
  await server.close();
});

const get = (path: string) => fetch(server.url + path);
const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

describe('POST /__mock/reorg', () => {
  it('re-orgs the served world and answers the new tip, the orphaned blocks and transactions', async () => {
    const tip = server.world.tip.height;
    const top = server.world.tip;
    const res = await post('/__mock/reorg', { depth: 3, replaceWith: 1 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      tip: number;
      orphanedBlocks: string[];
      orphanedTransactions: string[];
    };
    expect(Object.keys(body)).toEqual(['tip', 'orphanedBlocks', 'orphanedTransactions']);
    expect(body.tip).toBe(tip - 2);
    expect(server.world.tip.height).toBe(tip - 2);
    expect(body.orphanedBlocks).toHaveLength(3);
    expect(body.orphanedBlocks[0]).toBe(top.hash);
    expect(body.orphanedTransactions.slice(0, top.txs.length)).toEqual(top.txs);
    const orphan = await get(`/extended/v1/block/by_burn_block_hash/${top.burn_block_hash}`);
    expect(await orphan.json()).toMatchObject({ hash: top.hash, canonical: false, txs: [] });
  });

  it.each([
    [{}, 'body/depth is required'],
    [{ depth: 0 }, 'body/depth must be an integer from 1 to 1000000'],
    [{ depth: '2' }, 'body/depth must be an integer from 1 to 1000000'],
    [{ depth: 1.5 }, 'body/depth must be an integer from 1 to 1000000'],
    [{ depth: 1, replaceWith: -1 }, 'body/replaceWith must be an integer from 0 to 1000'],
    [{ depth: 1, replaceWith: null }, 'body/replaceWith must be an integer from 0 to 1000'],
    [{ depth: 1, blocks: 2 }, 'body/blocks is not a known field (known: depth, replaceWith)'],
    ['[1]', 'body must be a JSON object'],
    ['{"depth":', 'body must be a JSON object (it is not valid JSON)'],
  ])('answers %j with a 400 naming the field, and changes nothing', async (body, message) => {
    const tip = server.world.tip.height;
    const res = await post('/__mock/reorg', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect(server.world.tip.height).toBe(tip);
  });

  it('answers a re-org deeper than the world allows with a 409 giving the allowed depth', async () => {
    const tip = server.world.tip.height;
    const maxDepth = server.world.maxReorgDepth;
    const res = await post('/__mock/reorg', { depth: maxDepth + 1 });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ statusCode: 409, error: 'Conflict', maxDepth });
    expect(server.world.tip.height).toBe(tip);
  });

  it('follows the control-route rules: JSON content type, no foreign Origin', async () => {
    const tip = server.world.tip.height;
    const form = await post('/__mock/reorg', '{"depth":1}', { 'content-type': 'text/plain' });
    expect(form.status).toBe(415);
    const foreign = await post('/__mock/reorg', { depth: 1 }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(server.world.tip.height).toBe(tip);
  });

  it('is undone by POST /__mock/reset', async () => {
    const before = await (
      await get(`/extended/v2/addresses/${server.world.fixtures.address}/transactions`)
    ).text();
    await post('/__mock/reorg', { depth: 2 });
    await post('/__mock/reset');
    expect(
      await (await get(`/extended/v2/addresses/${server.world.fixtures.address}/transactions`)).text(),
    ).toBe(before);
  });
});

describe('POST /__mock/scenario { reorg }', () => {
  it('schedules a re-org after that many API requests', async () => {
    const tip = server.world.tip.height;
    const res = await post('/__mock/scenario', { reorg: { afterRequests: 1, depth: 2, replaceWith: 1 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ pendingReorgs: 1 });
    const path = `/extended/v1/block/by_burn_block_height/${server.world.fixtures.burnBlockHeight}`;
    await get(path);
    expect(server.world.tip.height).toBe(tip);
    await get(path);
    expect(server.world.tip.height).toBe(tip - 1);
    expect(await (await get('/__mock/scenario')).json()).toMatchObject({ pendingReorgs: 0 });
  });

  it.each([
    [{ reorg: 1 }, 'body/reorg must be a JSON object'],
    [{ reorg: { depth: 1 } }, 'body/reorg/afterRequests is required'],
    [
      { reorg: { afterRequests: 1, depth: 1, extra: true } },
      'body/reorg/extra is not a known field (known: afterRequests, depth, replaceWith)',
    ],
  ])('answers %j with a 400 and schedules nothing', async (body, message) => {
    const res = await post('/__mock/scenario', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect(await (await get('/__mock/scenario')).json()).toMatchObject({ pendingReorgs: 0 });
  });
});
