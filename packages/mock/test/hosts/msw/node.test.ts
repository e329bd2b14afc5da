import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL } from '../../../src';
import { setupMockServer } from '../../../src/node';

const mock = setupMockServer({ seed: 4 });
const initialTip = mock.world.tip.height;
const heightUrl = () =>
  `${DEFAULT_BASE_URL}/extended/v1/block/by_burn_block_height/${mock.world.fixtures.burnBlockHeight}`;

beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

describe('setupMockServer', () => {
  it('intercepts fetch to the real base URL and answers from the seeded world', async () => {
    const res = await fetch(heightUrl());
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ burn_block_height: mock.world.fixtures.burnBlockHeight });
    expect(mock.world.seed).toBe(4);
  });

  it('treats requests no handler knows as errors by default', async () => {
    await expect(fetch(`${DEFAULT_BASE_URL}/extended/v1/unknown`)).rejects.toThrow();
  });

  it('follows the 302 of a burn block hash without 0x', async () => {
    const { burnBlockHash } = mock.world.fixtures;
    const res = await fetch(
      `${DEFAULT_BASE_URL}/extended/v1/block/by_burn_block_hash/${burnBlockHash.slice(2)}`,
    );
    expect(res.status).toBe(200);
    expect(res.redirected).toBe(true);
  });

  it('applies scenarios: a network error rejects fetch, a queued 503 answers once', async () => {
    mock.scenarios.networkErrorNext(1).failNext(1, { status: 503 });
    await expect(fetch(heightUrl())).rejects.toThrow();
    expect((await fetch(heightUrl())).status).toBe(503);
    expect((await fetch(heightUrl())).status).toBe(200);
  });

  it('use() overrides a route until reset()', async () => {
    mock.use(
      http.get(`${DEFAULT_BASE_URL}/extended/v1/block/by_burn_block_height/:h`, () =>
        HttpResponse.json({ x: 1 }),
      ),
    );
    expect(await (await fetch(heightUrl())).json()).toEqual({ x: 1 });
    mock.reset();
    expect((await (await fetch(heightUrl())).json()) as object).toHaveProperty('burn_block_height');
  });

  it('reset() brings back the seeded world and clears scenarios', async () => {
    mock.world.mineBlock();
    mock.scenarios.latency(5);
    expect(mock.world.tip.height).toBe(initialTip + 1);
    mock.reset();
    expect(mock.world.tip.height).toBe(initialTip);
    expect(mock.scenarios.state.latencyMs).toBe(0);
    const res = await fetch(heightUrl());
    expect(res.headers.get('etag')).toBe(`"${mock.world.tip.index_block_hash}"`);
  });

  it('serves a world handed in, on a custom base URL', async () => {
    const other = setupMockServer({ world: mock.world, baseUrl: 'http://mock.test' });
    expect(other.world).toBe(mock.world);
    expect(other.server.listHandlers()).toHaveLength(1);
  });
});
