import type {
  AddressTransactionsQuery,
  Transaction as AliasedTransaction,
  components,
  operations,
} from '@blockindex/spec/types';
import { describe, expectTypeOf, it } from 'vitest';

describe('@blockindex/spec/types', () => {
  it('names every component schema', () => {
    expectTypeOf<AliasedTransaction>().toEqualTypeOf<components['schemas']['Transaction']>();
  });

  it('names the query of each operation that has one', () => {
    expectTypeOf<AddressTransactionsQuery>().toEqualTypeOf<
      NonNullable<operations['getAddressTransactions']['parameters']['query']>
    >();
    expectTypeOf<AddressTransactionsQuery['limit']>().toEqualTypeOf<number | undefined>();
  });

  it('refuses a name the document does not define', () => {
    // @ts-expect-error no such schema
    expectTypeOf<import('@blockindex/spec/types').NoSuchSchema>().toBeAny();
  });
});
