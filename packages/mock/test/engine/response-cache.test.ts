import { describe, expect, it, vi } from 'vitest';
import { createScenarios, createWorld, type World } from '../../src';
import type { Answer } from '../../src/engine/answer';
import { ResponseCache } from '../../src/engine/response-cache';
import { createHandlers } from '../../src/msw';
import { call } from '../support/call';

const answer = (status: number, body: string | null = '{"a":1}'): Answer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body,
  sized: true,
});

describe('ResponseCache', () => {
  it('keeps 200 answers, encoded once, and computes nothing on a hit', () => {
    const cache = new ResponseCache();
    const compute = vi.fn(() => answer(200));
    const first = cache.answer(0, 'k', compute);
    const second = cache.answer(0, 'k', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(new TextDecoder().decode(first.body as Uint8Array)).toBe('{"a":1}');
  });

  it('never keeps other statuses', () => {
    const cache = new ResponseCache();
    const compute = vi.fn(() => answer(404));
    cache.answer(0, 'k', compute);
    cache.answer(0, 'k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('forgets everything when the world version moves', () => {
    const cache = new ResponseCache();
    cache.answer(0, 'k', () => answer(200, '"old"'));
    const fresh = cache.answer(1, 'k', () => answer(200, '"new"'));
    expect(new TextDecoder().decode(fresh.body as Uint8Array)).toBe('"new"');
    expect(cache.size).toBe(1);
  });

  it('stays within its entry and byte limits', () => {
    const cache = new ResponseCache({ maxEntries: 3, maxBytes: 1000 });
    for (let i = 0; i < 10; i += 1) cache.answer(0, `k${i}`, () => answer(200));
    expect(cache.size).toBe(3);
    cache.answer(0, 'big', () => answer(200, JSON.stringify('x'.repeat(2000))));
    expect(cache.size).toBe(3);
  });
});

/** The seven requests over a world's fixtures. */
function paths(world: World) {
  const fx = world.fixtures;
  return {
    token: `/ordinals/v1/brc-20/tokens/sats`,
    status: `/extended/v2/smart-contracts/status?${fx.contractIds.map((id) => `contract_id=${id}`).join('&')}&contract_id=${fx.address}.added-later`,
    events: `/extended/v2/addresses/${fx.address}/transactions/${fx.txId}/events`,
    transfers: `/extended/v1/address/${fx.address}/transactions_with_transfers?limit=5`,
    transactions: `/extended/v2/addresses/${fx.address}/transactions?limit=5`,
    height: `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`,
    hash: `/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash}`,
  };
}

describe('createHandlers: the answer cache', () => {
  it('answers a repeated request from the cache: same bytes and ETag, the world not asked again', async () => {
    const world = createWorld({ seed: 3, blocks: 60 });
    const etags = vi.spyOn(world, 'principalEtag');
    const handlers = createHandlers({ world });
    const path = paths(world).transactions;
    const [first, second] = [await call(handlers, path), await call(handlers, path)];
    expect(second.text).toBe(first.text);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('content-length')).toBe(first.headers.get('content-length'));
    expect(etags).toHaveBeenCalledTimes(1);
  });

  const mutations: [string, keyof ReturnType<typeof paths>, (world: World) => void][] = [
    [
      'mineBlock touching the address: its transactions',
      'transactions',
      (w) => w.mineBlock({ address: w.fixtures.address }),
    ],
    [
      'mineBlock touching the address: its transfers',
      'transfers',
      (w) => w.mineBlock({ address: w.fixtures.address }),
    ],
    ['mineBlock: the chain-tip ETag of a block lookup', 'height', (w) => w.mineBlock()],
    ['addBrc20Token replacing a token', 'token', (w) => w.addBrc20Token({ ticker: 'sats', tx_count: 7 })],
    [
      'addContract pending: a new status entry',
      'status',
      (w) => w.addContract({ contractId: `${w.fixtures.address}.added-later`, status: 'pending' }),
    ],
    [
      'addContract mined: a new status entry and a new tip',
      'status',
      (w) => w.addContract({ contractId: `${w.fixtures.address}.added-later` }),
    ],
  ];

  it.each(mutations)('shows %s in the very next answer', async (_name, key, mutate) => {
    const world = createWorld({ seed: 3, blocks: 60 });
    const handlers = createHandlers({ world });
    const path = paths(world)[key];
    const before = await call(handlers, path);
    expect((await call(handlers, path)).text).toBe(before.text); // now cached
    mutate(world);
    const after = await call(handlers, path);
    // The same request against handlers that never cached anything: the truth after the change.
    const truth = await call(createHandlers({ world }), path);
    expect(after.status).toBe(200);
    expect(after.text).toBe(truth.text);
    expect(after.headers.get('etag')).toBe(truth.headers.get('etag'));
    expect(`${after.text} ${after.headers.get('etag')}`).not.toBe(
      `${before.text} ${before.headers.get('etag')}`,
    );
  });

  it('still applies scenarios, Warning and If-None-Match to every request of a cached answer', async () => {
    const world = createWorld({ seed: 3, blocks: 60 });
    const scenarios = createScenarios({ now: () => 1_000_000 });
    const handlers = createHandlers({ world, scenarios });
    const { height } = paths(world);
    const warm = await call(handlers, height);
    expect(warm.headers.get('warning')).toMatch(/^299 - "Deprecated/);
    scenarios.failNext(1, { status: 503 });
    const failed = await call(handlers, height);
    expect([failed.status, failed.headers.get('warning')]).toEqual([503, warm.headers.get('warning')]);
    scenarios.rateLimit({ perMinute: 5 });
    const limited = [await call(handlers, height), await call(handlers, height)];
    expect(limited.map((a) => a.headers.get('ratelimit-remaining'))).toEqual(['4', '3']);
    expect(limited.map((a) => a.text)).toEqual([warm.text, warm.text]);
    scenarios.clear();
    const revalidated = await call(handlers, height, {
      headers: { 'if-none-match': warm.headers.get('etag') ?? '' },
    });
    expect([revalidated.status, revalidated.text, revalidated.headers.get('warning')]).toEqual([
      304,
      '',
      warm.headers.get('warning'),
    ]);
    expect((await call(handlers, height)).headers.get('ratelimit-remaining')).toBeNull();
  });

  it('answers a world not made by createWorld through its methods, uncached and equally', async () => {
    const world = createWorld({ seed: 3, blocks: 60 });
    const wrapped: World = Object.create(world);
    const [ours, theirs] = [createHandlers({ world }), createHandlers({ world: wrapped })];
    for (const path of Object.values(paths(world))) {
      const [a, b] = [await call(ours, path), await call(theirs, path)];
      expect(b.status, path).toBe(a.status);
      expect(b.text, path).toBe(a.text);
      expect(b.headers.get('etag'), path).toBe(a.headers.get('etag'));
    }
    const path = paths(world).transactions;
    await call(theirs, path);
    world.mineBlock({ address: world.fixtures.address });
    expect((await call(theirs, path)).text).toBe((await call(ours, path)).text);
  });
});
