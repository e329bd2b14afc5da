import { createWorld } from '@blockindex/mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  type BlockindexError,
  type ClientOptions,
  ConnectionError,
  createClient,
  RateLimitError,
  ResponseParseError,
  ServerError,
  TimeoutError,
} from '../../src/index.js';
import { advance, flushIo, track, until, useFakeClock } from './helpers/clock';
import { type Fault, type FaultServer, startFaultServer } from './helpers/fault-server';
import { type Attempt, observedFetch } from './helpers/observed-fetch';

// Each fault comes from a real socket (127.0.0.1:0); every wait is on the fake clock, stepped to one ms
// before and exactly at each documented delay. Backoff jitter is pinned (Math.random = 0: 500 ms doubling).

const ORDI = createWorld({ seed: 1 }).getBrc20Token('ordi');
const OK: Fault = { kind: 'json', status: 200, body: ORDI };

let server: FaultServer;

beforeAll(async () => {
  server = await startFaultServer(OK);
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.reset();
  useFakeClock();
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(options: ClientOptions = {}) {
  const observed = observedFetch();
  const client = createClient({ baseUrl: server.url, fetch: observed.fetch, timeoutMs: 0, ...options });
  return { client, attempts: observed.attempts };
}

/**
 * Runs a call whose attempts fail then wait `delays[k]` each: checks that no attempt starts a millisecond
 * early, that the next one starts exactly on time, and returns how the call ended.
 */
async function drive(call: Promise<unknown>, attempts: Attempt[], delays: readonly number[]) {
  const start = Date.now();
  const result = track(call);
  for (const [k, delay] of delays.entries()) {
    await until(() => attempts.length === k + 1, `attempt ${k + 1}`);
    await attempts[k]?.done;
    await flushIo();
    expect(result.settled, `settled after attempt ${k + 1} instead of waiting ${delay} ms`).toBe(false);
    await advance(delay - 1);
    expect(attempts, `attempt ${k + 2} started before ${delay} ms`).toHaveLength(k + 1);
    await advance(1);
    await until(() => attempts.length === k + 2, `attempt ${k + 2} after ${delay} ms`);
  }
  await until(() => result.settled, 'the call to settle');
  expect(attempts).toHaveLength(delays.length + 1);
  const offsets = attempts.map((attempt) => attempt.at - start);
  let elapsed = 0;
  const expected = [0, ...delays.map((delay) => (elapsed += delay))];
  expect(offsets).toEqual(expected);
  return result;
}

const tooMany = (headers: Record<string, string>): Fault => ({
  kind: 'json',
  status: 429,
  body: { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' },
  headers,
});
const unavailable: Fault = {
  kind: 'json',
  status: 503,
  body: { statusCode: 503, error: 'Service Unavailable', message: 'try again' },
};
const htmlBadGateway: Fault = {
  kind: 'text',
  status: 502,
  contentType: 'text/html',
  body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>',
};
const repeat = (fault: Fault, times: number) => Array.from({ length: times }, () => fault);

describe('retries that end in success', () => {
  it.each([
    ['429 with Retry-After in seconds', () => [tooMany({ 'retry-after': '2' })], [2000]],
    [
      '429 with Retry-After as an HTTP date',
      () => [tooMany({ 'retry-after': new Date(Date.now() + 3000).toUTCString() })],
      [3000],
    ],
    ['429 without Retry-After (exponential backoff)', () => [tooMany({})], [500]],
    ['a burst of two 503s', () => repeat(unavailable, 2), [500, 1000]],
    ['an HTML 502 page from a gateway', () => [htmlBadGateway], [500]],
    ['an empty 500', () => [{ kind: 'empty', status: 500 } as Fault], [500]],
    [
      'a connection reset in the middle of the body',
      () => [{ kind: 'half-body', body: ORDI } as Fault],
      [500],
    ],
    ['a connection reset before any byte', () => [{ kind: 'reset' } as Fault], [500]],
  ] as const)('recovers from %s after the documented wait', async (_name, faults, delays) => {
    const injected = faults();
    server.push(...injected);
    const { client, attempts } = setup();
    const result = await drive(client.getBrc20Token('ordi'), attempts, delays);
    expect(result.error).toBeUndefined();
    expect(result.value).toEqual(ORDI);
  });

  it('caps the backoff at maxDelayMs through a long 503 burst (maxRetries 6)', async () => {
    server.push(...repeat(unavailable, 6));
    const { client, attempts } = setup({ retry: { maxRetries: 6 } });
    const result = await drive(client.getBrc20Token('ordi'), attempts, [500, 1000, 2000, 4000, 8000, 8000]);
    expect(result.value).toEqual(ORDI);
  });

  it('takes up to 25 % off each delay as jitter', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    server.push(...repeat(unavailable, 2));
    const { client, attempts } = setup();
    const result = await drive(client.getBrc20Token('ordi'), attempts, [375, 750]);
    expect(result.value).toEqual(ORDI);
  });
});

describe('faults that end in a typed error', () => {
  const retried = [500, 1000];
  it.each([
    [
      'a 503 burst longer than the retries',
      unavailable,
      retried,
      ServerError,
      /^503 GET \/ordinals\/v1\/brc-20\/tokens\/ordi: try again$/,
    ],
    [
      'an HTML 502 page every time',
      htmlBadGateway,
      retried,
      ServerError,
      /^502 GET .*: Bad Gateway \(HTML body\)$/,
    ],
    [
      'an empty 500 every time',
      { kind: 'empty', status: 500 },
      retried,
      ServerError,
      /: Internal Server Error \(empty body\)$/,
    ],
    [
      'an empty chunked 500 every time',
      { kind: 'empty', status: 500, chunked: true },
      retried,
      ServerError,
      /\(empty body\)$/,
    ],
    [
      'a reset in the middle of every body',
      { kind: 'half-body', body: ORDI },
      retried,
      ConnectionError,
      /^GET http:\/\/127\.0\.0\.1:\d+\/ordinals/,
    ],
    [
      'malformed JSON with status 200',
      { kind: 'text', status: 200, contentType: 'application/json', body: '{"token":{"ticker":"ordi",' },
      [],
      ResponseParseError,
      /^200 GET .*not valid JSON/,
    ],
    [
      'an HTML page with status 200',
      { kind: 'text', status: 200, contentType: 'text/html', body: '<html><body>maintenance</body></html>' },
      [],
      ResponseParseError,
      /^200 GET /,
    ],
    [
      'an empty 200',
      { kind: 'empty', status: 200 },
      [],
      ResponseParseError,
      /expected a JSON body, got an empty one/,
    ],
    [
      'a JSON array with status 200',
      { kind: 'json', status: 200, body: [1, 2] },
      [],
      ResponseParseError,
      /expected a JSON object/,
    ],
    [
      '429 asking for a wait past maxRetryAfterMs',
      tooMany({ 'retry-after': '120' }),
      [],
      RateLimitError,
      /^429 GET .*Rate limit exceeded$/,
    ],
  ] as const)(
    'ends %s in the right error after the documented attempts',
    async (_name, fault, delays, type, message) => {
      server.push(...repeat(fault as Fault, delays.length + 1));
      const { client, attempts } = setup();
      const result = await drive(client.getBrc20Token('ordi'), attempts, delays);
      expect(result.error).toBeInstanceOf(type);
      expect((result.error as BlockindexError).message).toMatch(message);
      if (result.error instanceof RateLimitError) expect(result.error.retryAfterMs).toBe(120_000);
      if (result.error instanceof ServerError && fault.kind === 'empty')
        expect(result.error.body).toBeUndefined();
      expect(server.received).toHaveLength(delays.length + 1);
    },
  );
});

describe('a server that never answers', () => {
  /** Waits for attempt k to reach the server, checks it is still pending 1 ms before the time limit, then expires it. */
  async function expire(attempts: Attempt[], k: number, timeoutMs: number, result: { settled: boolean }) {
    await until(() => server.received.length === k + 1, `request ${k + 1} at the server`);
    await advance(timeoutMs - 1);
    expect(result.settled).toBe(false);
    await advance(1);
    await attempts[k]?.done;
    await flushIo();
  }

  it('times out each attempt after timeoutMs, retries with backoff, then throws TimeoutError', async () => {
    server.push(...repeat({ kind: 'hang' } as Fault, 3));
    const { client, attempts } = setup({ timeoutMs: 1000 });
    const start = Date.now();
    const result = track(client.getBrc20Token('ordi'));
    for (const [k, backoff] of [500, 1000].entries()) {
      await expire(attempts, k, 1000, result);
      await advance(backoff);
    }
    await expire(attempts, 2, 1000, result);
    await until(() => result.settled, 'the call to settle');
    expect(result.error).toBeInstanceOf(TimeoutError);
    expect((result.error as Error).message).toMatch(/timed out after 1000 ms/);
    expect(attempts.map((a) => a.at - start)).toEqual([0, 1500, 3500]);
    expect(Date.now() - start).toBe(4500);
  });

  it('recovers when the retry is answered', async () => {
    server.push({ kind: 'hang' });
    const { client, attempts } = setup({ timeoutMs: 1000 });
    const result = track(client.getBrc20Token('ordi'));
    await expire(attempts, 0, 1000, result);
    await advance(500);
    await until(() => result.settled, 'the call to settle');
    expect(result.value).toEqual(ORDI);
  });
});

describe('aborting', () => {
  it.each([
    ['the call’s signal', (signal: AbortSignal) => ({ call: { signal }, client: {} })],
    ['the client’s signal', (signal: AbortSignal) => ({ call: {}, client: { signal } })],
  ])('rejects at once with AbortError when %s aborts during the backoff', async (_name, wire) => {
    server.push(unavailable);
    const controller = new AbortController();
    const where = wire(controller.signal);
    const { client, attempts } = setup(where.client);
    const start = Date.now();
    const result = track(client.getBrc20Token('ordi', where.call));
    await until(() => attempts.length === 1, 'attempt 1');
    await attempts[0]?.done;
    await advance(100);
    expect(result.settled).toBe(false);
    controller.abort();
    await flushIo();
    expect(result.settled).toBe(true);
    expect(result.error).toBeInstanceOf(AbortError);
    expect(Date.now() - start).toBe(100);
    await advance(10_000);
    expect(attempts).toHaveLength(1);
    expect(server.received).toHaveLength(1);
  });

  it('rejects at once with AbortError (not TimeoutError) when aborted while the server hangs', async () => {
    server.push({ kind: 'hang' });
    const controller = new AbortController();
    const { client, attempts } = setup({ timeoutMs: 1000 });
    const result = track(client.getBrc20Token('ordi', { signal: controller.signal }));
    await until(() => server.received.length === 1, 'request 1 at the server');
    controller.abort();
    await attempts[0]?.done;
    await flushIo();
    expect(result.error).toBeInstanceOf(AbortError);
    await advance(10_000);
    expect(server.received).toHaveLength(1);
  });
});
