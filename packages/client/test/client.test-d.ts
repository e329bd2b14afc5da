import { describe, expectTypeOf, it } from 'vitest';
import {
  type AddressTransaction,
  type AddressTransactionEvent,
  type AddressTransactionWithTransfers,
  type ApiError,
  type ApiErrorBody,
  type Block,
  type Brc20TokenDetails,
  type components,
  createClient,
  type operations,
  type Page,
  type PageData,
  type PageParam,
  type PagePromise,
  type RateLimitError,
  type SmartContractStatus,
  type SmartContractsStatusResponse,
  type Transaction,
} from '../src/index.js';

const client = createClient();
const address = 'SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21';
const txId = `0x${'a'.repeat(64)}`;

describe('public types come from the generated spec', () => {
  it('aliases the schemas, never retypes them', () => {
    expectTypeOf<Block>().toEqualTypeOf<components['schemas']['Block']>();
    expectTypeOf<Transaction>().toEqualTypeOf<components['schemas']['Transaction']>();
    expectTypeOf<AddressTransaction>().toEqualTypeOf<components['schemas']['AddressTransaction']>();
    expectTypeOf<SmartContractStatus>().toEqualTypeOf<components['schemas']['SmartContractStatus']>();
    expectTypeOf<Transaction['tx_type']>().toEqualTypeOf<components['schemas']['TransactionType']>();
  });

  it('resolves each call to the 200 body of its operation', () => {
    type Ok<Op extends keyof operations> = operations[Op]['responses'][200]['content']['application/json'];
    expectTypeOf(client.getBrc20Token('ordi')).resolves.toEqualTypeOf<Ok<'getBrc20Token'>>();
    expectTypeOf(client.getBrc20Token('ordi')).resolves.toEqualTypeOf<Brc20TokenDetails>();
    expectTypeOf(
      client.getSmartContractsStatus(['a.b']),
    ).resolves.toEqualTypeOf<SmartContractsStatusResponse>();
    expectTypeOf(client.getBlockByBurnBlockHeight(1)).resolves.toEqualTypeOf<
      Ok<'getBlockByBurnBlockHeight'>
    >();
    expectTypeOf(client.getBlockByBurnBlockHash('0x00')).resolves.toEqualTypeOf<Block>();
  });

  it('types the raw response next to the body', () => {
    expectTypeOf(client.getBrc20Token('ordi').withResponse()).resolves.toEqualTypeOf<{
      data: Brc20TokenDetails;
      response: Response;
    }>();
  });

  it('types list calls as pages and async iterables of the spec items', () => {
    const txs = client.getAddressTransactions(address);
    expectTypeOf(txs).toExtend<
      PagePromise<AddressTransaction, components['schemas']['AddressTransactionPage']>
    >();
    expectTypeOf(txs).toExtend<AsyncIterable<AddressTransaction>>();
    expectTypeOf(txs).resolves.toExtend<Page<AddressTransaction>>();
    expectTypeOf<Awaited<typeof txs>['results']>().toEqualTypeOf<AddressTransaction[]>();
    expectTypeOf<Awaited<typeof txs>['body']['next_cursor']>().toEqualTypeOf<string | null>();
    expectTypeOf(client.getAddressTransactionEvents(address, txId)).toExtend<
      AsyncIterable<AddressTransactionEvent>
    >();
    expectTypeOf(client.getAccountTransactionsWithTransfers(address)).toExtend<
      AsyncIterable<AddressTransactionWithTransfers>
    >();
    expectTypeOf(txs.pages()).toExtend<AsyncIterable<Page<AddressTransaction>>>();
  });

  it('types the successor pages as the spec does: a cursor body with no offset', () => {
    type Ok<Op extends keyof operations> = operations[Op]['responses'][200]['content']['application/json'];
    const v3 = client.getPrincipalTransactions(address);
    type Body = Awaited<typeof v3>['body'];
    expectTypeOf<Body>().toEqualTypeOf<Ok<'getPrincipalTransactions'>>();
    expectTypeOf<Body['cursor']['next']>().toEqualTypeOf<string | null>();
    expectTypeOf<Body>().not.toHaveProperty('offset');
    type Changes = Awaited<ReturnType<typeof client.getPrincipalTransactionBalanceChanges>>['body'];
    expectTypeOf<Changes>().toEqualTypeOf<Ok<'getPrincipalTransactionBalanceChanges'>>();
    expectTypeOf<Changes>().not.toHaveProperty('offset');
    // The lists paged by offset keep it.
    expectTypeOf<
      Awaited<ReturnType<typeof client.getBlocksByBurnBlock>>['body']['offset']
    >().toEqualTypeOf<number>();
  });

  it('takes the query types of the operations', () => {
    type TransfersQuery = NonNullable<
      operations['getAccountTransactionsWithTransfers']['parameters']['query']
    >;
    expectTypeOf(client.getAccountTransactionsWithTransfers)
      .parameter(1)
      .toEqualTypeOf<TransfersQuery | undefined>();
    expectTypeOf<TransfersQuery['until_block']>().toEqualTypeOf<string | undefined>();
  });

  it('types error bodies from the spec and rate-limit waits', () => {
    expectTypeOf<ApiError['body']>().toEqualTypeOf<ApiErrorBody>();
    type S = components['schemas'];
    expectTypeOf<ApiErrorBody>().toEqualTypeOf<
      S['ErrorResponse'] | S['MinimalErrorResponse'] | S['Brc20NotFoundResponse'] | string | undefined
    >();
    expectTypeOf<components['schemas']['ErrorResponse']>().toExtend<ApiErrorBody>();
    expectTypeOf<components['schemas']['Brc20NotFoundResponse']>().toExtend<ApiErrorBody>();
    expectTypeOf<RateLimitError['retryAfterMs']>().toEqualTypeOf<number | undefined>();
  });
});

describe('wrong parameters do not compile', () => {
  it('rejects them', () => {
    // @ts-expect-error the burn block height is an integer, not a string
    client.getBlockByBurnBlockHeight('744603');
    // @ts-expect-error the tx id is required
    client.getAddressTransactionEvents(address);
    // @ts-expect-error `page` is not a query parameter of this operation
    client.getAddressTransactions(address, { page: 2 });
    // @ts-expect-error `cursor` belongs to getAddressTransactions only
    client.getAccountTransactionsWithTransfers(address, { cursor: 'x' });
    // @ts-expect-error `unanchored` is a boolean
    client.getAccountTransactionsWithTransfers(address, { unanchored: 'true' });
    // @ts-expect-error `limit` is a number
    client.getAddressTransactionEvents(address, txId, { limit: '10' });
    // @ts-expect-error contract ids are an array
    client.getSmartContractsStatus('SP1.a');
    // @ts-expect-error the address is a string (the spec's anyOf of two patterns)
    client.getAddressTransactions(42);
    // @ts-expect-error the ticker is a string
    client.getBrc20Token(42);
    // @ts-expect-error unknown client option
    createClient({ baseURL: 'https://api.hiro.so' });
    // @ts-expect-error unknown iteration option
    client.getAddressTransactions(address, {}, { pageLimit: 10 });
  });
});

describe('page params', () => {
  it('pages expose a JSON page param and a plain JSON form', async () => {
    const page = await client.getAddressTransactions(address);
    expectTypeOf(page.nextPageParam).toEqualTypeOf<PageParam | null>();
    expectTypeOf(page.toJSON()).toEqualTypeOf<PageData<AddressTransaction>>();
    expectTypeOf(page.getNextPage).parameter(0).toEqualTypeOf<{ signal?: AbortSignal } | undefined>();
    expectTypeOf(client.getAddressTransactions(address, {}, { pageParam: page.nextPageParam })).toEqualTypeOf<
      PagePromise<AddressTransaction, components['schemas']['AddressTransactionPage']>
    >();
    // @ts-expect-error a page param is an object, not an offset
    client.getAccountTransactionsWithTransfers(address, {}, { pageParam: 20 });
  });
});
