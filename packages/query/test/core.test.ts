// createQueryOptions over a core (createCore) instead of a client: the standalone operations serve every factory,
// infinite lists included, exact while the chain grows.
import { createCore } from '@blockindex/client';
import { describe, expect, it } from 'vitest';
import { createQueryOptions } from '../src/index.js';
import { mock, newQueryClient } from './helpers/mock.js';

describe('createQueryOptions over a core', () => {
  it('pages an infinite list exactly while blocks are mined between pages', async () => {
    const { address } = mock.world.fixtures;
    const before = mock.world.listTransactionsWithTransfers(address, {
      limit: 15,
      offset: 0,
      unanchored: false,
    });
    const queries = createQueryOptions(createCore());
    const queryClient = newQueryClient();
    const options = queries.getAccountTransactionsWithTransfersInfinite(
      address,
      { unanchored: false },
      { pageSize: 5 },
    );
    await queryClient.fetchInfiniteQuery(options);
    for (let i = 0; i < 2; i++) {
      mock.world.mineBlock({ address, transactions: 2 });
      const data = queryClient.getQueryData(options.queryKey);
      const pageParam = data?.pages.at(-1)?.nextPageParam;
      if (!pageParam) throw new Error('the list has fewer than 15 rows');
      const next = await options.queryFn({ signal: new AbortController().signal, pageParam });
      queryClient.setQueryData(options.queryKey, (old) =>
        old ? { pages: [...old.pages, next], pageParams: [...old.pageParams, pageParam] } : old,
      );
    }
    const pages = queryClient.getQueryData(options.queryKey)?.pages ?? [];
    const ids = pages.flatMap((page) => page.results.map((row) => row.tx.tx_id));
    expect(ids).toEqual(before.results.map((row) => row.tx.tx_id));
  });

  it('fetches one page and a contract status map', async () => {
    const { address } = mock.world.fixtures;
    const queries = createQueryOptions(createCore());
    const queryClient = newQueryClient();
    const page = await queryClient.fetchQuery(queries.getAddressTransactions(address, { limit: 3 }));
    expect(page.results).toHaveLength(3);
    expect(Object.getPrototypeOf(page)).toBe(Object.prototype);
    const ids = [`${address}.a`, `${address}.b`];
    const statuses = await queryClient.fetchQuery(queries.getSmartContractsStatus(ids));
    expect(Object.keys(statuses).sort()).toEqual(ids);
  });
});
