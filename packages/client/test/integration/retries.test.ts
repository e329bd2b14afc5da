import { setupMockServer } from '@blockindex/mock/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError, createClient, RateLimitError, ServerError, TimeoutError } from '../../src/index.js';
import { fakeFetch, hangingFetch, json } from '../helpers/fake-fetch.js';

const mock = setupMockServer({ seed: 1 });
const { fixtures } = mock.world;

/** Counts the requests that reach the (intercepted) network, retries included. */
function counted() {
  const calls = { count: 0 };
  const client = createClient({
    use: [
      {
        onRequest() {
          calls.count += 1;
        },
      },
    ],
  });
  return { client, calls };
}

beforeAll(() => mock.listen());
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0); // backoff without jitter: 500 ms, then 1000 ms
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  mock.scenarios.clear();
});
afterAll(() => mock.close());

describe('retries against the mock scenarios', () => {
  it('waits out two 429s as Retry-After asks, then succeeds', async () => {
    mock.scenarios.failNext(2, { status: 429, retryAfterSeconds: 1 });
    const { client, calls } = counted();
    const promise = client.getBrc20Token(fixtures.ticker);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.count).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(promise).resolves.toMatchObject({ token: { ticker: fixtures.ticker } });
    expect(calls.count).toBe(3);
  });

  it('throws RateLimitError with retryAfterMs once retries run out', async () => {
    mock.scenarios.failNext(3, { status: 429, retryAfterSeconds: 2 });
    const { client, calls } = counted();
    const promise = client.getBlockByBurnBlockHeight(fixtures.burnBlockHeight);
    const assertion = expect(promise).rejects.toSatisfy(
      (e) => e instanceof RateLimitError && e.retryAfterMs === 2000 && e.status === 429,
    );
    await vi.advanceTimersByTimeAsync(4000);
    await assertion;
    expect(calls.count).toBe(3);
  });

  it('backs off exponentially on 503 and recovers', async () => {
    mock.scenarios.failNext(2, { status: 503 });
    const { client, calls } = counted();
    // A list call starts when awaited; withResponse() starts it now.
    const promise = client.getAddressTransactions(fixtures.address, { limit: 5 }).withResponse();
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.count).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.count).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toMatchObject({ data: { limit: 5 }, response: { status: 200 } });
  });

  it('gives up on 5xx after the configured retries with ServerError', async () => {
    mock.scenarios.failNext(5, { status: 500 });
    const client = createClient({ retry: { maxRetries: 1, initialDelayMs: 100 } });
    const promise = client.getBrc20Token(fixtures.ticker);
    const assertion = expect(promise).rejects.toBeInstanceOf(ServerError);
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
    expect(mock.scenarios.state.pendingFailures).toBe(3);
  });

  it('retries a network error, and reports ConnectionError when retries are off', async () => {
    mock.scenarios.networkErrorNext(1);
    const { client } = counted();
    const promise = client.getBrc20Token(fixtures.ticker);
    await vi.advanceTimersByTimeAsync(500);
    await expect(promise).resolves.toMatchObject({ token: { ticker: fixtures.ticker } });

    mock.scenarios.networkErrorNext(1);
    await expect(createClient({ retry: false }).getBrc20Token(fixtures.ticker)).rejects.toBeInstanceOf(
      ConnectionError,
    );
  });

  it('keeps iterating through transient failures between pages', async () => {
    const { client, calls } = counted();
    const seen: string[] = [];
    const iterate = (async () => {
      for await (const item of client.getAddressTransactions(fixtures.address, {}, { maxItems: 150 })) {
        seen.push(item.tx.tx_id);
        if (seen.length === 50) mock.scenarios.failNext(1, { status: 502 });
      }
    })();
    await vi.advanceTimersByTimeAsync(500);
    await iterate;
    expect(seen).toHaveLength(150);
    expect(new Set(seen).size).toBe(150);
    // Pages of 50, 49, 49 and 2 (each after the first starts with the row before it), and the retry.
    expect(calls.count).toBe(5);
  });

  it('is rate limited per minute and told when to come back', async () => {
    mock.scenarios.rateLimit({ perMinute: 2, perMinuteWithKey: 5 });
    const client = createClient({ retry: false });
    await client.getBrc20Token(fixtures.ticker);
    const { response } = await client.getBrc20Token(fixtures.ticker).withResponse();
    expect(response.headers.get('ratelimit-remaining')).toBe('0');
    const error = await client.getBrc20Token(fixtures.ticker).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBeGreaterThan(0);
    expect((error as RateLimitError).retryAfterMs).toBeLessThanOrEqual(60_000);
    // With an API key the higher quota applies: the same token, and the key's own counters.
    const keyed = await createClient({ retry: false, apiKey: 'k' })
      .getBrc20Token(fixtures.ticker)
      .withResponse();
    expect(keyed.data).toEqual(mock.world.getBrc20Token(fixtures.ticker));
    expect(keyed.response.headers.get('ratelimit-limit')).toBe('5');
    expect(keyed.response.headers.get('ratelimit-remaining')).toBe('4');
  });
});

describe('waits longer than one timer can hold (2^31 - 1 ms, about 24.8 days)', () => {
  const TOKEN = { token: { ticker: 'ordi' }, supply: { max_supply: '1' } };

  it('sits through Retry-After: 3000000 (34 days) when maxRetryAfterMs and deadlineMs allow it', async () => {
    const { fetch, requests } = fakeFetch((_request, n) =>
      n === 1
        ? json({ error: 'Too Many Requests' }, { status: 429, headers: { 'retry-after': '3000000' } })
        : json(TOKEN),
    );
    const client = createClient({
      fetch,
      deadlineMs: 0,
      retry: { maxRetryAfterMs: Number.POSITIVE_INFINITY },
    });
    const call = client.getBrc20Token('ordi');
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3_000_000_000 - 2 ** 31 - 1);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toEqual(TOKEN);
    expect(requests).toHaveLength(2);
  });

  it('keeps a timeoutMs of 30 days for 30 days, not 1 ms', async () => {
    const fetch = hangingFetch();
    const client = createClient({ fetch, timeoutMs: 30 * 86_400_000, deadlineMs: 0, retry: false });
    const outcome = client.getBrc20Token('ordi').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2 ** 31);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(30 * 86_400_000 - 2 ** 31);
    expect(await outcome).toBeInstanceOf(TimeoutError);
  });
});
