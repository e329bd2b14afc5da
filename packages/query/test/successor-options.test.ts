import {
  createClient,
  createCore,
  getAddressTransactions,
  getBlocksByBurnBlock,
  getPrincipalTransactionBalanceChanges,
  getPrincipalTransactions,
  iterate,
  type ListPromise,
  type PageData,
  type PageParam,
} from '@blockindex/client';
import { describe, expect, it } from 'vitest';
import {
  createQueryOptions,
  getBlocksByBurnBlockInfiniteOptions,
  getBlocksByBurnBlockInfiniteQueryKey,
  getBlocksByBurnBlockOptions,
  getBlocksByBurnBlockQueryKey,
  getPrincipalTransactionBalanceChangesInfiniteOptions,
  getPrincipalTransactionBalanceChangesOptions,
  getPrincipalTransactionsInfiniteOptions,
  getPrincipalTransactionsInfiniteQueryKey,
  getPrincipalTransactionsOptions,
  getPrincipalTransactionsQueryKey,
} from '../src/index.js';
import { mock, newQueryClient } from './helpers/mock.js';

describe('query options of the successor operations', () => {
  it('fetch one page each under their key, and agree with the deprecated list', async () => {
    const { address, txId, burnBlockHeight } = mock.world.fixtures;
    const core = createCore();
    const queryClient = newQueryClient();
    const options = getPrincipalTransactionsOptions(core, address, { limit: 5 });
    expect(options.queryKey).toEqual(getPrincipalTransactionsQueryKey(core, address, { limit: 5 }));
    const page = await queryClient.fetchQuery(options);
    const old = await getAddressTransactions(core, address, { limit: 5 });
    expect(page.results.map((row) => row.transaction.tx_id)).toEqual(old.results.map((row) => row.tx.tx_id));
    // The page is cached as plain JSON; the API's cursor of the next page is on the client's page body.
    const { body } = await getPrincipalTransactions(core, address, { limit: 5 });
    const next = await queryClient.fetchQuery(
      getPrincipalTransactionsOptions(core, address, { limit: 5, cursor: body.cursor.next ?? '' }),
    );
    const truth = await getAddressTransactions(core, address, { limit: 10 });
    expect(next.results.map((row) => row.transaction.tx_id)).toEqual(
      truth.results.slice(5).map((row) => row.tx.tx_id),
    );
    const changes = await queryClient.fetchQuery(
      getPrincipalTransactionBalanceChangesOptions(core, address, txId),
    );
    expect(changes.total).toBeGreaterThan(0);
    const blocks = await queryClient.fetchQuery(
      getBlocksByBurnBlockOptions(core, burnBlockHeight, { limit: 1 }),
    );
    expect(blocks.results[0]?.index_block_hash).toBe(
      mock.world.getBlockByBurnBlockHeight(burnBlockHeight)?.index_block_hash,
    );
    // A hash is keyed as the client sends it.
    expect(getBlocksByBurnBlockQueryKey(core, 'AB'.repeat(32))).toEqual(
      getBlocksByBurnBlockQueryKey(core, `0x${'ab'.repeat(32)}`),
    );
  });

  it('keys one page under `page` and an infinite list under `infinite`, as the other lists', () => {
    const core = createCore();
    const base = ['blockindex', 'https://api.hiro.so'];
    expect(getPrincipalTransactionsQueryKey(core, 'SP1', { limit: 5 })).toEqual([
      ...base,
      'address',
      'SP1',
      'v3-transactions',
      'page',
      { limit: 5 },
    ]);
    expect(getPrincipalTransactionsInfiniteQueryKey(core, 'SP1', {}, { pageSize: 3 })).toEqual([
      ...base,
      'address',
      'SP1',
      'v3-transactions',
      'infinite',
      {},
      { pageSize: 3 },
    ]);
    expect(getBlocksByBurnBlockInfiniteQueryKey(core, 'latest')).toEqual([
      ...base,
      'burn-block',
      'latest',
      'blocks',
      'infinite',
      {},
      {},
    ]);
  });

  it('walks each successor list page by page as an infinite query, row for row what the client iterates', async () => {
    const { address, txId, burnBlockHeight } = mock.world.fixtures;
    const core = createCore();
    const cases = [
      [
        getPrincipalTransactionsInfiniteOptions(core, address, {}, { pageSize: 20 }),
        getPrincipalTransactions(core, address),
      ],
      [
        getPrincipalTransactionBalanceChangesInfiniteOptions(core, address, txId, {}, { pageSize: 1 }),
        getPrincipalTransactionBalanceChanges(core, address, txId),
      ],
      [
        getBlocksByBurnBlockInfiniteOptions(core, burnBlockHeight, {}, { pageSize: 1 }),
        getBlocksByBurnBlock(core, burnBlockHeight),
      ],
    ] as const;
    for (const [options, list] of cases) {
      // The pages as TanStack's useInfiniteQuery fetches them: each from the one before, through getNextPageParam.
      const rows: unknown[] = [];
      let pageParam = options.initialPageParam;
      for (let turns = 0; turns < 500; turns++) {
        const page = await (options.queryFn as (c: object) => Promise<PageData<unknown>>)({
          pageParam,
          signal: new AbortController().signal,
        });
        rows.push(...page.results);
        pageParam = (options.getNextPageParam as (p: PageData<unknown>) => PageParam | null)(page);
        if (pageParam === null) break;
      }
      const want: unknown[] = [];
      for await (const row of iterate(list as ListPromise<unknown>)) want.push(row);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(want);
    }
  });

  it('are factories of createQueryOptions, bound to its client', async () => {
    const { address } = mock.world.fixtures;
    const client = createClient();
    const queries = createQueryOptions(client);
    const options = queries.getPrincipalTransactionsInfinite(address, { limit: 3 });
    expect(options.queryKey).toEqual(getPrincipalTransactionsInfiniteQueryKey(client, address, { limit: 3 }));
    const page = await newQueryClient().fetchQuery(queries.getBlocksByBurnBlock('latest', { limit: 1 }));
    expect(page.results[0]?.height).toBe(mock.world.tip.height);
  });
});
