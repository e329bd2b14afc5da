import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../../src/server';

// What someone driving the server by hand meets: a map at `/`, bodies checked field by field, clear refusals.
let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 1 });
});
afterAll(async () => {
  await server.close();
});

function post(path: string, body: string | undefined, type: string | null = 'application/json') {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: type === null ? {} : { 'content-type': type },
    ...(body === undefined ? {} : { body }),
  });
}

describe('control bodies', () => {
  it.each([
    ['/__mock/mine', '{"blocks":1,"address":{"toString":"x"}}', 'body/address must be a string'],
    ['/__mock/mine', '{"blocks":1,"address":["SP000"]}', 'body/address must be a string'],
    ['/__mock/mine', '{"blocks":1,"address":12}', 'body/address must be a string'],
    ['/__mock/mine', '{"blocks":{"valueOf":3}}', 'body/blocks must be an integer'],
    ['/__mock/mine', '{"block":2}', 'body/block is not a known field (known: blocks, address)'],
    ['/__mock/scenario', '{"failnext":{"count":1,"status":503}}', 'body/failnext is not a known field'],
    ['/__mock/scenario', '{"failNext":{"count":"2","status":503}}', 'body/failNext/count must be an integer'],
    [
      '/__mock/scenario',
      '{"failNext":{"count":1,"status":{"toString":"x"}}}',
      'body/failNext/status must be',
    ],
    ['/__mock/scenario', '{"failNext":{"status":503}}', 'body/failNext/count is required'],
    [
      '/__mock/scenario',
      '{"failNext":{"count":1,"stauts":503}}',
      'body/failNext/stauts is not a known field',
    ],
    ['/__mock/scenario', '{"rateLimit":{"perMinute":"5"}}', 'body/rateLimit/perMinute must be an integer'],
    ['/__mock/scenario', '{"rateLimit":{"perminute":5}}', 'body/rateLimit/perminute is not a known field'],
    ['/__mock/scenario', '{"clear":"yes"}', 'body/clear must be true or false'],
    ['/__mock/scenario', '{"sunset":["getBrc20Token"]}', 'body/sunset must be a list of at most 5 of:'],
    ['/__mock/reset', '{"seed":2}', 'body/seed is not a known field (known: none)'],
    ['/__mock/reorg', '{"depth":{"valueOf":1}}', 'body/depth must be an integer'],
    [
      '/__mock/scenario',
      '{"reorg":{"afterRequests":"1","depth":1}}',
      'body/reorg/afterRequests must be an integer',
    ],
  ])('POST %s %s → 400 naming the field, and nothing changes', async (path, body, message) => {
    const tip = server.world.tip.height;
    const state = server.scenarios.state;
    const res = await post(path, body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { statusCode: number; error: string; message: string };
    expect(answer).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(answer.message).toContain(message);
    expect(server.world.tip.height).toBe(tip);
    expect(server.scenarios.state).toEqual(state);
  });

  it('answers no 5xx to any of a table of hostile bodies', async () => {
    const bodies = [
      '{"blocks":1,"address":{"toString":"x"}}',
      '{"blocks":1,"address":{"toString":null,"valueOf":null}}',
      '{"failNext":{"count":1,"status":503,"retryAfterSeconds":{"valueOf":"x"}}}',
      '{"rateLimit":{"perMinute":{"valueOf":null}}}',
      '{"latencyMs":{"toString":null}}',
      '{"sunset":[{"toString":null}]}',
      '{"failNext":[]}',
      '"x"',
      '[{"blocks":1}]',
      '{"a":'.repeat(1000),
    ];
    for (const path of ['/__mock/mine', '/__mock/scenario', '/__mock/reset', '/__mock/reorg']) {
      for (const body of bodies) {
        const res = await post(path, body);
        expect(res.status, `${path} ${body.slice(0, 40)}`).toBe(400);
        await res.body?.cancel();
      }
    }
  });
});

describe('the JSON requirement', () => {
  it('POST /__mock/reset without a body or type answers 415 saying why JSON is required', async () => {
    const res = await post('/__mock/reset', undefined, null);
    expect(res.status).toBe(415);
    const { message } = (await res.json()) as { message: string };
    expect(message).toContain('send Content-Type: application/json');
    expect(message).toContain('even an empty one');
    expect(message).toContain('CORS preflight');
  });

  it('POST /__mock/reset with the JSON type and no body resets', async () => {
    expect((await post('/__mock/reset', undefined)).status).toBe(200);
  });
});

describe('GET /', () => {
  it('answers a short index of the control routes, the operations and the fixtures', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    const index = (await res.json()) as {
      controlRoutes: { route: string }[];
      operations: string[];
      fixtures: unknown;
      controlBodies: string;
    };
    expect(index.controlRoutes.map((route) => route.route)).toEqual([
      'GET /health',
      'GET /__mock/fixtures',
      'GET /__mock/scenario',
      'POST /__mock/reset',
      'POST /__mock/mine',
      'POST /__mock/reorg',
      'POST /__mock/scenario',
    ]);
    expect(index.operations).toHaveLength(7);
    expect(index.fixtures).toEqual(server.world.fixtures);
    expect(index.controlBodies).toContain('application/json');
  });
});
