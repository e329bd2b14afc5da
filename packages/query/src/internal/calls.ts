import {
  type BlockindexClient,
  type BlockindexCore,
  getAccountTransactionsWithTransfers,
  getAddressTransactionEvents,
  getAddressTransactions,
  getBlockByBurnBlockHash,
  getBlockByBurnBlockHeight,
  getBrc20Token,
  getSmartContractsStatus,
} from '@blockindex/client';

type Operation =
  | 'getBrc20Token'
  | 'getSmartContractsStatus'
  | 'getBlockByBurnBlockHeight'
  | 'getBlockByBurnBlockHash'
  | 'getAddressTransactions'
  | 'getAccountTransactionsWithTransfers'
  | 'getAddressTransactionEvents';

/** The seven calls the factories make; the list calls are only awaited (their pages become plain JSON). */
export type Calls = Pick<BlockindexClient, Operation>;

/**
 * The calls of a client (its own methods, which also serve a client of another copy of the package) or of a core
 * (the standalone operations, so an app built on `createCore` ships no client class).
 */
export function callsOf(target: BlockindexClient | BlockindexCore): Calls {
  if (typeof (target as Partial<BlockindexClient>).getBrc20Token === 'function')
    return target as BlockindexClient;
  const core = target as BlockindexCore;
  const calls: { [K in Operation]: (...args: never[]) => unknown } = {
    getBrc20Token: (ticker: string, options?: object) => getBrc20Token(core, ticker, options),
    getSmartContractsStatus: (ids: string[], options?: object) => getSmartContractsStatus(core, ids, options),
    getBlockByBurnBlockHeight: (height: number, options?: object) =>
      getBlockByBurnBlockHeight(core, height, options),
    getBlockByBurnBlockHash: (hash: string, options?: object) => getBlockByBurnBlockHash(core, hash, options),
    getAddressTransactions: (address: string, query?: object, options?: object) =>
      getAddressTransactions(core, address, query, options),
    getAccountTransactionsWithTransfers: (principal: string, query?: object, options?: object) =>
      getAccountTransactionsWithTransfers(core, principal, query, options),
    getAddressTransactionEvents: (address: string, txId: string, query?: object, options?: object) =>
      getAddressTransactionEvents(core, address, txId, query, options),
  };
  // The factories only await a list call and read its page's `toJSON()`, which both kinds of list promise have.
  return calls as unknown as Calls;
}
