// One failing query against the mock: how many requests go out, and when (fake timers, no real waiting).
import { createClient, NotFoundError, ServerError } from '@blockindex/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryOptions } from '../src/index.js';
import { countingClient, mock, newQueryClient } from './helpers/mock.js';

describe('one retry layer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends 3 requests for a query that keeps failing, though TanStack defaults to retry: 3 and the client to 2', async () => {
    const { client, requests } = countingClient();
    const queryClient = newQueryClient();
    mock.scenarios.failNext(100, { status: 503 });
    const result = queryClient.fetchQuery(createQueryOptions(client).getBrc20Token('ordi')).catch((e) => e);
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await result).toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(3);
  });

  it('never retries a 404', async () => {
    const { client, requests } = countingClient();
    const result = newQueryClient()
      .fetchQuery(createQueryOptions(client).getBrc20Token('zzzz'))
      .catch((e) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await result).toBeInstanceOf(NotFoundError);
    expect(requests).toHaveLength(1);
  });

  it("waits a 429's Retry-After, then succeeds", async () => {
    const { client, requests } = countingClient();
    mock.scenarios.failNext(1, { status: 429, retryAfterSeconds: 2 });
    const result = newQueryClient().fetchQuery(createQueryOptions(client).getBrc20Token('ordi'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await result).token.ticker).toBe('ordi');
    expect(requests).toHaveLength(2);
  });

  it('with retry: false sends one request', async () => {
    const { client, requests } = countingClient();
    mock.scenarios.failNext(100, { status: 503 });
    const queries = createQueryOptions(client, { retry: false });
    await expect(newQueryClient().fetchQuery(queries.getBrc20Token('ordi'))).rejects.toBeInstanceOf(
      ServerError,
    );
    expect(requests).toHaveLength(1);
  });

  it('ignores the retries configured on the client itself', async () => {
    const requests: Request[] = [];
    const client = createClient({
      retry: { maxRetries: 5, initialDelayMs: 0 },
      fetch: (request) => {
        requests.push(request);
        return globalThis.fetch(request);
      },
    });
    mock.scenarios.failNext(100, { status: 500 });
    const queries = createQueryOptions(client, { retry: { maxRetries: 1, initialDelayMs: 10 } });
    const result = newQueryClient()
      .fetchQuery(queries.getBrc20Token('ordi'))
      .catch((e) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await result).toBeInstanceOf(ServerError);
    expect(requests).toHaveLength(2);
  });
});
