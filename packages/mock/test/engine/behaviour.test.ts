import { c32address } from 'c32check';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createScenarios, createWorld, DEFAULT_BASE_URL } from '../../src';
import { createHandlers } from '../../src/msw';
import { type Answer, call } from '../support/call';

const world = createWorld({ seed: 1 });
const handlers = createHandlers({ world });
const fx = world.fixtures;

type Row = { tx: { tx_id: string; block_height: number; tx_type: string; contract_call?: object } };
type Page = { total: number; limit: number; offset: number; results: Row[] };
type CursorPage = Page & { cursor: string | null; next_cursor: string | null; prev_cursor: string | null };

const json = async <T>(path: string) => {
  const answer = await call(handlers, path);
  expect(answer.status, path).toBe(200);
  return answer.body as T;
};
const ids = (page: Page) => page.results.map((row) => row.tx.tx_id);

describe('getAddressTransactions: cursor pagination', () => {
  const base = `/extended/v2/addresses/${fx.address}/transactions`;

  it('walks older pages through prev_cursor exactly like offsets do, and back through next_cursor', async () => {
    const first = await json<CursorPage>(`${base}?limit=7`);
    expect(first.next_cursor).toBeNull();
    expect(first.prev_cursor).not.toBeNull();
    const second = await json<CursorPage>(`${base}?limit=7&cursor=${first.prev_cursor}`);
    const byOffset = await json<CursorPage>(`${base}?limit=7&offset=7`);
    expect(ids(second)).toEqual(ids(byOffset));
    expect(second.cursor).toBe(first.prev_cursor);
    expect(second.next_cursor).toBe(first.cursor);
  });

  it('applies offset after the cursor', async () => {
    const first = await json<CursorPage>(`${base}?limit=5`);
    const shifted = await json<CursorPage>(`${base}?limit=5&offset=3&cursor=${first.cursor}`);
    const byOffset = await json<CursorPage>(`${base}?limit=5&offset=3`);
    expect(ids(shifted)).toEqual(ids(byOffset));
  });

  it('has no prev_cursor on the last page', async () => {
    const { total } = await json<CursorPage>(`${base}?limit=1`);
    const last = await json<CursorPage>(`${base}?limit=50&offset=${total - 3}`);
    expect(last.results).toHaveLength(3);
    expect(last.prev_cursor).toBeNull();
  });

  it('orders rows newest first', async () => {
    const page = await json<CursorPage>(`${base}?limit=50`);
    const heights = page.results.map((row) => row.tx.block_height);
    expect([...heights].sort((a, b) => b - a)).toEqual(heights);
  });

  it('drops function_args with exclude_function_args=true, and only then', async () => {
    let withArgs = 0;
    let withoutArgs = 0;
    for (let offset = 0; offset < 400 && withArgs === 0; offset += 50) {
      const full = await json<CursorPage>(`${base}?limit=50&offset=${offset}`);
      const lean = await json<CursorPage>(`${base}?limit=50&offset=${offset}&exclude_function_args=true`);
      for (const [index, row] of full.results.entries()) {
        if (row.tx.tx_type !== 'contract_call') continue;
        if ('function_args' in (row.tx.contract_call ?? {})) withArgs += 1;
        if (!('function_args' in (lean.results[index]?.tx.contract_call ?? {}))) withoutArgs += 1;
      }
    }
    expect(withArgs).toBeGreaterThan(0);
    expect(withoutArgs).toBeGreaterThanOrEqual(withArgs);
  });
});

describe('getAccountTransactionsWithTransfers: height, unanchored, until_block', () => {
  const base = `/extended/v1/address/${fx.address}/transactions_with_transfers`;

  it('until_block=<height> keeps transactions at or below that height, newest first', async () => {
    const newest = await json<Page>(`${base}?limit=50`);
    const cut = (newest.results[10]?.tx.block_height ?? 2) - 1;
    const page = await json<Page>(`${base}?limit=50&until_block=${cut}`);
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.every((row) => row.tx.block_height <= cut)).toBe(true);
    expect(page.total).toBeLessThan(newest.total);
  });

  it('until_block=<block hash> answers as until_block=<its height>', async () => {
    const newest = await json<Page>(`${base}?limit=50`);
    const height = newest.results[20]?.tx.block_height ?? 1;
    const block = world.getBlockByHeight(height);
    const byHash = await call(
      handlers,
      `${base}?limit=50&until_block=${block?.hash.toUpperCase().replace('0X', '0x')}`,
    );
    const byHeight = await call(handlers, `${base}?limit=50&until_block=${height}`);
    expect(byHash.status).toBe(200);
    expect(byHash.text).toBe(byHeight.text);
  });

  it('height=<h> returns only transactions of that block; height=0 means not given', async () => {
    const newest = await json<Page>(`${base}?limit=50`);
    const height = newest.results[5]?.tx.block_height ?? 1;
    const page = await json<Page>(`${base}?height=${height}`);
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.every((row) => row.tx.block_height === height)).toBe(true);
    expect((await call(handlers, `${base}?height=0`)).text).toBe((await call(handlers, base)).text);
  });
});

describe('ETag and revalidation', () => {
  it('a changed principal invalidates its ETag: the old one no longer gets a 304', async () => {
    const own = createWorld({ seed: 1 });
    const ownHandlers = createHandlers({ world: own });
    const path = `/extended/v2/addresses/${fx.address}/transactions`;
    const before = await call(ownHandlers, path);
    const etag = before.headers.get('etag') ?? '';
    expect((await call(ownHandlers, path, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const tipEtag = (
      await call(ownHandlers, `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`)
    ).headers.get('etag');
    own.mineBlock({ address: fx.address });
    const after = await call(ownHandlers, path, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const tipAfter = await call(ownHandlers, `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`);
    expect(tipAfter.headers.get('etag')).toBe(`"${own.tip.index_block_hash}"`);
    expect(tipAfter.headers.get('etag')).not.toBe(tipEtag);
  });

  it('304 answers carry the ETag and, on deprecated operations, the Warning', async () => {
    const path = `/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash}`;
    const first = await call(handlers, path);
    const again = await call(handlers, path, {
      headers: { 'If-None-Match': `W/${first.headers.get('etag')}` },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('warning')).toMatch(/^299 - "Deprecated/);
    expect(again.headers.has('content-type')).toBe(false);
  });

  it('no ETag and no-store for a principal with no activity', async () => {
    const quiet = c32address(22, 'ab'.repeat(20));
    const answer = await call(handlers, `/extended/v2/addresses/${quiet}/transactions`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 0, results: [] });
    expect(answer.headers.has('etag')).toBe(false);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('normalization', () => {
  it('answers a tx_id without 0x, in any case, exactly as the 0x form', async () => {
    const canonical = await call(
      handlers,
      `/extended/v2/addresses/${fx.address}/transactions/${fx.txId}/events`,
    );
    const bare = await call(
      handlers,
      `/extended/v2/addresses/${fx.address}/transactions/${fx.txId.slice(2).toUpperCase()}/events`,
    );
    expect(bare.text).toBe(canonical.text);
    expect(bare.headers.get('etag')).toBe(canonical.headers.get('etag'));
  });
});

describe('createHandlers options', () => {
  it('answers on a custom base URL, keeping its path prefix in redirects', async () => {
    const custom = createHandlers({ world, baseUrl: 'http://localhost:8080/api/' });
    const base = 'http://localhost:8080/api';
    const ok = await call(custom, `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`, {}, base);
    expect(ok.status).toBe(200);
    const redirect = await call(
      custom,
      `/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash.slice(2)}`,
      {},
      base,
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(
      `/api/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash}`,
    );
  });

  it.each([
    ['a trailing slash', (hex: string) => `${hex}/`],
    ['an encoded slash', (hex: string) => `${hex}%2F..`],
  ])(
    'redirects an un-prefixed burn block hash with %s to the 0x form of the whole parameter',
    async (_, path) => {
      const hex = fx.burnBlockHash.slice(2);
      const answer = await call(handlers, `/extended/v1/block/by_burn_block_hash/${path(hex)}`);
      expect(answer.status).toBe(302);
      // The segment keeps the request's own encoding; only the ignored trailing slash goes.
      expect(answer.headers.get('location')).toBe(
        `/extended/v1/block/by_burn_block_hash/0x${path(hex).replace(/\/$/, '')}`,
      );
    },
  );

  it('matches routes case-sensitively, as the real service does', async () => {
    const path = `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`;
    expect((await call(handlers, path)).status).toBe(200);
    const shouted = await call(handlers, path.toUpperCase());
    expect(shouted.status).toBe(404);
    expect(shouted.body).toEqual({
      message: `Route GET:${path.toUpperCase()} not found`,
      error: 'Not Found',
      statusCode: 404,
    });
  });

  it.each(['ftp://example.com', 'not a url'])('refuses base URL %j', (baseUrl) => {
    expect(() => createHandlers({ world, baseUrl })).toThrow(TypeError);
  });

  it('returns one handler under the base URL, which leaves unknown paths to other handlers', async () => {
    const handlers = createHandlers({ world });
    expect(handlers).toHaveLength(1);
    expect(
      await getResponse(handlers, new Request(`${DEFAULT_BASE_URL}/extended/v1/unknown`)),
    ).toBeUndefined();
  });

  it('adds the rate-limit headers of the scenarios to normal answers', async () => {
    const scenarios = createScenarios({ now: () => 0 }).rateLimit({ perMinute: 5 });
    const limited = createHandlers({ world, scenarios });
    const answer = await call(limited, `/ordinals/v1/brc-20/tokens/${fx.ticker}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-limit')).toBe('5');
    expect(answer.headers.get('ratelimit-remaining')).toBe('4');
  });
});

describe('determinism', () => {
  const paths = [
    `/ordinals/v1/brc-20/tokens/${fx.ticker}`,
    `/extended/v2/smart-contracts/status?${fx.contractIds.map((id) => `contract_id=${id}`).join('&')}`,
    `/extended/v2/addresses/${fx.address}/transactions/${fx.txId}/events`,
    `/extended/v1/address/${fx.address}/transactions_with_transfers?limit=50&offset=3`,
    `/extended/v2/addresses/${fx.address}/transactions?limit=50&offset=100`,
    `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`,
    `/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash}`,
  ];
  const texts = async (h: ReturnType<typeof createHandlers>, order: string[]) => {
    const out = new Map<string, Answer>();
    for (const path of order) out.set(path, await call(h, path));
    return paths.map((path) => `${out.get(path)?.headers.get('etag')} ${out.get(path)?.text}`);
  };

  it('two worlds with the same seed answer identically, whatever the order of requests', async () => {
    const a = await texts(createHandlers({ world: createWorld({ seed: 9 }) }), paths);
    const b = await texts(createHandlers({ world: createWorld({ seed: 9 }) }), [...paths].reverse());
    expect(b).toEqual(a);
  });

  it('a different seed gives a different world', () => {
    expect(createWorld({ seed: 10 }).fixtures).not.toEqual(createWorld({ seed: 9 }).fixtures);
  });
});
