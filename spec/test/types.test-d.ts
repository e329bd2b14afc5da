import type {
  AddressTransactionsQuery,
  Transaction as AliasedTransaction,
  components,
  operations,
} from '@blockindex/spec/types';
import { describe, expectTypeOf, it } from 'vitest';

// Unresolved (so `any`) when the names are not exported; a compile error below when they are.
// @ts-expect-error not exported
type Webhooks = import('@blockindex/spec/types').webhooks;
// @ts-expect-error not exported
type Defs = import('@blockindex/spec/types').$defs;

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

  it('exports no empty webhooks or $defs types (the document has neither)', () => {
    expectTypeOf<Webhooks | Defs>().toBeAny();
  });
});
