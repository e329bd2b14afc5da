import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUNSET_OPERATIONS } from '../../../src/engine/scenarios/scenarios';
import { parseCliArgs } from '../../../src/hosts/node/cli-args';
import { type MockServer, startMockServer } from '../../../src/server';

let server: MockServer;
let behindProxy: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 1 });
  behindProxy = await startMockServer({ port: 0, seed: 1, trustProxy: true });
});
afterAll(async () => {
  await Promise.all([server.close(), behindProxy.close()]);
});

/** A GET or JSON POST from a chosen loopback address (127.0.0.0/8 is all this machine's). */
function send(
  target: MockServer,
  path: string,
  options: { body?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${target.url}${path}`, {
      method: options.body === undefined ? 'GET' : 'POST',
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      localAddress: options.from ?? '127.0.0.1',
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const FIVE = [...SUNSET_OPERATIONS].sort();

// One grammar for `--sunset <value>` and `POST /__mock/scenario {"sunset": "<value>"}`: the same strings are
// accepted with the same effect, or refused by both with the same reason.
const GRAMMAR: readonly [string, readonly string[] | RegExp][] = [
  ['all', FIVE],
  ['all,all', FIVE],
  ['getAddressTransactions, getBlockByBurnBlockHash', ['getAddressTransactions', 'getBlockByBurnBlockHash']],
  [
    'all,getBrc20Token',
    /"all" already names every deprecated operation and cannot be combined with other names/,
  ],
  ['getAddressTransactions,all', /"all" already names every deprecated operation/],
  ['getBrc20Token', /getBrc20Token/],
  ['getAddressTransactions,nope', /"nope"/],
];

describe('the sunset grammar, shared by --sunset and POST /__mock/scenario', () => {
  it.each(GRAMMAR)('%j', async (value, want) => {
    const parsed = parseCliArgs(['--sunset', value]);
    const posted = await send(server, '/__mock/scenario', { body: JSON.stringify({ sunset: value }) });
    try {
      if (want instanceof RegExp) {
        expect(parsed.kind).toBe('error');
        expect(parsed.kind === 'error' ? parsed.message : '').toMatch(want);
        expect(posted.status).toBe(400);
        expect(JSON.parse(posted.body).message).toMatch(want);
        return;
      }
      expect(parsed.kind).toBe('start');
      const sunset = parsed.kind === 'start' ? parsed.options.sunset : undefined;
      expect(sunset === 'all' ? FIVE : [...(sunset ?? [])].sort()).toEqual([...want].sort());
      expect(posted.status, posted.body).toBe(200);
      expect([...JSON.parse(posted.body).sunset].sort()).toEqual([...want].sort());
    } finally {
      await send(server, '/__mock/scenario', { body: '{"sunset":null}' });
    }
  });

  it('takes the JSON list forms and null on the control route', async () => {
    const state = async (sunset: unknown) => {
      const answer = await send(server, '/__mock/scenario', { body: JSON.stringify({ sunset }) });
      return {
        status: answer.status,
        sunset: JSON.parse(answer.body).sunset ?? JSON.parse(answer.body).message,
      };
    };
    expect(await state(['all'])).toEqual({ status: 200, sunset: SUNSET_OPERATIONS });
    expect(await state(null)).toEqual({ status: 200, sunset: [] });
    expect(await state(['getAddressTransactions'])).toEqual({
      status: 200,
      sunset: ['getAddressTransactions'],
    });
    expect(await state([])).toEqual({ status: 200, sunset: [] });
    const mixed = await state(['all', 'getBrc20Token']);
    expect(mixed.status).toBe(400);
    expect(mixed.sunset).toMatch(/^body\/sunset: "all" already names every deprecated operation/);
    expect((await state(5)).status).toBe(400);
  });

  it('serves the 410 of every deprecated operation after {"sunset":"all"}', async () => {
    await send(server, '/__mock/scenario', { body: '{"sunset":"all"}' });
    try {
      const { burnBlockHeight } = server.world.fixtures;
      expect((await send(server, `/extended/v1/block/by_burn_block_height/${burnBlockHeight}`)).status).toBe(
        410,
      );
    } finally {
      await send(server, '/__mock/scenario', { body: '{"sunset":null}' });
    }
  });
});

describe('--trust-proxy with an empty first forwarded address', () => {
  const api = () => `/extended/v1/block/by_burn_block_height/${behindProxy.world.fixtures.burnBlockHeight}`;

  it('counts each client by its socket address, not in one shared bucket', async () => {
    await send(behindProxy, '/__mock/scenario', { body: '{"rateLimit":{"perMinute":2}}' });
    try {
      const from = (address: string, forwarded: string) =>
        send(behindProxy, api(), { from: address, headers: { 'x-forwarded-for': forwarded } });
      expect((await from('127.0.0.1', ', 10.0.0.1')).status).toBe(200);
      expect((await from('127.0.0.1', '')).status).toBe(200);
      // A second client with the same empty header has its own allowance...
      expect((await from('127.0.0.2', ' , 10.0.0.1')).status).toBe(200);
      expect((await from('127.0.0.2', ',')).status).toBe(200);
      // ...and the first one's is spent: it was counted by its socket address.
      expect((await from('127.0.0.1', '127.0.0.1')).status).toBe(429);
      expect((await from('127.0.0.3', '198.51.100.7')).status).toBe(200);
    } finally {
      await send(behindProxy, '/__mock/scenario', { body: '{"rateLimit":null}' });
    }
  });
});
