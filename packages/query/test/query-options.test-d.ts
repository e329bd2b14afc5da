import {
  type AddressTransaction,
  type AddressTransactionEvent,
  type AddressTransactionWithTransfers,
  type Block,
  type Brc20TokenDetails,
  createClient,
  createCore,
  type NakamotoBlock,
  type PageData,
  type PageParam,
  type PrincipalTransaction,
  type SmartContractsStatusResponse,
} from '@blockindex/client';
import { type InfiniteData, QueryClient } from '@tanstack/query-core';
import {
  useInfiniteQuery,
  useQuery,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import {
  createQueryOptions,
  getBlocksByBurnBlockInfiniteOptions,
  getPrincipalTransactionsOptions,
  getPrincipalTransactionsQueryKey,
} from '../src/index.js';

const queries = createQueryOptions(createClient());
const queryClient = new QueryClient();
const address = 'SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21';

describe('createQueryOptions types', () => {
  it('tags every key with its data, so getQueryData infers it', () => {
    expectTypeOf(queryClient.getQueryData(queries.getBrc20Token('ordi').queryKey)).toEqualTypeOf<
      Brc20TokenDetails | undefined
    >();
    expectTypeOf(queryClient.getQueryData(queries.getSmartContractsStatus([]).queryKey)).toEqualTypeOf<
      SmartContractsStatusResponse | undefined
    >();
    expectTypeOf(queryClient.getQueryData(queries.getBlockByBurnBlockHeight(1).queryKey)).toEqualTypeOf<
      Block | undefined
    >();
    expectTypeOf(queryClient.getQueryData(queries.getBlockByBurnBlockHash('0x1').queryKey)).toEqualTypeOf<
      Block | undefined
    >();
    expectTypeOf(queryClient.getQueryData(queries.getAddressTransactions(address).queryKey)).toEqualTypeOf<
      PageData<AddressTransaction> | undefined
    >();
    expectTypeOf(
      queryClient.getQueryData(queries.getAccountTransactionsWithTransfers(address).queryKey),
    ).toEqualTypeOf<PageData<AddressTransactionWithTransfers> | undefined>();
    expectTypeOf(
      queryClient.getQueryData(queries.getAddressTransactionEvents(address, '0x1').queryKey),
    ).toEqualTypeOf<PageData<AddressTransactionEvent> | undefined>();
    expectTypeOf(
      queryClient.getQueryData(queries.getAddressTransactionsInfinite(address).queryKey),
    ).toEqualTypeOf<InfiniteData<PageData<AddressTransaction>, PageParam | null> | undefined>();
  });

  it('keeps the setQueryData updater typed', () => {
    queryClient.setQueryData(queries.getBrc20Token('ordi').queryKey, (old) => {
      expectTypeOf(old).toEqualTypeOf<Brc20TokenDetails | undefined>();
      return old;
    });
    // @ts-expect-error a block is not what the token key holds
    queryClient.setQueryData(queries.getBrc20Token('ordi').queryKey, {} as Block);
  });

  it('works with fetchQuery, prefetchQuery and fetchInfiniteQuery', () => {
    expectTypeOf(
      queryClient.fetchQuery(queries.getBrc20Token('ordi')),
    ).resolves.toEqualTypeOf<Brc20TokenDetails>();
    expectTypeOf(
      queryClient.prefetchQuery(queries.getAddressTransactions(address)),
    ).resolves.toEqualTypeOf<void>();
    expectTypeOf(
      queryClient.ensureQueryData(queries.getBlockByBurnBlockHeight(1)),
    ).resolves.toEqualTypeOf<Block>();
    expectTypeOf(
      queryClient.fetchInfiniteQuery(queries.getAddressTransactionEventsInfinite(address, '0x1')),
    ).resolves.toEqualTypeOf<InfiniteData<PageData<AddressTransactionEvent>, PageParam | null>>();
  });

  it('infers data in the React hooks', () => {
    expectTypeOf(useQuery(queries.getBrc20Token('ordi')).data).toEqualTypeOf<Brc20TokenDetails | undefined>();
    expectTypeOf(useQuery(queries.getBrc20Token('ordi')).error).toEqualTypeOf<Error | null>();
    expectTypeOf(useSuspenseQuery(queries.getBlockByBurnBlockHash('0x1')).data).toEqualTypeOf<Block>();
    const select = useQuery({
      ...queries.getBrc20Token('ordi'),
      select: (details) => details.supply.holders,
    });
    expectTypeOf(select.data).toEqualTypeOf<number | undefined>();

    const list = useInfiniteQuery(
      queries.getAccountTransactionsWithTransfersInfinite(address, {}, { pageSize: 5 }),
    );
    // The hooks type `pageParams` as unknown[] (TanStack's own default for TData); the pages are exact.
    expectTypeOf(list.data?.pages).toEqualTypeOf<PageData<AddressTransactionWithTransfers>[] | undefined>();
    const suspense = useSuspenseInfiniteQuery(queries.getAddressTransactionsInfinite(address));
    expectTypeOf(suspense.data.pages[0]?.results).toEqualTypeOf<AddressTransaction[] | undefined>();
  });

  it('takes the query types of the client', () => {
    // @ts-expect-error `limit` is a number
    queries.getAddressTransactions(address, { limit: '10' });
    // @ts-expect-error no such query parameter on this operation
    queries.getAddressTransactionsInfinite(address, { until_block: '1' });
    // @ts-expect-error the infinite options take `pageSize`
    queries.getAddressTransactionsInfinite(address, {}, { limit: 5 });
  });

  it('types the successors as the other lists, from the same rows', () => {
    expectTypeOf(
      queryClient.getQueryData(queries.getPrincipalTransactionsInfinite(address).queryKey),
    ).toEqualTypeOf<InfiniteData<PageData<PrincipalTransaction>, PageParam | null> | undefined>();
    const core = createCore();
    expectTypeOf(
      queryClient.getQueryData(getPrincipalTransactionsQueryKey(core, address, { limit: 5 })),
    ).toEqualTypeOf<PageData<PrincipalTransaction> | undefined>();
    expectTypeOf(
      queryClient.fetchQuery(getPrincipalTransactionsOptions(core, address)),
    ).resolves.toEqualTypeOf<PageData<PrincipalTransaction>>();
    expectTypeOf(
      queryClient.fetchInfiniteQuery(
        getBlocksByBurnBlockInfiniteOptions(core, 'latest', {}, { pageSize: 5 }),
      ),
    ).resolves.toEqualTypeOf<InfiniteData<PageData<NakamotoBlock>, PageParam | null>>();
    // @ts-expect-error the v3 list takes a cursor, not an offset
    getPrincipalTransactionsOptions(core, address, { offset: 5 });
  });
});
