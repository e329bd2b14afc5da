import type { BlockindexCore } from '@blockindex/client';
import type * as builders from './operation-options.js';
import type { QueryKeys } from './query-keys.js';

type Builders = typeof builders;
type ArgsOf<F> = F extends (core: BlockindexCore, ...args: infer A) => unknown ? A : never;

/**
 * The factories of one client (`createQueryOptions(client)`): one per operation, named like the client's methods,
 * each its per-operation builder (`getBrc20Token` is `getBrc20TokenOptions`) bound to the client; lists add
 * `<operation>Infinite` (`getAddressTransactionsInfiniteOptions`); and `keys`, the key prefixes for invalidation.
 * Each factory takes the arguments of its key helper (`getBrc20TokenQueryKey`) without the core.
 */
export type BlockindexQueryOptionsFactory = { readonly keys: QueryKeys } & {
  [K in keyof Builders as K extends `${infer Name}QueryKey` ? Name : never]: K extends `${infer Name}QueryKey`
    ? (...args: ArgsOf<Builders[K]>) => ReturnType<Builders[`${Name}Options` & keyof Builders]>
    : never;
};
