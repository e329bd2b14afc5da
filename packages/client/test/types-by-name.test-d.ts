// The types a call resolves to are the spec's schemas under their own names (what `types-by-name.test.ts` checks in
// the text of type errors), and `BlockindexClient` is the type of `createClient()`.
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AddressTransaction,
  type Block,
  type BlockindexClient,
  type Brc20TokenDetails,
  type components,
  createClient,
  createCore,
  getBrc20Token,
  type ListPromise,
  type MinimalErrorResponse,
  type SmartContractsStatusQuery,
  type Transaction,
} from '../src/index.js';

const client = createClient();

describe('types read by name', () => {
  it('resolves each call to its schema type', async () => {
    expectTypeOf(client).toEqualTypeOf<BlockindexClient>();
    expectTypeOf(client.getBlockByBurnBlockHeight(1)).resolves.toEqualTypeOf<Block>();
    expectTypeOf(getBrc20Token(createCore(), 'ordi')).resolves.toEqualTypeOf<Brc20TokenDetails>();
    const page = await client.getAddressTransactions('SP1');
    expectTypeOf(page.results).toEqualTypeOf<AddressTransaction[]>();
    expectTypeOf<AddressTransaction['tx']>().toEqualTypeOf<Transaction>();
    // @ts-expect-error a Block is not a number (the error names `Block`)
    const n: number = await client.getBlockByBurnBlockHeight(1);
    void n;
  });

  it('exports the schemas the client used not to name, as the spec declares them', () => {
    expectTypeOf<MinimalErrorResponse>().toEqualTypeOf<components['schemas']['MinimalErrorResponse']>();
    expectTypeOf<SmartContractsStatusQuery>().toHaveProperty('contract_id');
  });
});

describe('list promises by name', () => {
  it('takes a ListPromise by its class, not by its shape (a lookalike is not one)', () => {
    type Lookalike = Omit<ListPromise<AddressTransaction>, never>;
    expectTypeOf<Lookalike>().not.toExtend<ListPromise<AddressTransaction>>();
    expectTypeOf(client.getAddressTransactions('SP1')).toExtend<ListPromise<AddressTransaction>>();
  });
});
