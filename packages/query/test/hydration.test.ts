// A server prefetches, the cache travels as JSON, a browser hydrates it and loads more: exactly the next rows.
import { dehydrate, hydrate, InfiniteQueryObserver } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { createQueryOptions } from '../src/index.js';
import { countingClient, mock, newQueryClient } from './helpers/mock.js';

describe('dehydrate → JSON → hydrate', () => {
  it('continues an infinite list exactly after hydration, blocks mined in between', async () => {
    const { world } = mock;
    const { address } = world.fixtures;
    const truth = world.listAddressTransactions(address, { limit: 20, offset: 0 });
    if ('error' in truth) throw new Error(truth.error);

    const server = newQueryClient();
    const serverQueries = createQueryOptions(countingClient().client);
    await server.prefetchInfiniteQuery(
      serverQueries.getAddressTransactionsInfinite(address, {}, { pageSize: 10 }),
    );
    const wire = JSON.stringify(dehydrate(server));

    world.mineBlock({ address });
    world.mineBlock({ address });

    const browser = newQueryClient();
    hydrate(browser, JSON.parse(wire));
    const { client, requests } = countingClient();
    const options = createQueryOptions(client).getAddressTransactionsInfinite(address, {}, { pageSize: 10 });
    const observer = new InfiniteQueryObserver(browser, { ...options, staleTime: Number.POSITIVE_INFINITY });
    const unsubscribe = observer.subscribe(() => {});
    expect(observer.getCurrentResult().hasNextPage).toBe(true); // computed from the hydrated plain JSON
    const result = await observer.fetchNextPage();
    unsubscribe();

    expect(requests).toHaveLength(1);
    expect(result.data?.pages.flatMap((page) => page.results.map((row) => row.tx.tx_id))).toEqual(
      truth.results.map((row) => row.tx.tx_id),
    );
  });

  it('hydrates one-off queries as the same plain data', async () => {
    const { ticker } = mock.world.fixtures;
    const server = newQueryClient();
    const queries = createQueryOptions(countingClient().client);
    const token = await server.fetchQuery(queries.getBrc20Token(ticker));
    const browser = newQueryClient();
    hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
    expect(browser.getQueryData(queries.getBrc20Token(ticker).queryKey)).toEqual(token);
  });
});
