import { describe, expect, it } from 'vitest';
import { createFetchHandler, createWorld, MineLimitError, type World } from '../../src';
import { setupMockServer } from '../../src/hosts/msw/node';
import { startMockServer } from '../../src/server';

// The world of issue 34: 40 blocks (the default is 300) and a mining bound of 50 transactions (5 blocks or so).
const given = () => createWorld({ seed: 3, blocks: 40, maxMinedTransactions: 50 });

/** Mines one block at a time until the world's bound refuses one; how many were mined. */
function mineToBound(world: World): number {
  for (let mined = 0; mined < 100; mined += 1) {
    try {
      world.mineBlock();
    } catch (error) {
      if (error instanceof MineLimitError) return mined;
      throw error;
    }
  }
  throw new Error('the mining bound never refused a block');
}

/** Checks a host's world after a reset against a fresh copy of the world it was given. */
function expectTheGivenWorld(world: World): void {
  const fresh = given();
  expect(world.seed).toBe(3);
  expect(world.tip.height).toBe(40);
  expect(world.tip).toEqual(fresh.tip);
  expect(world.fixtures).toEqual(fresh.fixtures);
  expect(mineToBound(world)).toBe(mineToBound(fresh));
  expect(mineToBound(given())).toBeLessThan(12);
}

describe('reset restores the world a host was given (its seed, size and bounds)', () => {
  it('standalone server: POST /__mock/reset', async () => {
    const server = await startMockServer({ port: 0, world: given() });
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await post('/__mock/mine', { blocks: 2 })).status).toBe(200);
      expect(server.world.tip.height).toBe(42);

      const reset = await post('/__mock/reset', {});
      expect(reset.status).toBe(200);
      expect(((await reset.json()) as { tip: { height: number } }).tip.height).toBe(40);
      const fixtures = await (await fetch(`${server.url}/__mock/fixtures`)).json();
      expect(fixtures).toEqual(given().fixtures);
      // The bound of the given world, not the server's default of 100,000: 12 blocks cannot all be mined.
      const mined = await post('/__mock/mine', { blocks: 12 });
      expect(mined.status).toBe(409);
      expect(await mined.json()).toMatchObject({ limit: 50 });

      expect((await post('/__mock/reset', {})).status).toBe(200);
      expectTheGivenWorld(server.world);
    } finally {
      await server.close();
    }
  });

  it('msw host: reset()', () => {
    const mock = setupMockServer({ world: given() });
    mock.world.mineBlock();
    mock.reset();
    expectTheGivenWorld(mock.world);
  });

  it('fetch handler: reset()', async () => {
    const handler = createFetchHandler({ world: given() });
    handler.world.mineBlock();
    handler.scenarios.failNext(1, { status: 503 });
    handler.reset();
    expect(handler.scenarios.state.pendingFailures).toBe(0);
    const height = handler.world.fixtures.burnBlockHeight;
    const answer = await handler(
      new Request(`http://x.test/extended/v1/block/by_burn_block_height/${height}`),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toBe(`"${given().tip.index_block_hash}"`);
    expectTheGivenWorld(handler.world);
  });

  it('a host that creates its world resets to that seed and bound', () => {
    const mock = setupMockServer({ seed: 3, maxMinedTransactions: 50 });
    mock.world.mineBlock();
    mock.reset();
    expect(mock.world.tip.height).toBe(300);
    expect(mock.world.fixtures).toEqual(createWorld({ seed: 3 }).fixtures);
    expect(mineToBound(mock.world)).toBe(mineToBound(createWorld({ seed: 3, maxMinedTransactions: 50 })));
  });
});
