import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/server';

let server: MockServer;
let initialTip: number;

beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 1 });
  initialTip = server.world.tip.height;
});

afterAll(async () => {
  await server.close();
});

const get = (path: string, init?: RequestInit) => fetch(server.url + path, init);
const post = (path: string, body?: unknown) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** A raw request, for what fetch refuses to send (huge headers) or hides (HEAD bodies). */
function raw(path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const url = new URL(server.url);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: options.method ?? 'GET',
          headers: options.headers,
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

describe('startMockServer', () => {
  it('binds a free port on 127.0.0.1 and reports the URL it bound', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.world.seed).toBe(1);
  });

  it('answers GET /health', async () => {
    const res = await get('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves the API over real HTTP, with CORS exposing the headers clients read', async () => {
    const { burnBlockHeight } = server.world.fixtures;
    const res = await get(`/extended/v1/block/by_burn_block_height/${burnBlockHeight}`, {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/,\s*/);
    for (const name of [
      'etag',
      'warning',
      'retry-after',
      'ratelimit-limit',
      'ratelimit-remaining',
      'ratelimit-reset',
    ]) {
      expect(exposed).toContain(name);
    }
    expect(await res.json()).toMatchObject({ burn_block_height: burnBlockHeight });
  });

  it('answers a CORS preflight', async () => {
    const res = await fetch(`${server.url}/extended/v2/smart-contracts/status`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key, if-none-match',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
    expect(res.headers.get('access-control-allow-headers')).toBe('x-api-key, if-none-match');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await raw(
      `/extended/v1/block/by_burn_block_height/${server.world.fixtures.burnBlockHeight}`,
      {
        method: 'HEAD',
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(res.body).toBe('');
  });

  it('redirects a burn block hash without 0x, and fetch follows it to the block', async () => {
    const { burnBlockHash } = server.world.fixtures;
    const manual = await get(`/extended/v1/block/by_burn_block_hash/${burnBlockHash.slice(2)}`, {
      redirect: 'manual',
    });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe(`/extended/v1/block/by_burn_block_hash/${burnBlockHash}`);
    const followed = await get(`/extended/v1/block/by_burn_block_hash/${burnBlockHash.slice(2)}`);
    expect(followed.status).toBe(200);
    expect(await followed.json()).toMatchObject({ burn_block_hash: burnBlockHash });
  });

  it.each([
    ['GET', '/nope?x=1'],
    ['POST', '/extended/v2/smart-contracts/status'],
    ['GET', '/__mock/unknown'],
    ['GET', '/__mock/reset'],
  ])('answers an unknown route %s %s with Fastify’s 404', async (method, path) => {
    const res = await fetch(server.url + path, { method });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: `Route ${method}:${path} not found`,
      error: 'Not Found',
      statusCode: 404,
    });
  });

  it('rejects an oversized URL with 431 and keeps serving', async () => {
    const res = await raw(`/extended/v2/smart-contracts/status?contract_id=${'A'.repeat(32 * 1024)}`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: 431 });
    expect((await get('/health')).status).toBe(200);
  });

  it('rejects oversized headers with 431', async () => {
    const res = await raw('/health', { headers: { 'x-big': 'b'.repeat(20 * 1024) } });
    expect(res.status).toBe(431);
  });

  it.each(['/EXTENDED/v1/block/by_burn_block_height/1', '/Extended/v1/block/by_burn_block_height/{1}?q="x"'])(
    'answers a path that matches a route only in another case as an unknown route: %s',
    async (path) => {
      const res = await raw(path);
      expect(res.status).toBe(404);
      // Fastify reports the request target as it was sent, not as a URL parser would re-encode it.
      expect(JSON.parse(res.body)).toEqual({
        message: `Route GET:${path} not found`,
        error: 'Not Found',
        statusCode: 404,
      });
    },
  );

  it('answers an undecodable path with 400 instead of failing', async () => {
    const res = await get('/extended/v1/block/by_burn_block_hash/0x%E0%A4%A');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});

describe('control routes', () => {
  it('GET /__mock/fixtures returns exactly the fixture keys', async () => {
    const res = await get('/__mock/fixtures');
    expect(res.status).toBe(200);
    const fixtures = await res.json();
    expect(Object.keys(fixtures).sort()).toEqual(
      ['address', 'burnBlockHash', 'burnBlockHeight', 'contractIds', 'ticker', 'txId'].sort(),
    );
    expect(fixtures).toEqual(JSON.parse(JSON.stringify(server.world.fixtures)));
  });

  it('POST /__mock/mine grows the chain and touches the address; POST /__mock/reset goes back', async () => {
    const { address } = server.world.fixtures;
    const before = await (await get(`/extended/v2/addresses/${address}/transactions?limit=1`)).json();
    const mined = await post('/__mock/mine', { blocks: 3, address });
    expect(mined.status).toBe(200);
    const minedBody = (await mined.json()) as { blocks: { height: number }[]; tip: { height: number } };
    expect(minedBody.blocks.map((block) => block.height)).toEqual([
      initialTip + 1,
      initialTip + 2,
      initialTip + 3,
    ]);
    expect(server.world.tip.height).toBe(initialTip + 3);
    const after = await (await get(`/extended/v2/addresses/${address}/transactions?limit=1`)).json();
    expect(after.total).toBeGreaterThanOrEqual(before.total + 3);
    expect(after.results[0].tx.block_height).toBe(initialTip + 3);

    const reset = await post('/__mock/reset');
    expect(reset.status).toBe(200);
    expect(server.world.tip.height).toBe(initialTip);
    const again = await (await get(`/extended/v2/addresses/${address}/transactions?limit=1`)).json();
    expect(again).toEqual(before);
  });

  it('POST /__mock/mine without a body mines one block', async () => {
    const res = await post('/__mock/mine');
    expect(res.status).toBe(200);
    expect(server.world.tip.height).toBe(initialTip + 1);
    await post('/__mock/reset');
  });

  it.each([
    [{ blocks: 0 }, 'body/blocks must be an integer from 1 to 1000'],
    [{ blocks: 'many' }, 'body/blocks must be an integer from 1 to 1000'],
    [
      { blocks: 1, address: 'nope' },
      'body/address must be a Stacks address or contract id with a valid checksum (got "nope")',
    ],
  ])('POST /__mock/mine %j → 400', async (body, message) => {
    const res = await post('/__mock/mine', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('POST /__mock/scenario queues failures the next API calls see', async () => {
    const path = `/extended/v1/block/by_burn_block_height/${server.world.fixtures.burnBlockHeight}`;
    const res = await post('/__mock/scenario', { failNext: { count: 2, status: 429, retryAfterSeconds: 1 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ pendingFailures: 2 });
    const first = await get(path);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect((await get(path)).status).toBe(429);
    expect((await get(path)).status).toBe(200);
  });

  it('POST /__mock/scenario networkErrorNext makes fetch reject once', async () => {
    const path = `/extended/v1/block/by_burn_block_height/${server.world.fixtures.burnBlockHeight}`;
    await post('/__mock/scenario', { networkErrorNext: 1 });
    await expect(get(path)).rejects.toThrow();
    expect((await get(path)).status).toBe(200);
  });

  it('POST /__mock/scenario rateLimit limits per client, with the real headers', async () => {
    const path = '/health';
    await post('/__mock/scenario', { rateLimit: { perMinute: 2 } });
    const api = `/extended/v1/block/by_burn_block_height/${server.world.fixtures.burnBlockHeight}`;
    const statuses = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await get(api)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await get(api);
    expect(limited.headers.get('ratelimit-limit')).toBe('2');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // A key has its own quota.
    expect((await get(api, { headers: { 'x-api-key': 'k' } })).status).toBe(200);
    expect((await get(path)).status).toBe(200);
    await post('/__mock/scenario', { rateLimit: null });
    expect((await get(api)).status).toBe(200);
  });

  it('GET /__mock/scenario shows the configuration; clear resets it', async () => {
    await post('/__mock/scenario', { latencyMs: 5 });
    expect(await (await get('/__mock/scenario')).json()).toMatchObject({ latencyMs: 5 });
    await post('/__mock/scenario', { clear: true });
    expect(await (await get('/__mock/scenario')).json()).toEqual({
      latencyMs: 0,
      pendingFailures: 0,
      pendingNetworkErrors: 0,
      pendingReorgs: 0,
      rateLimit: null,
      sunset: [],
    });
  });

  it('applies nothing when one field of the scenario body is wrong', async () => {
    const res = await post('/__mock/scenario', { latencyMs: 10, failNext: { count: 1, status: 200 } });
    expect(res.status).toBe(400);
    expect(await (await get('/__mock/scenario')).json()).toMatchObject({ latencyMs: 0, pendingFailures: 0 });
  });

  it.each([
    ['not json', 'body must be a JSON object'],
    [JSON.stringify({ latencyMs: -1 }), 'body/latencyMs must be an integer from 0 to 60000'],
    [
      JSON.stringify({ failNext: { count: 1, status: 200 } }),
      'body/failNext/status must be an integer from 400 to 599',
    ],
    [JSON.stringify({ failNext: 3 }), 'body/failNext must be a JSON object'],
  ])('POST /__mock/scenario %s → 400', async (body, message) => {
    const res = await fetch(`${server.url}/__mock/scenario`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(message);
  });
});

describe('determinism over HTTP', () => {
  it('two servers with the same seed answer byte for byte the same', async () => {
    const other = await startMockServer({ port: 0, seed: 1 });
    try {
      const fx = server.world.fixtures;
      const paths = [
        `/ordinals/v1/brc-20/tokens/${fx.ticker}`,
        `/extended/v2/smart-contracts/status?${fx.contractIds.map((id) => `contract_id=${id}`).join('&')}`,
        `/extended/v2/addresses/${fx.address}/transactions/${fx.txId}/events`,
        `/extended/v1/address/${fx.address}/transactions_with_transfers?limit=50`,
        `/extended/v2/addresses/${fx.address}/transactions?limit=50&offset=7`,
        `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`,
        `/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash}`,
      ];
      // Asked in opposite orders: the answers must not depend on what was asked before.
      const mine = [];
      for (const path of paths) mine.push(await (await get(path)).text());
      const theirs = [];
      for (const path of [...paths].reverse()) theirs.push(await (await fetch(other.url + path)).text());
      expect(theirs.reverse()).toEqual(mine);
    } finally {
      await other.close();
    }
  });
});

describe('answers from memory: remembered targets and the answer cache', () => {
  const text = async (path: string, init?: RequestInit) => {
    const res = await get(path, init);
    return { status: res.status, etag: res.headers.get('etag'), body: await res.text() };
  };

  it('repeats an answer byte for byte, shows a mined block in the next answer to the same URL, and the reset world after', async () => {
    const { address } = server.world.fixtures;
    const path = `/extended/v2/addresses/${address}/transactions?limit=3`;
    const first = await text(path);
    expect(await text(path)).toEqual(first);
    await post('/__mock/mine', { blocks: 1, address });
    const mined = await text(path);
    expect(mined.etag).not.toBe(first.etag);
    expect(JSON.parse(mined.body).results[0].tx.block_height).toBe(server.world.tip.height);
    await post('/__mock/reset');
    expect(await text(path)).toEqual(first);
  });

  it('writes a kept answer with the same headers every time, GET or HEAD, Warning included', async () => {
    const path = `/extended/v1/address/${server.world.fixtures.address}/transactions_with_transfers?limit=2`;
    const { date: _date, ...first } = (await raw(path)).headers;
    expect([first.warning, first['content-length']]).toEqual([
      expect.stringMatching(/^299 /),
      expect.any(String),
    ]);
    for (const method of ['GET', 'HEAD', 'GET']) {
      const { date: _again, ...again } = (await raw(path, { method })).headers;
      expect(again).toEqual(first);
    }
  });

  it('refuses a remembered target the same way every time', async () => {
    const { address, burnBlockHash } = server.world.fixtures;
    const invalid = `/extended/v2/addresses/${address}/transactions?limit=99`;
    const refusals = [await text(invalid), await text(invalid)];
    expect(refusals[1]).toEqual(refusals[0]);
    expect(refusals[0]?.status).toBe(400);
    const unprefixed = `/extended/v1/block/by_burn_block_hash/${burnBlockHash.slice(2)}`;
    for (let i = 0; i < 2; i += 1) {
      const res = await get(unprefixed, { redirect: 'manual' });
      expect([res.status, res.headers.get('location')]).toEqual([
        302,
        `/extended/v1/block/by_burn_block_hash/${burnBlockHash}`,
      ]);
    }
  });

  it('applies scenarios to remembered targets, and HEAD repeats the GET’s headers', async () => {
    const path = `/ordinals/v1/brc-20/tokens/${server.world.fixtures.ticker}`;
    const warm = await get(path);
    await warm.text();
    await post('/__mock/scenario', { failNext: { count: 1, status: 503 } });
    expect((await get(path)).status).toBe(503);
    const head = await raw(path, { method: 'HEAD' });
    expect([head.status, head.body, head.headers.etag, head.headers['content-length']]).toEqual([
      200,
      '',
      warm.headers.get('etag'),
      warm.headers.get('content-length'),
    ]);
    const revalidated = await get(path, { headers: { 'if-none-match': warm.headers.get('etag') ?? '' } });
    expect(revalidated.status).toBe(304);
  });
});
