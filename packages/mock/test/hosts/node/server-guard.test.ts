import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/server';

// A dev server safe to leave running (Vite's `server.allowedHosts` rules): foreign `Host` names are refused on
// every route (DNS rebinding), control routes need a JSON body and refuse pages of other sites, mining is bounded.
let server: MockServer;
let allowing: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 1, maxMinedTransactions: 40 });
  allowing = await startMockServer({ port: 0, seed: 1, allowedHosts: ['dev.test', '.corp.example'] });
});
afterAll(async () => {
  await Promise.all([server.close(), allowing.close()]);
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
