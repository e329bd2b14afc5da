import type { BlockindexCore } from '@blockindex/client';
import { baseKey } from './internal/build.js';
import { infiniteOptionsOf, optionsOf, pageOptionsOf, type QueryRow } from './internal/define.js';
import {
  ADDRESS_TRANSACTIONS,
  BALANCE_CHANGES,
  BLOCK_BY_BURN_HASH,
  BLOCK_BY_BURN_HEIGHT,
  BLOCKS_BY_BURN_BLOCK,
  BRC20_TOKEN,
  PRINCIPAL_TRANSACTIONS,
  SMART_CONTRACTS_STATUS,
  TRANSACTION_EVENTS,
  TRANSACTIONS_WITH_TRANSFERS,
} from './operation-options.js';
import type { CreateQueryOptionsOptions } from './options-types.js';
import { createQueryKeys } from './query-keys.js';
import type { BlockindexQueryOptionsFactory } from './query-options-factory.js';
import { createQueryRetry } from './retry.js';

/**
 * The rows of the factory, by name. Written out because a namespace import would ship every builder to every app;
 * the type check fails when a factory of `BlockindexQueryOptionsFactory` has no row.
 */
const ROWS = {
  getBrc20Token: BRC20_TOKEN,
  getSmartContractsStatus: SMART_CONTRACTS_STATUS,
  getBlockByBurnBlockHeight: BLOCK_BY_BURN_HEIGHT,
  getBlockByBurnBlockHash: BLOCK_BY_BURN_HASH,
  getAddressTransactions: ADDRESS_TRANSACTIONS,
  getAccountTransactionsWithTransfers: TRANSACTIONS_WITH_TRANSFERS,
  getAddressTransactionEvents: TRANSACTION_EVENTS,
  getPrincipalTransactions: PRINCIPAL_TRANSACTIONS,
  getPrincipalTransactionBalanceChanges: BALANCE_CHANGES,
  getBlocksByBurnBlock: BLOCKS_BY_BURN_BLOCK,
} satisfies {
  [K in Exclude<keyof BlockindexQueryOptionsFactory, 'keys'> as K extends `${string}Infinite`
    ? never
    : K]: QueryRow;
};

/**
 * Creates TanStack Query options for every operation of a client (from `createClient`) or a core (from `createCore`):
 * typed hierarchical keys, query functions that pass TanStack's `signal` and cache plain JSON, exact infinite lists,
 * and one retry layer, the client's own policy. Each factory is the per-operation builder of the same name
 * (`getBrc20Token` is `getBrc20TokenOptions`), bound to `target`; import those alone for the smallest bundle.
 * @example
 * import { createClient } from '@blockindex/client';
 * import { createQueryOptions } from '@blockindex/query';
 * const queries = createQueryOptions(createClient());
 * const token = await queryClient.fetchQuery(queries.getBrc20Token('ordi'));
 */
export function createQueryOptions(
  target: BlockindexCore,
  options: CreateQueryOptionsOptions = {},
): BlockindexQueryOptionsFactory {
  try {
    baseKey(target);
  } catch {
    throw new TypeError(
      'createQueryOptions needs a client from createClient() or a core from createCore() of @blockindex/client',
    );
  }
  createQueryRetry(options.retry); // checked once, here, rather than at the first factory call
  const factory: Record<string, unknown> = { keys: createQueryKeys(target) };
  // The builders take the settings after their arguments: the ones a caller left out are passed as `undefined`.
  const bind =
    (builder: (...a: unknown[]) => unknown, arity: number) =>
    (...a: unknown[]) =>
      builder(target, ...Array.from({ length: arity }, (_, i) => a[i]), options);
  for (const [name, row] of Object.entries(ROWS) as [string, QueryRow][]) {
    const arity = row.key.length - 1 + (row.list ? 1 : 0);
    factory[name] = bind((row.list ? pageOptionsOf(row as never) : optionsOf(row)) as never, arity);
    if (row.list) factory[`${name}Infinite`] = bind(infiniteOptionsOf(row as never) as never, arity + 1);
  }
  return factory as BlockindexQueryOptionsFactory;
}
