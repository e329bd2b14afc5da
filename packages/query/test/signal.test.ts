// TanStack's AbortSignal reaches the request: cancelling a query aborts its fetch.
import { createClient } from '@blockindex/client';
import { CancelledError, QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { createQueryOptions } from '../src/index.js';

/** A client whose requests never answer: they end only when their signal aborts. */
function hangingClient() {
  const requests: Request[] = [];
  const client = createClient({
    baseUrl: 'https://api.example.test',
    fetch: (request) => {
      requests.push(request);
      return new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
    },
  });
  return { client, requests };
}

/** Resolves once `requests` holds `count` requests (the client sends them after a few microtasks). */
async function sent(requests: Request[], count: number): Promise<void> {
  while (requests.length < count) await new Promise((resolve) => setImmediate(resolve));
}

describe('signal', () => {
  const address = 'SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21';

  it('cancelQueries aborts the request of a one-off query', async () => {
    const { client, requests } = hangingClient();
    const queryClient = new QueryClient();
    const options = createQueryOptions(client).getBrc20Token('ordi');
    const result = queryClient.fetchQuery(options).catch((error: unknown) => error);
    await sent(requests, 1);
    expect(requests[0]?.signal.aborted).toBe(false);

    await queryClient.cancelQueries({ queryKey: options.queryKey });
    expect(requests[0]?.signal.aborted).toBe(true);
    expect(await result).toBeInstanceOf(CancelledError);
    expect(requests).toHaveLength(1); // a cancelled request is not retried
  });

  it('cancelQueries aborts the request of an infinite list page', async () => {
    const { client, requests } = hangingClient();
    const queryClient = new QueryClient();
    const options = createQueryOptions(client).getAddressTransactionsInfinite(address, {}, { pageSize: 5 });
    const result = queryClient.fetchInfiniteQuery(options).catch((error: unknown) => error);
    await sent(requests, 1);

    await queryClient.cancelQueries({ queryKey: createQueryOptions(client).keys.address(address) });
    expect(requests[0]?.signal.aborted).toBe(true);
    expect(await result).toBeInstanceOf(CancelledError);
  });
});
