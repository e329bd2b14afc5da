// Infinite lists against the mock while its chain grows: "load more" and TanStack's refetch of every page must
// show each row once, in order, none skipped. The mock's world is the ground truth.
import type { World } from '@blockindex/mock';
import { InfiniteQueryObserver, type QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import {
  type BlockindexInfiniteQueryOptions,
  type BlockindexQueryOptionsFactory,
  createQueryOptions,
} from '../src/index.js';
import { countingClient, mock, newQueryClient } from './helpers/mock.js';

const PAGE = 5;

type TxRow = { tx: { tx_id: string } };

interface ListCase {
  /** The list's options, over rows that carry a `tx.tx_id` (both lists under test do). */
  options: (queries: BlockindexQueryOptionsFactory, world: World) => BlockindexInfiniteQueryOptions<TxRow>;
  /** The ids of the list's first `count` rows as the world holds them now. */
  truth: (world: World, count: number) => string[];
}

/** Widens a factory's result to rows with a `tx.tx_id`: the tests only read that. */
const overTxRows = <TItem extends TxRow>(options: BlockindexInfiniteQueryOptions<TItem>) =>
  options as unknown as BlockindexInfiniteQueryOptions<TxRow>;

const lists: [string, ListCase][] = [
  [
    'address transactions (cursor-anchored)',
    {
      options: (queries, world) =>
        overTxRows(queries.getAddressTransactionsInfinite(world.fixtures.address, {}, { pageSize: PAGE })),
      truth: (world, count) => {
        const page = world.listAddressTransactions(world.fixtures.address, { limit: count, offset: 0 });
        if ('error' in page) throw new Error(page.error);
        return page.results.map((row) => row.tx.tx_id);
      },
    },
  ],
  [
    'transactions with transfers (offset-anchored)',
    {
      options: (queries, world) =>
        overTxRows(
          queries.getAccountTransactionsWithTransfersInfinite(world.fixtures.address, {}, { pageSize: PAGE }),
        ),
      truth: (world, count) =>
        world
          .listTransactionsWithTransfers(world.fixtures.address, {
            limit: count,
            offset: 0,
            unanchored: false,
          })
          .results.map((row) => row.tx.tx_id),
    },
  ],
];

function ids(queryClient: QueryClient, key: readonly unknown[]): string[] {
  const data = queryClient.getQueryData<{ pages: { results: { tx: { tx_id: string } }[] }[] }>(key);
  return (data?.pages ?? []).flatMap((page) => page.results.map((row) => row.tx.tx_id));
}

describe.each(lists)('infinite list: %s', (_, list) => {
  it('loads more exactly while blocks are mined between pages', async () => {
    const { world } = mock;
    const queries = createQueryOptions(countingClient().client);
    const queryClient = newQueryClient();
    const options = list.options(queries, world);
    const before = list.truth(world, 3 * PAGE);

    await queryClient.fetchInfiniteQuery(options);
    const observer = new InfiniteQueryObserver(queryClient, {
      ...options,
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => {});
    for (const _page of [2, 3]) {
      world.mineBlock({ address: world.fixtures.address });
      world.mineBlock({ address: world.fixtures.address });
      const result = await observer.fetchNextPage();
      expect(result.hasNextPage).toBe(true);
    }
    unsubscribe();

    expect(list.truth(world, 3 * PAGE)).not.toEqual(before); // the chain did grow under the list
    expect(ids(queryClient, options.queryKey)).toEqual(before);
  });

  it('refetches every page exactly, even with a block mined between the refetch requests', async () => {
    const { world } = mock;
    let mineAfterNextResponse = false;
    const { client, requests } = countingClient({
      afterResponse: () => {
        if (!mineAfterNextResponse) return;
        mineAfterNextResponse = false;
        world.mineBlock({ address: world.fixtures.address });
      },
    });
    const queries = createQueryOptions(client);
    const queryClient = newQueryClient();
    const options = list.options(queries, world);
    await queryClient.fetchInfiniteQuery(options);
    const observer = new InfiniteQueryObserver(queryClient, {
      ...options,
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => {});
    await observer.fetchNextPage();
    await observer.fetchNextPage();

    world.mineBlock({ address: world.fixtures.address });
    const expected = list.truth(world, 3 * PAGE); // the list as the refetch's first page will see it
    mineAfterNextResponse = true; // ...and the chain moves on before its second page
    const sentBefore = requests.length;
    await observer.refetch();
    unsubscribe();

    expect(requests.length - sentBefore).toBe(3); // one request per page
    expect(ids(queryClient, options.queryKey)).toEqual(expected);
    expect(new Set(ids(queryClient, options.queryKey)).size).toBe(3 * PAGE);
  });
});

describe('infinite list: address transaction events', () => {
  it('pages through every event of a transaction, then stops', async () => {
    const { world } = mock;
    const { address, txId } = world.fixtures;
    const queries = createQueryOptions(countingClient().client);
    const queryClient = newQueryClient();
    const options = queries.getAddressTransactionEventsInfinite(address, txId, {}, { pageSize: 1 });
    const truth = world.listAddressTransactionEvents(address, txId, { limit: 50, offset: 0 });
    expect(truth.total).toBeGreaterThan(1);

    await queryClient.fetchInfiniteQuery(options);
    const observer = new InfiniteQueryObserver(queryClient, {
      ...options,
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => {});
    let result = observer.getCurrentResult();
    while (result.hasNextPage) result = await observer.fetchNextPage();
    unsubscribe();

    const events = result.data?.pages.flatMap((page) => page.results.map((event) => event.event_index));
    expect(events).toEqual(truth.results.map((event) => event.event_index));
    expect(result.data?.pages.at(-1)?.nextPageParam).toBeNull();
  });
});
