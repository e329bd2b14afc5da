// Infinite lists whose pages straddle a re-org of the mock's chain: "load more" either continues exactly or the
// list is fetched again from its first page, with no row twice and no error shown. The world is the ground truth.
import type { World } from '@blockindex/mock';
import { InfiniteQueryObserver, type QueryClient } from '@tanstack/query-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { busyAtTheTip } from '../../client/test/helpers/busy-at-the-tip';
import { type BlockindexInfiniteQueryOptions, createQueryOptions } from '../src/index.js';
import { countingClient, mock, newQueryClient } from './helpers/mock.js';

type TxRow = { tx: { tx_id: string } };

const lists: [
  string,
  (world: World, address: string, pageSize: number) => BlockindexInfiniteQueryOptions<TxRow>,
  (world: World, address: string) => string[],
][] = [
  [
    'address transactions (cursor)',
    (_world, address, pageSize) =>
      createQueryOptions(countingClient().client).getAddressTransactionsInfinite(
        address,
        {},
        { pageSize },
      ) as never,
    (world, address) => {
      const page = world.listAddressTransactions(address, { limit: 1_000_000, offset: 0 });
      if ('error' in page) throw new Error(page.error);
      return page.results.map((row) => row.tx.tx_id);
    },
  ],
  [
    'transactions with transfers (offset)',
    (_world, address, pageSize) =>
      createQueryOptions(countingClient().client).getAccountTransactionsWithTransfersInfinite(
        address,
        {},
        { pageSize },
      ) as never,
    (world, address) =>
      world
        .listTransactionsWithTransfers(address, { limit: 1_000_000, offset: 0, unanchored: false })
        .results.map((row) => row.tx.tx_id),
  ],
];

function ids(queryClient: QueryClient, key: readonly unknown[]): string[] {
  const data = queryClient.getQueryData<{ pages: { results: TxRow[] }[] }>(key);
  return (data?.pages ?? []).flatMap((page) => page.results.map((row) => row.tx.tx_id));
}

/** Observes the list, recording whether it ever showed an error. */
function observe(queryClient: QueryClient, options: BlockindexInfiniteQueryOptions<TxRow>) {
  const observer = new InfiniteQueryObserver(queryClient, {
    ...options,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const seen = { error: false };
  const unsubscribe = observer.subscribe((result) => {
    if (result.isError || result.isFetchNextPageError || result.isRefetchError) seen.error = true;
  });
  /** Loads the next page and waits until the list is settled (a refetch it started included). */
  const more = async () => {
    await observer.fetchNextPage();
    while (observer.getCurrentResult().isFetching) await observer.refetch({ cancelRefetch: false });
  };
  return { observer, seen, unsubscribe, more };
}

describe.each(lists)('infinite list across a re-org: %s', (_, makeOptions, truth) => {
  it('loads the next page with no error and no row twice when the re-org orphaned the rows it follows', async () => {
    const { world } = mock;
    const address = busyAtTheTip(world, 40);
    const options = makeOptions(world, address, 5);
    const queryClient = newQueryClient();
    await queryClient.fetchInfiniteQuery(options);
    const { seen, unsubscribe, more } = observe(queryClient, options);
    // Deep enough to orphan the last row of the first page, which the second page follows.
    const shown = ids(queryClient, options.queryKey);
    const lastHeight = world.getTransaction(shown[shown.length - 1] as string)?.block_height ?? 0;
    const { orphanedTransactions } = world.reorg({
      depth: world.tip.height - lastHeight + 1,
      replaceWith: 1,
    });
    expect(orphanedTransactions).toContain(shown[shown.length - 1]);
    await more();
    // Fetched again from its first page, as many pages as it had: the list as it is now.
    expect(ids(queryClient, options.queryKey)).toEqual(truth(world, address).slice(0, 5));
    await more();
    unsubscribe();
    expect(seen.error).toBe(false);
    expect(ids(queryClient, options.queryKey)).toEqual(truth(world, address).slice(0, 10));
  });

  it('continues exactly when the re-org stayed above the rows the next page follows', async () => {
    const { world } = mock;
    const address = busyAtTheTip(world, 40);
    const options = makeOptions(world, address, 40);
    const queryClient = newQueryClient();
    await queryClient.fetchInfiniteQuery(options);
    const first = ids(queryClient, options.queryKey);
    const { seen, unsubscribe, more } = observe(queryClient, options);
    world.reorg({ depth: 1, replaceWith: 1 });
    await more();
    unsubscribe();
    expect(seen.error).toBe(false);
    const got = ids(queryClient, options.queryKey);
    const now = truth(world, address);
    // The first page as it was, then the rows that follow its last one in the list as it is now.
    const last = first[first.length - 1] as string;
    expect(got).toEqual([...first, ...now.slice(now.indexOf(last) + 1, now.indexOf(last) + 41)]);
  });

  it('never shows an error or a row twice across random mining, re-orgs, loads and refetches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.constant({ kind: 'more' as const }),
            fc.constant({ kind: 'refetch' as const }),
            fc.constant({ kind: 'mine' as const }),
            fc.record({
              kind: fc.constant('reorg' as const),
              depth: fc.integer({ min: 1, max: 3 }),
              replaceWith: fc.integer({ min: 0, max: 2 }),
            }),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 3, max: 12 }),
        async (steps, pageSize) => {
          mock.reset();
          const { world } = mock;
          const address = busyAtTheTip(world, 40);
          const options = makeOptions(world, address, pageSize);
          const queryClient = newQueryClient();
          await queryClient.fetchInfiniteQuery(options);
          const { observer, seen, unsubscribe, more } = observe(queryClient, options);
          for (const step of steps) {
            if (step.kind === 'more') await more();
            else if (step.kind === 'refetch') await observer.refetch();
            else if (step.kind === 'mine') world.mineBlock({ address });
            else world.reorg({ depth: step.depth, replaceWith: step.replaceWith });
            const got = ids(queryClient, options.queryKey);
            expect(new Set(got).size).toBe(got.length);
          }
          // A refetch of a quiet chain shows the list as it is.
          await observer.refetch();
          unsubscribe();
          expect(seen.error).toBe(false);
          const got = ids(queryClient, options.queryKey);
          expect(got).toEqual(truth(world, address).slice(0, got.length));
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
