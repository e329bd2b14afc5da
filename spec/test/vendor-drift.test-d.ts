// Drift guard: the 200 bodies our spec declares for the nine Stacks operations must stay usable wherever code
// expects the vendor's own types (`paths` of `@stacks/blockchain-api-client`, generated from upstream's
// OpenAPI document). `pnpm typecheck` compiles this file; when a field drifts, the error names the operation
// (the constant's name) and the field's path (`Property '.results[].tx.anchor_mode' is missing ...`).

import type { paths } from '@blockindex/spec/types';
import type { paths as vendorPaths } from '@stacks/blockchain-api-client';
import { describe, expectTypeOf, it } from 'vitest';

type Json<Path extends keyof Paths, Paths> = Paths[Path] extends {
  get: { responses: { 200: { content: { 'application/json': infer Body } } } };
}
  ? Body
  : never;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
type IsUnion<T> = [T] extends [UnionToIntersection<T>] ? false : true;

/**
 * The paths (`.results[].tx`) where a value of `Ours` would not be accepted as `Theirs`. Objects and arrays
 * are walked so the deepest drifted field is named; a union (the transaction types, `string | null`) is
 * compared as a whole at its path.
 */
type Drift<Ours, Theirs, Path extends string = ''> = [Ours] extends [Theirs]
  ? never
  : IsUnion<Theirs> extends true
    ? Path
    : IsUnion<Ours> extends true
      ? Path
      : Theirs extends readonly (infer TheirItem)[]
        ? Ours extends readonly (infer OurItem)[]
          ? Drift<OurItem, TheirItem, `${Path}[]`>
          : Path
        : Theirs extends object
          ? Ours extends object
            ? {
                [Key in keyof Theirs & string]-?: Key extends keyof Ours
                  ? Drift<Ours[Key], Theirs[Key], `${Path}.${Key}`>
                  : undefined extends Theirs[Key]
                    ? never
                    : `${Path}.${Key} (missing here)`;
              }[keyof Theirs & string]
            : Path
          : Path;

/**
 * Our deliberate differences, listed once: per operation, the field paths where the spec knowingly says
 * something the vendor type does not accept, each with its reason. None today: every 200 body we declare is
 * accepted by the vendor's type (ours is narrower where upstream's schema is loose).
 */
interface Deliberate {
  getAddressTransactionEvents: never;
  getAccountTransactionsWithTransfers: never;
  getAddressTransactions: never;
  getSmartContractsStatus: never;
  getBlockByBurnBlockHeight: never;
  getBlockByBurnBlockHash: never;
  getPrincipalTransactions: never;
  getPrincipalTransactionBalanceChanges: never;
  getBlocksByBurnBlock: never;
}

type Check<Id extends keyof Deliberate, Path extends keyof paths & keyof vendorPaths> = Record<
  Exclude<Drift<Json<Path, paths>, Json<Path, vendorPaths>>, Deliberate[Id]>,
  'drifted from the vendor type'
>;

// One constant per operation: `{}` only type-checks while nothing drifted.
const getAddressTransactionEvents: Check<
  'getAddressTransactionEvents',
  '/extended/v2/addresses/{address}/transactions/{tx_id}/events'
> = {};
const getAccountTransactionsWithTransfers: Check<
  'getAccountTransactionsWithTransfers',
  '/extended/v1/address/{principal}/transactions_with_transfers'
> = {};
const getAddressTransactions: Check<
  'getAddressTransactions',
  '/extended/v2/addresses/{address}/transactions'
> = {};
const getSmartContractsStatus: Check<'getSmartContractsStatus', '/extended/v2/smart-contracts/status'> = {};
const getBlockByBurnBlockHeight: Check<
  'getBlockByBurnBlockHeight',
  '/extended/v1/block/by_burn_block_height/{burn_block_height}'
> = {};
const getBlockByBurnBlockHash: Check<
  'getBlockByBurnBlockHash',
  '/extended/v1/block/by_burn_block_hash/{burn_block_hash}'
> = {};
// The successors: the vendor's 9.x client types them already.
const getPrincipalTransactions: Check<
  'getPrincipalTransactions',
  '/extended/v3/principals/{principal}/transactions'
> = {};
const getPrincipalTransactionBalanceChanges: Check<
  'getPrincipalTransactionBalanceChanges',
  '/extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes'
> = {};
const getBlocksByBurnBlock: Check<
  'getBlocksByBurnBlock',
  '/extended/v2/burn-blocks/{height_or_hash}/blocks'
> = {};

// The check itself can fail, and names the field: drifted copies of the vendor's own types.
type VendorBlock = Json<'/extended/v1/block/by_burn_block_height/{burn_block_height}', vendorPaths>;
type VendorTransfers = Json<'/extended/v1/address/{principal}/transactions_with_transfers', vendorPaths>;
type TransferItem = VendorTransfers['results'][number];

describe('drift from @stacks/blockchain-api-client', () => {
  it('names a missing field, a field of another type, and a nested one', () => {
    expectTypeOf<Drift<VendorBlock, VendorBlock>>().toEqualTypeOf<never>();
    expectTypeOf<Drift<Omit<VendorBlock, 'hash'>, VendorBlock>>().toEqualTypeOf<'.hash (missing here)'>();
    expectTypeOf<
      Drift<Omit<VendorBlock, 'height'> & { height: string }, VendorBlock>
    >().toEqualTypeOf<'.height'>();
    type Drifted = Omit<VendorTransfers, 'results'> & {
      results: (Omit<TransferItem, 'stx_sent'> & { stx_sent: number })[];
    };
    expectTypeOf<Drift<Drifted, VendorTransfers>>().toEqualTypeOf<'.results[].stx_sent'>();
  });

  it('compiles: every 200 body of the nine Stacks operations is assignable to the vendor type', () => {
    void [
      getAddressTransactionEvents,
      getAccountTransactionsWithTransfers,
      getAddressTransactions,
      getSmartContractsStatus,
      getBlockByBurnBlockHeight,
      getBlockByBurnBlockHash,
      getPrincipalTransactions,
      getPrincipalTransactionBalanceChanges,
      getBlocksByBurnBlock,
    ];
  });
});
