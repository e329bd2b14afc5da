import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/server';
import { schemaErrors } from '../support/spec-schemas';
import { answerProblem } from './helpers/fuzz-oracle';
import type { FuzzRequest } from './helpers/fuzz-requests';
import { type RawAnswer, rawClient } from './helpers/raw-http';

// Hostile input over real HTTP: prototype pollution through input-keyed maps, oversized requests, path
// traversal and CRLF injection. Every answer also goes through the fuzzing oracle (documented status and body).

let server: MockServer;
let client: ReturnType<typeof rawClient>;

beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 1 });
  client = rawClient(server.url);
});

afterAll(async () => {
  client.close();
  await server.close();
});

const PROTO_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const polluted = () => ({}) as Record<string, unknown>;

/** Sends a raw request and checks its answer against the spec like the fuzzer does. */
async function send(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const request: FuzzRequest = { path, headers, kind: 'garbage', target: 'garbage' };
  const answer = await client.send(request);
  expect(answerProblem(request, answer), `GET ${path.slice(0, 200)}`).toBeUndefined();
  return answer;
}

function expectStillServing(): Promise<void> {
  return (async () => {
    const health = await client.send({ path: '/health' });
    expect(health.status).toBe(200);
    const answer = await send(
      `/extended/v1/block/by_burn_block_height/${server.world.fixtures.burnBlockHeight}`,
    );
    expect(answer.status).toBe(200);
  })();
}

function headerNames(answer: RawAnswer): string[] {
  return answer.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
}

describe('prototype pollution through input-keyed maps', () => {
  it('refuses __proto__, constructor and prototype as contract ids (400), polluting nothing', async () => {
    const answer = await send(
      '/extended/v2/smart-contracts/status?contract_id=__proto__&contract_id=constructor&contract_id=prototype',
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'FST_ERR_VALIDATION' });
    expect(polluted().polluted).toBeUndefined();
  });

  it('answers well-formed ids named after Object.prototype members with exactly one key per distinct id', async () => {
    const [deployed] = server.world.fixtures.contractIds;
    const address = deployed.split('.')[0] ?? '';
    const ids = [
      ...PROTO_NAMES.filter((name) => /^[a-z]/i.test(name)).map((name) => `${address}.${name}`),
      deployed,
    ];
    const query = [...ids, ...ids].map((id) => `contract_id=${encodeURIComponent(id)}`).join('&');
    const answer = await send(`/extended/v2/smart-contracts/status?${query}`);
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([...new Set(ids)].sort());
    for (const id of ids.slice(0, -1)) expect(body[id]).toEqual({ found: false });
    expect(body[deployed]).toMatchObject({ found: true });
    expect(polluted().found).toBeUndefined();
  });

  it.each(PROTO_NAMES)(
    'answers the BRC-20 ticker %s with the documented 404, not an inherited member',
    async (name) => {
      const answer = await send(`/ordinals/v1/brc-20/tokens/${name}`);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Not found' });
    },
  );

  it.each(PROTO_NAMES)('finds nothing under %s in any world lookup', (name) => {
    const { world } = server;
    expect(world.getBrc20Token(name)).toBeUndefined();
    expect(world.getSmartContractStatus(name)).toEqual({ found: false });
    expect(world.hasTransaction(name)).toBe(false);
    expect(world.getTransaction(name)).toBeUndefined();
    expect(world.getBlockByHash(name)).toBeUndefined();
    expect(world.getBlockByBurnBlockHash(name)).toBeUndefined();
    expect(world.principalEtag(name)).toBeUndefined();
    expect(world.transactionEtag(name)).toBeUndefined();
    expect(world.listTransactionsWithTransfers(name, { limit: 5, offset: 0, unanchored: false })).toEqual({
      total: 0,
      results: [],
    });
  });

  it('ignores qs-style pollution keys in the query string and in headers on every operation', async () => {
    const { address, txId, burnBlockHeight, burnBlockHash, contractIds } = server.world.fixtures;
    const pollution =
      '__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__.polluted=1&__proto__=x';
    const paths = [
      `/ordinals/v1/brc-20/tokens/ordi?${pollution}`,
      `/extended/v2/smart-contracts/status?contract_id=${contractIds[0]}&${pollution}`,
      `/extended/v2/addresses/${address}/transactions/${txId}/events?${pollution}`,
      `/extended/v1/address/${address}/transactions_with_transfers?${pollution}`,
      `/extended/v2/addresses/${address}/transactions?${pollution}`,
      `/extended/v1/block/by_burn_block_height/${burnBlockHeight}?${pollution}`,
      `/extended/v1/block/by_burn_block_hash/${burnBlockHash}?${pollution}`,
      `/extended/v3/principals/${address}/transactions?${pollution}`,
      `/extended/v3/principals/${address}/transactions/${txId}/balance-changes?${pollution}`,
      `/extended/v2/burn-blocks/${burnBlockHeight}/blocks?${pollution}`,
    ];
    for (const path of paths) {
      const answer = await send(path, { __proto__: 'polluted', constructor: 'polluted' });
      expect(answer.status, path).toBe(200);
    }
    expect(polluted().polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('refuses __proto__ and constructor keys in the control routes’ JSON bodies as unknown fields', async () => {
    const post = (path: string, body: string) =>
      fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const tip = server.world.tip.height;
    const scenario = await post('/__mock/scenario', '{"__proto__":{"latencyMs":5000,"polluted":1}}');
    expect(scenario.status).toBe(400);
    expect(((await scenario.json()) as { message: string }).message).toContain(
      'body/__proto__ is not a known field',
    );
    expect(server.scenarios.state.latencyMs).toBe(0);
    const mine = await post(
      '/__mock/mine',
      '{"constructor":{"prototype":{"polluted":1}},"__proto__":{"blocks":500}}',
    );
    expect(mine.status).toBe(400);
    expect(server.world.tip.height).toBe(tip);
    expect(polluted().polluted).toBeUndefined();
    expect(polluted().latencyMs).toBeUndefined();
    expect(polluted().blocks).toBeUndefined();
  });
  it('gives API keys and client addresses named __proto__ or constructor their own rate-limit buckets', async () => {
    server.scenarios.rateLimit({ perMinute: 2, perMinuteWithKey: 3 });
    try {
      const statuses = async (headers: Record<string, string>, times: number) => {
        const out: number[] = [];
        for (let i = 0; i < times; i++)
          out.push((await send('/ordinals/v1/brc-20/tokens/ordi', headers)).status);
        return out;
      };
      expect(await statuses({ 'x-api-key': '__proto__' }, 4)).toEqual([200, 200, 200, 429]);
      expect(await statuses({ 'x-api-key': 'constructor' }, 4)).toEqual([200, 200, 200, 429]);
    } finally {
      server.scenarios.rateLimit(null);
    }
    // Client addresses come from x-forwarded-for only behind a trusted proxy.
    const behindProxy = await startMockServer({ port: 0, seed: 1, trustProxy: true });
    const proxied = rawClient(behindProxy.url);
    behindProxy.scenarios.rateLimit({ perMinute: 2 });
    try {
      const statuses = async (forwardedFor: string) => {
        const out: number[] = [];
        for (let i = 0; i < 3; i++) {
          const path = '/ordinals/v1/brc-20/tokens/ordi';
          out.push((await proxied.send({ path, headers: { 'x-forwarded-for': forwardedFor } })).status);
        }
        return out;
      };
      expect(await statuses('__proto__')).toEqual([200, 200, 429]);
      expect(await statuses('hasOwnProperty')).toEqual([200, 200, 429]);
    } finally {
      proxied.close();
      await behindProxy.close();
    }
    expect(polluted().count).toBeUndefined();
    expect(polluted().windowStart).toBeUndefined();
  });
});

describe('oversized requests', () => {
  const longQuery = () =>
    Array.from({ length: 400 }, (_, i) => `contract_id=${server.world.fixtures.contractIds[0]}${i}`).join(
      '&',
    );

  it('answers a URL longer than 16 kB with 431 (or 414) and a JSON error, then keeps serving', async () => {
    const query = longQuery();
    expect(query.length).toBeGreaterThan(16_384);
    const answer = await send(`/extended/v2/smart-contracts/status?${query}`);
    expect([414, 431]).toContain(answer.status);
    await expectStillServing();
  });

  it('answers the same long URL sent with fetch with 431 (or 414)', async () => {
    const res = await fetch(`${server.url}/extended/v2/smart-contracts/status?${longQuery()}`);
    expect([414, 431]).toContain(res.status);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(schemaErrors('getSmartContractsStatus', res.status, await res.json())).toBeUndefined();
    await expectStillServing();
  });

  it.each([
    ['one 20 kB header', { 'x-api-key': 'k'.repeat(20_000) }],
    [
      '1,000 small headers',
      Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`x-h${i}`, 'v'.repeat(20)])),
    ],
  ])('answers %s with 431 and a JSON error, then keeps serving', async (_name, headers) => {
    const answer = await send('/ordinals/v1/brc-20/tokens/ordi', headers);
    expect(answer.status).toBe(431);
    await expectStillServing();
  });

  it('refuses a 2 MB request body with 413 instead of buffering it, then keeps serving', async () => {
    const res = await fetch(`${server.url}/ordinals/v1/brc-20/tokens/ordi`, {
      method: 'POST',
      body: 'x'.repeat(2 * 1024 * 1024),
    }).catch((error: unknown) => error);
    // The server may close the socket before undici has finished sending: either way it did not buffer it all.
    if (res instanceof Response) {
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ statusCode: 413 });
    } else {
      expect(res).toBeInstanceOf(TypeError);
    }
    await expectStillServing();
  });
});

describe('path traversal', () => {
  it('redirects an un-prefixed traversal "hash" to the same route, still encoded, where it is refused (400)', async () => {
    const answer = await send('/extended/v1/block/by_burn_block_hash/..%2F..%2Fetc%2Fpasswd');
    // The shared contract: any hash without 0x gets a 302 to its 0x form, whatever it holds.
    expect(answer.status).toBe(302);
    const location = answer.headers.location as string;
    expect(location).toBe('/extended/v1/block/by_burn_block_hash/0x..%2F..%2Fetc%2Fpasswd');
    const followed = await send(location);
    expect(followed.status).toBe(400);
    expect(JSON.parse(followed.body)).toMatchObject({ code: 'FST_ERR_VALIDATION' });
  });

  it.each([
    '/extended/v1/block/by_burn_block_hash/0x..%2F..%2Fetc%2Fpasswd',
    '/extended/v1/block/by_burn_block_hash/0x%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/extended/v1/block/by_burn_block_height/..%2F..%2Fetc%2Fpasswd',
    '/extended/v2/addresses/..%2F..%2Fetc%2Fpasswd/transactions',
    '/extended/v1/address/..%5C..%5Cwindows%5Cwin.ini/transactions_with_transfers',
    `/extended/v2/addresses/SP000000000000000000002Q6VF78/transactions/..%2F..%2F/events`,
    '/ordinals/v1/brc-20/tokens/..%2F..%2Fetc%2Fpasswd',
    '/extended/v3/principals/..%2F..%2Fetc%2Fpasswd/transactions',
    `/extended/v3/principals/SP000000000000000000002Q6VF78/transactions/..%2F..%2F/balance-changes`,
    '/extended/v2/burn-blocks/..%2F..%2Fetc%2Fpasswd/blocks',
    '/extended/v1/block/by_burn_block_hash/../../../../etc/passwd',
    '/extended/v1/block/by_burn_block_hash/..\\..\\..\\etc\\passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2fetc%2fpasswd',
  ])('answers %s with a documented 400/404 and nothing from the file system', async (path) => {
    const answer = await send(path);
    expect([400, 404]).toContain(answer.status);
    expect(answer.body).not.toMatch(/root:|\[extensions\]/);
  });
});

describe('CRLF in parameters', () => {
  const injected = (answer: RawAnswer) =>
    headerNames(answer).filter((name) => /set-cookie|x-injected/.test(name));

  it.each([
    ['%0d%0a', '%0d%0aSet-Cookie:%20a=b'],
    ['%0a', '%0aX-Injected:%201'],
    ['%0d', '%0dX-Injected:%201'],
    ['UTF-8 that truncates to CRLF', '%E5%98%8A%E5%98%8DSet-Cookie:%20a=b'],
  ])('keeps %s encoded in the Location of the un-prefixed hash redirect', async (_name, payload) => {
    const answer = await send(`/extended/v1/block/by_burn_block_hash/${payload}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`/extended/v1/block/by_burn_block_hash/0x${payload}`);
    expect(injected(answer)).toEqual([]);
  });

  it.each([
    ['ticker', (p: string) => `/ordinals/v1/brc-20/tokens/${p}`],
    ['contract_id', (p: string) => `/extended/v2/smart-contracts/status?contract_id=${p}`],
    ['cursor', (p: string, a: string) => `/extended/v2/addresses/${a}/transactions?cursor=${p}`],
    ['principal', (p: string) => `/extended/v1/address/${p}/transactions_with_transfers`],
    [
      'until_block',
      (p: string, a: string) => `/extended/v1/address/${a}/transactions_with_transfers?until_block=${p}`,
    ],
    ['burn_block_height', (p: string) => `/extended/v1/block/by_burn_block_height/${p}`],
    ['tx_id', (p: string, a: string) => `/extended/v2/addresses/${a}/transactions/${p}/events`],
    ['limit', (p: string, a: string) => `/extended/v2/addresses/${a}/transactions?limit=${p}`],
    ['a v3 cursor', (p: string, a: string) => `/extended/v3/principals/${a}/transactions?cursor=${p}`],
    ['a v3 principal', (p: string) => `/extended/v3/principals/${p}/transactions`],
    [
      'a balance-change cursor',
      (p: string, a: string) =>
        `/extended/v3/principals/${a}/transactions/0x${'0'.repeat(64)}/balance-changes?cursor=1:${p}`,
    ],
    ['height_or_hash', (p: string) => `/extended/v2/burn-blocks/${p}/blocks`],
  ])('answers CRLF in %s with a documented 400/404 and no injected header', async (_name, build) => {
    for (const payload of [
      '%0d%0aSet-Cookie:%20a=b',
      'ordi%0d%0aX-Injected:%201',
      '%E5%98%8A%E5%98%8DX-Injected:%201',
    ]) {
      const answer = await send(build(payload, server.world.fixtures.address));
      expect([400, 404], payload).toContain(answer.status);
      expect(injected(answer)).toEqual([]);
      for (const value of answer.rawHeaders) expect(value).not.toMatch(/[\r\n]/);
    }
  });
});
