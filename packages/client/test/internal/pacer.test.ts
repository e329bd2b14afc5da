import { setupMockServer } from '@blockindex/mock/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbortError, createClient, type Middleware, TimeoutError } from '../../src/index.js';
import { flushIo, track, useFakeClock } from '../hardening/helpers/clock.js';
import { fakeFetch, json } from '../helpers/fake-fetch.js';

// The mock's rate limiter reads the clock it was created with, so each test fakes the clock first and creates
// the mock after: the pacer and the server then share one clock that only the test moves.

let mock: ReturnType<typeof setupMockServer> | undefined;

afterEach(() => {
  mock?.close();
  mock = undefined;
  vi.useRealTimers();
});

function startMock(perMinute: number) {
  useFakeClock();
  mock = setupMockServer({ seed: 1 });
  mock.listen();
  mock.scenarios.rateLimit({ perMinute });
  return mock;
}

/** Records the fake time of every request and the status of every response. */
function recorder() {
  const sentAt: number[] = [];
  const statuses: number[] = [];
  const middleware: Middleware = {
    onRequest() {
      sentAt.push(Date.now());
    },
    onResponse({ response }) {
      statuses.push(response.status);
    },
  };
  return { sentAt, statuses, middleware };
}

/** Moves the fake clock a second at a time until `done()` (at most `maxMs`). */
async function runClock(done: () => boolean, maxMs: number) {
  for (let t = 0; t < maxMs && !done(); t += 1000) await vi.advanceTimersByTimeAsync(1000);
}

describe('Pacer (rateLimit option)', () => {
  it('runs a burst of 200 calls at 50 per minute without a single 429', async () => {
    const { world } = startMock(50);
    const { sentAt, statuses, middleware } = recorder();
    const client = createClient({ rateLimit: true, deadlineMs: 0, retry: false, use: [middleware] });
    let settled = 0;
    const calls = Array.from({ length: 200 }, () =>
      client.getBrc20Token(world.fixtures.ticker).then(
        () => {
          settled += 1;
        },
        (error: unknown) => {
          settled += 1;
          throw error;
        },
      ),
    );
    await runClock(() => settled === 200, 5 * 60_000);
    await Promise.all(calls);
    expect(statuses).toHaveLength(200);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    // Paced, not merely lucky: no minute saw more than 50 requests start.
    for (const t of sentAt)
      expect(sentAt.filter((u) => u >= t && u < t + 60_000).length).toBeLessThanOrEqual(50);
    // And not slower than the limit needs: 200 requests take four windows of a minute (plus the margins).
    expect(Math.max(...sentAt) - Math.min(...sentAt)).toBeLessThan(3 * 61_000 + 1000);
  });

  it('keeps to perSecond as well: no second sees more requests start than it allows', async () => {
    const { world } = startMock(1000);
    const { sentAt, statuses, middleware } = recorder();
    const client = createClient({
      rateLimit: { perMinute: 1000, perSecond: 3 },
      deadlineMs: 0,
      retry: false,
      use: [middleware],
    });
    const calls = Array.from({ length: 12 }, () => client.getBrc20Token(world.fixtures.ticker));
    let settled = false;
    const all = Promise.all(calls).finally(() => {
      settled = true;
    });
    // A tenth of a second at a time, so starts within one second can be told apart.
    for (let t = 0; t < 30_000 && !settled; t += 100) await vi.advanceTimersByTimeAsync(100);
    await all;
    expect(statuses).toEqual(Array(12).fill(200));
    for (const t of sentAt)
      expect(sentAt.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(3);
    // Paced by the second, not by the minute: twelve requests at three a second take about four seconds.
    expect(Math.max(...sentAt) - Math.min(...sentAt)).toBeGreaterThanOrEqual(3000);
    expect(Math.max(...sentAt) - Math.min(...sentAt)).toBeLessThan(6000);
  });

  it('shares one budget between iteration, prefetch and single calls of a client', async () => {
    const { world } = startMock(50);
    const { statuses, middleware } = recorder();
    const client = createClient({ rateLimit: true, deadlineMs: 0, retry: false, use: [middleware] });
    let done = false;
    const work = Promise.all([
      (async () => {
        let n = 0;
        for await (const _ of client.getAddressTransactions(
          world.fixtures.address,
          {},
          { pageSize: 10, concurrency: 4, maxItems: 400 },
        ))
          n++;
        return n;
      })(),
      Promise.all(Array.from({ length: 30 }, () => client.getBrc20Token(world.fixtures.ticker))),
    ]).finally(() => {
      done = true;
    });
    await runClock(() => done, 5 * 60_000);
    const [items] = await work;
    expect(items).toBe(400);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  });

  it('slows down when the server says its budget is spent, even when the client allows more', async () => {
    const { world } = startMock(5);
    const { statuses, middleware } = recorder();
    const client = createClient({
      rateLimit: { perMinute: 1000 },
      deadlineMs: 0,
      retry: false,
      use: [middleware],
    });
    let done = false;
    // One after another, as a user clicking through pages would: the pacer learns from each answer.
    const work = (async () => {
      for (let i = 0; i < 12; i++) await client.getBrc20Token(world.fixtures.ticker);
    })().finally(() => {
      done = true;
    });
    await runClock(() => done, 5 * 60_000);
    await work;
    expect(statuses).toHaveLength(12);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  });

  it('rejects a queued call at once when its wait would pass its deadline, and an aborted one with AbortError', async () => {
    const { world } = startMock(50);
    const client = createClient({ rateLimit: { perMinute: 2 }, retry: false });
    await client.getBrc20Token(world.fixtures.ticker);
    await client.getBrc20Token(world.fixtures.ticker);
    // The next start is a minute away: past a 10 s deadline, so no wait at all.
    await expect(client.getBrc20Token(world.fixtures.ticker, { deadlineMs: 10_000 })).rejects.toBeInstanceOf(
      TimeoutError,
    );
    const controller = new AbortController();
    const queued = client.getBrc20Token(world.fixtures.ticker, { signal: controller.signal, deadlineMs: 0 });
    const outcome = queued.then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    expect(await outcome).toBeInstanceOf(AbortError);
  });

  it('rejects a queued call past its deadline at once with retries on: the queue is final, not retried', async () => {
    const { world } = startMock(50);
    const { sentAt, middleware } = recorder();
    const client = createClient({ rateLimit: { perMinute: 2 }, use: [middleware] });
    await client.getBrc20Token(world.fixtures.ticker);
    await client.getBrc20Token(world.fixtures.ticker);
    // The next start is a minute away, past a 10 s deadline: no backoff and no second look at the queue.
    const late = track(client.getBrc20Token(world.fixtures.ticker, { deadlineMs: 10_000 }));
    await flushIo();
    expect(late.settled).toBe(true);
    expect(late.error).toBeInstanceOf(TimeoutError);
    expect((late.error as Error).message).toMatch(/rate limit queue/);
    expect(vi.getTimerCount()).toBe(0);
    expect(sentAt).toHaveLength(2);
  });

  it('is off by default: a burst meets the server limit', async () => {
    const { world } = startMock(5);
    const { statuses, middleware } = recorder();
    const client = createClient({ retry: false, use: [middleware] });
    await Promise.allSettled(Array.from({ length: 8 }, () => client.getBrc20Token(world.fixtures.ticker)));
    expect(statuses.filter((s) => s === 429).length).toBe(3);
  });
});

describe('Pacer: slots given back, server pauses capped', () => {
  const TOKEN = { token: { ticker: 'ordi' }, supply: { max_supply: '1' } };

  /** A client over a fake fetch that answers with `answer(n)` for the n-th request (1-based), 200 by default. */
  function pacedClient(options: Parameters<typeof createClient>[0], answer?: (n: number) => Response) {
    useFakeClock();
    const served = fakeFetch((_request, n) => answer?.(n) ?? json(TOKEN));
    return {
      client: createClient({ fetch: served.fetch, retry: false, ...options }),
      requests: served.requests,
    };
  }

  it('frees the slots of aborted queued calls: after 300 of them a new call goes at once', async () => {
    const { client, requests } = pacedClient({
      rateLimit: { perMinute: 10_000, perSecond: 5 },
      deadlineMs: 0,
    });
    const controller = new AbortController();
    const queued = Array.from({ length: 300 }, () =>
      client.getBrc20Token('ordi', { signal: controller.signal }).catch((e: unknown) => e),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(5); // the first second's budget; 295 wait in the queue
    controller.abort();
    expect((await Promise.all(queued)).slice(5).every((e) => e instanceof AbortError)).toBe(true);
    await vi.advanceTimersByTimeAsync(1500);
    // Past the first second's window; the aborted calls hold nothing, so this one is not queued behind them.
    const next = track(client.getBrc20Token('ordi', { deadlineMs: 1000 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(6);
    await next.settledPromise;
    expect(next.error).toBeUndefined();
  });

  it('gives the slot back when a call is not sent after its turn (answered by a middleware)', async () => {
    const local: Middleware = {
      onRequest: ({ request }) => (request.headers.has('x-local') ? json(TOKEN) : undefined),
    };
    const { client, requests } = pacedClient({ rateLimit: { perMinute: 2 }, use: [local] });
    for (let i = 0; i < 3; i++) await client.getBrc20Token('ordi', { headers: { 'x-local': '1' } });
    // Three turns taken and handed back: the minute's two requests are still there to send.
    const sent = [track(client.getBrc20Token('ordi')), track(client.getBrc20Token('ordi'))];
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(2);
    await Promise.all(sent.map((s) => s.settledPromise));
    expect(sent.map((s) => s.error)).toEqual([undefined, undefined]);
  });

  const farReset = String(Date.parse('2026-01-01T00:00:00Z') / 1000 + 7 * 86_400);
  it.each([
    ['429 Retry-After: 86400', 429, { 'retry-after': '86400' }],
    ['429 ratelimit-reset a week away', 429, { 'ratelimit-reset': farReset }],
    [
      '200 ratelimit-remaining: 0, ratelimit-reset a week away',
      200,
      { 'ratelimit-remaining': '0', 'ratelimit-reset': farReset },
    ],
    ['429 Retry-After: 1e5 (not a delay: ignored)', 429, { 'retry-after': '1e5' }],
  ])('holds the client for at most maxRetryAfterMs after %s', async (_name, status, headers) => {
    const { client, requests } = pacedClient({ rateLimit: { perMinute: 1000 } }, (n) =>
      n === 1
        ? json(status === 429 ? { error: 'Too Many Requests' } : TOKEN, { status, headers })
        : json(TOKEN),
    );
    await client.getBrc20Token('ordi').catch(() => {});
    // The default cap is 60 s: by then the server is healthy again and the client must be too.
    await vi.advanceTimersByTimeAsync(60_000);
    const next = track(client.getBrc20Token('ordi', { deadlineMs: 1000 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(2);
    await next.settledPromise;
    expect(next.error).toBeUndefined();
  });

  it('caps a server pause at the client’s maxRetryAfterMs', async () => {
    const { client, requests } = pacedClient(
      { rateLimit: { perMinute: 1000 }, retry: { maxRetryAfterMs: 5000 }, deadlineMs: 0 },
      (n) => (n === 1 ? json({}, { status: 429, headers: { 'retry-after': '600' } }) : json(TOKEN)),
    );
    await client.getBrc20Token('ordi', { retry: false }).catch(() => {});
    const next = track(client.getBrc20Token('ordi'));
    await vi.advanceTimersByTimeAsync(4999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await next.settledPromise;
    expect(next.error).toBeUndefined();
  });

  it('honours Retry-After as an HTTP date: the next call waits until then', async () => {
    const { client, requests } = pacedClient({ rateLimit: { perMinute: 1000 }, deadlineMs: 0 }, (n) =>
      n === 1
        ? json({}, { status: 429, headers: { 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' } })
        : json(TOKEN),
    );
    await client.getBrc20Token('ordi').catch(() => {});
    const next = track(client.getBrc20Token('ordi'));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await next.settledPromise;
    expect(next.error).toBeUndefined();
  });
});
