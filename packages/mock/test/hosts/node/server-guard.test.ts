import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/server';

// A dev server safe to leave running (Vite's `server.allowedHosts` rules): foreign `Host` names are refused on
// every route (DNS rebinding), control routes need a JSON body and refuse pages of other sites, mining is bounded.
let server: MockServer;
let allowing: MockServer;
let behindProxy: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 1, maxMinedTransactions: 40 });
  allowing = await startMockServer({
    port: 0,
    seed: 1,
    allowedHosts: ['dev.test', '.corp.example', '10.0.0.7', '[2001:db8::1]'],
  });
  behindProxy = await startMockServer({ port: 0, seed: 1, trustProxy: true });
});
afterAll(async () => {
  await Promise.all([server.close(), allowing.close(), behindProxy.close()]);
});

function send(
  target: MockServer,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(`${target.url}${path}`, {
      method: options.method ?? 'GET',
      headers: options.headers,
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text ? JSON.parse(text) : undefined,
        }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const json = { 'content-type': 'application/json' };

describe('Host names', () => {
  it.each([['/health'], ['/__mock/fixtures'], ['/extended/v1/block/by_burn_block_height/1']])(
    'refuses a foreign Host on %s with 403 JSON that says how to allow it',
    async (path) => {
      const answer = await send(server, path, { headers: { host: 'evil.example:3999' } });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message:
          'Blocked request: the host "evil.example" is not allowed. To allow it, start the mock with --allowed-hosts evil.example (startMockServer option allowedHosts)',
      });
    },
  );

  it.each(['localhost:3999', 'app.localhost', '127.0.0.1', '[::1]:80', '192.168.1.20:3999'])(
    'answers Host %s (this machine whatever DNS says)',
    async (host) => {
      expect((await send(server, '/health', { headers: { host } })).status).toBe(200);
    },
  );

  it('refuses a foreign Host right after an allowed one, and answers the allowed one again after', async () => {
    const statuses = [];
    for (const host of ['localhost', 'localhost', 'evil.example', 'localhost', 'evil.example'])
      statuses.push((await send(server, '/health', { headers: { host } })).status);
    expect(statuses).toEqual([200, 200, 403, 200, 403]);
  });

  it.each([
    ['dev.test', 200],
    ['corp.example', 200],
    ['api.corp.example', 200],
    ['evilcorp.example', 403],
  ])('with allowedHosts, Host %s → %i', async (host, status) => {
    expect((await send(allowing, '/health', { headers: { host } })).status).toBe(status);
  });
});

describe('control routes', () => {
  it.each([
    ['text/plain', undefined, 415],
    ['application/x-www-form-urlencoded', undefined, 415],
    [undefined, undefined, 415],
    ['application/json', 'http://evil.example', 403],
    ['application/json', 'null', 403],
  ])(
    'refuse a POST with Content-Type %s from Origin %s (%i), and do nothing',
    async (type, origin, status) => {
      const before = server.world.tip.height;
      const headers: Record<string, string> = {};
      if (type) headers['content-type'] = type;
      if (origin) headers.origin = origin;
      for (const path of ['/__mock/mine', '/__mock/reset', '/__mock/scenario']) {
        const answer = await send(server, path, {
          method: 'POST',
          headers,
          body: '{"blocks":1,"latencyMs":5}',
        });
        expect(answer.status).toBe(status);
        expect(answer.body).toMatchObject({ statusCode: status });
      }
      expect(server.world.tip.height).toBe(before);
      expect(server.scenarios.state.latencyMs).toBe(0);
    },
  );

  // A page served from an IP address is anyone's page: only loopback origins and listed ones drive the server.
  it.each([
    ['http://203.0.113.9', 403],
    ['http://10.0.0.7:8080', 403],
    ['http://[2001:db8::1]', 403],
    ['https://8.8.8.8', 403],
    ['http://0.0.0.0:5173', 403],
    ['http://[::ffff:203.0.113.9]', 403],
    ['http://127.0.0.1.evil.example', 403],
    ['http://localhost:5173', 200],
    ['http://app.localhost', 200],
    ['http://127.0.0.1:5173', 200],
    ['http://127.8.9.10', 200],
    ['http://[::1]:5173', 200],
    ['http://[::ffff:127.0.0.1]', 200],
  ])('answer a POST from Origin %s with %i', async (origin, status) => {
    const answer = await send(server, '/__mock/scenario', {
      method: 'POST',
      headers: { ...json, origin },
      body: '{"clear":true}',
    });
    expect(answer.status).toBe(status);
    if (status === 403) {
      expect((answer.body as { message: string }).message).toContain(`not Origin ${origin}`);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it.each([
    ['http://10.0.0.7:8080', 200],
    ['http://[2001:db8::1]:3000', 200],
    ['https://api.corp.example', 200],
    ['http://dev.test', 200],
    ['http://203.0.113.9', 403],
    ['http://[2001:db8::2]', 403],
  ])('with allowedHosts, a POST from Origin %s → %i', async (origin, status) => {
    const answer = await send(allowing, '/__mock/scenario', {
      method: 'POST',
      headers: { ...json, origin },
      body: '{"clear":true}',
    });
    expect(answer.status).toBe(status);
  });

  it.each([
    ['http://203.0.113.9', 403],
    ['http://[2001:db8::1]', 403],
    ['http://localhost:5173', 204],
  ])('answer the preflight of a control route from Origin %s with %i', async (origin, status) => {
    const answer = await send(server, '/__mock/mine', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(status);
    expect(answer.headers['access-control-allow-origin']).toBe(status === 204 ? '*' : undefined);
  });

  it('keep the preflight of the data routes open to any origin', async () => {
    const answer = await send(server, '/extended/v1/block/by_burn_block_height/1', {
      method: 'OPTIONS',
      headers: { origin: 'http://203.0.113.9', 'access-control-request-method': 'GET' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });

  it('accept JSON from a page of this machine (a dev server on another port)', async () => {
    const answer = await send(server, '/__mock/scenario', {
      method: 'POST',
      headers: { ...json, origin: 'http://localhost:5173' },
      body: '{"clear":true}',
    });
    expect(answer.status).toBe(200);
  });

  it('keep CORS for any origin on the data routes', async () => {
    const answer = await send(server, '/extended/v1/block/by_burn_block_height/1', {
      headers: { origin: 'https://app.example' },
    });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('mining bound', () => {
  it('answers 409 JSON with the bound and how to raise it once reached; /health and the API keep answering', async () => {
    let answer = await send(server, '/__mock/mine', {
      method: 'POST',
      headers: json,
      body: '{"blocks":1000}',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ statusCode: 409, error: 'Conflict', limit: 40 });
    expect((answer.body as { message: string }).message).toMatch(
      /at most 40 transactions .* --max-mined-transactions <n> .* POST \/__mock\/reset/,
    );
    answer = await send(server, '/__mock/mine', { method: 'POST', headers: json, body: '{}' });
    expect(answer.status).toBe(409);
    expect((await send(server, '/health')).status).toBe(200);
    const height = server.world.fixtures.burnBlockHeight;
    expect((await send(server, `/extended/v1/block/by_burn_block_height/${height}`)).status).toBe(200);
    expect((await send(server, '/__mock/reset', { method: 'POST', headers: json })).status).toBe(200);
    expect((await send(server, '/__mock/mine', { method: 'POST', headers: json, body: '{}' })).status).toBe(
      200,
    );
  });
});

describe('rate-limit scenario', () => {
  const api = () => `/extended/v1/block/by_burn_block_height/${server.world.fixtures.burnBlockHeight}`;

  async function statusesWith(target: MockServer, forwardedFor: (index: number) => string, count: number) {
    const statuses = [];
    for (let index = 0; index < count; index += 1) {
      statuses.push(
        (await send(target, api(), { headers: { 'x-forwarded-for': forwardedFor(index) } })).status,
      );
    }
    return statuses;
  }

  it('keys on the socket address: rotating x-forwarded-for does not pass the limit', async () => {
    await send(server, '/__mock/scenario', {
      method: 'POST',
      headers: json,
      body: '{"rateLimit":{"perMinute":5}}',
    });
    try {
      const statuses = await statusesWith(server, (index) => `198.51.100.${index}`, 8);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    } finally {
      await send(server, '/__mock/scenario', { method: 'POST', headers: json, body: '{"rateLimit":null}' });
    }
  });

  it('with trustProxy, keys on the first x-forwarded-for address', async () => {
    await send(behindProxy, '/__mock/scenario', {
      method: 'POST',
      headers: json,
      body: '{"rateLimit":{"perMinute":2}}',
    });
    expect(await statusesWith(behindProxy, () => '198.51.100.1, 10.0.0.1', 3)).toEqual([200, 200, 429]);
    expect(await statusesWith(behindProxy, () => '198.51.100.2', 2)).toEqual([200, 200]);
  });
});
