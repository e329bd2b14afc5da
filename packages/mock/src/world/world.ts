import type { BalanceChangesPage, BalanceChangesRequest } from './balance-changes';
import type { BurnBlockRef } from './burn-block-blocks';
import type { MineOptions } from './mine';
import type {
  PositionCursorError,
  PrincipalTransactionsPage,
  PrincipalTransactionsRequest,
} from './principal-transactions';
import type {
  AddressTransactionsPage,
  AddressTransactionsRequest,
  CursorError,
  PageRequest,
  TransfersRequest,
} from './queries';
import type { ReorgOptions, ReorgResult } from './reorg';
import type {
  AddressTransactionEvent,
  AddressTransactionWithTransfers,
  Block,
  Brc20Token,
  Brc20TokenDetails,
  NakamotoBlock,
  SmartContractDeploymentStatus,
  SmartContractStatus,
  Transaction,
} from './types';

/** Options of `createWorld`. */
export interface WorldOptions {
  /** PRNG seed (default 1). Same seed, same world, byte for byte. */
  readonly seed?: number;
  /** Stacks blocks to generate (default 300). */
  readonly blocks?: number;
  /** Mean transactions per block, system transactions included (default 10). */
  readonly transactionsPerBlock?: number;
  /** Size of the standard-address population (default 40, at least 10). */
  readonly addresses?: number;
  /**
   * Most transactions `mineBlock` and `addContract` may add after creation (default
   * {@link DEFAULT_MAX_MINED_TRANSACTIONS}, about 125 MB of heap); past it they throw {@link MineLimitError}.
   */
  readonly maxMinedTransactions?: number;
}

/** Default bound of mined transactions: each costs about 1.3 KB of heap (`pnpm bench`, mined-memory). */
export const DEFAULT_MAX_MINED_TRANSACTIONS = 100_000;

/** Thrown when mining would pass the world's `maxMinedTransactions`: the world is left as it was. */
export class MineLimitError extends RangeError {
  constructor(
    /** The bound. */
    readonly limit: number,
    /** Transactions mined since the world was created. */
    readonly mined: number,
  ) {
    super(
      `this world mines at most ${limit} transactions after creation (${mined} mined so far): raise maxMinedTransactions, or reset the world`,
    );
    this.name = 'MineLimitError';
  }
}

/** Sample identifiers with guaranteed properties, for documentation and tests. */
export interface WorldFixtures {
  /** A busy address (1,000+ transactions in the default world). */
  readonly address: string;
  /** `[deployed, pending in the mempool, never deployed]`. */
  readonly contractIds: readonly [string, string, string];
  /** A transaction of `address` with STX, FT and NFT events touching it. */
  readonly txId: string;
  /** A burn block height that anchors Stacks blocks (several, in the default world). */
  readonly burnBlockHeight: number;
  /** The hash of that burn block. */
  readonly burnBlockHash: string;
  /** A BRC-20 ticker (`ordi`). */
  readonly ticker: string;
}

/**
 * The seeded, consistent chain the handlers answer from. Inputs arrive validated and normalized
 * (lower-case `0x` hashes, integer limit/offset with defaults applied). Every answer is a fresh object.
 */
export interface World {
  readonly seed: number;
  readonly fixtures: WorldFixtures;
  /** The newest Stacks block; its `index_block_hash` is the chain-tip ETag. */
  readonly tip: Block;
  getBrc20Token(ticker: string): Brc20TokenDetails | undefined;
  getSmartContractStatus(contractId: string): SmartContractStatus;
  hasTransaction(txId: string): boolean;
  /** Extension: one confirmed transaction as the list endpoints show it (`events: []`). */
  getTransaction(txId: string): Transaction | undefined;
  listAddressTransactionEvents(
    address: string,
    txId: string,
    page: PageRequest,
  ): { total: number; results: AddressTransactionEvent[] };
  listAddressTransactions(
    address: string,
    page: AddressTransactionsRequest,
  ): AddressTransactionsPage | CursorError;
  listTransactionsWithTransfers(
    principal: string,
    q: TransfersRequest,
  ): { total: number; results: AddressTransactionWithTransfers[] };
  /** The v3 list of a principal: the v2 list's transactions, in its order, as summaries with balance changes. */
  listPrincipalTransactions(
    principal: string,
    request: PrincipalTransactionsRequest,
  ): PrincipalTransactionsPage | PositionCursorError;
  /** One row per asset whose balance `txId` changed for `principal` (empty for an unknown transaction). */
  listPrincipalTransactionBalanceChanges(
    principal: string,
    txId: string,
    request: BalanceChangesRequest,
  ): BalanceChangesPage;
  /** The canonical blocks of a burn block, newest first; undefined when no block was ever anchored to it. */
  listBlocksByBurnBlock(
    ref: BurnBlockRef,
    page: PageRequest,
  ): { total: number; results: NakamotoBlock[] } | undefined;
  getBlockByHash(hash: string): Block | undefined;
  /** Extension: the block at a Stacks height. */
  getBlockByHeight(height: number): Block | undefined;
  getBlockByBurnBlockHeight(height: number): Block | undefined;
  getBlockByBurnBlockHash(hash: string): Block | undefined;
  principalEtag(principal: string): string | undefined;
  transactionEtag(txId: string): string | undefined;
  mineBlock(opts?: MineOptions): Block;
  /**
   * Orphans the newest `depth` blocks (the tip moves back), then mines `replaceWith` blocks that take back some
   * of the orphaned transactions (same `tx_id`, new block), as a Nakamoto re-org does on the real chain. Lists,
   * totals, cursors, block lookups and ETags all follow. Throws a TypeError or RangeError (a
   * `ReorgDepthError` past `maxReorgDepth`, a {@link MineLimitError} past the mining bound) and changes nothing.
   * @example
   * const { tip, orphanedTransactions } = world.reorg({ depth: 3, replaceWith: 1 });
   */
  reorg(options: ReorgOptions): ReorgResult;
  /** The deepest re-org allowed now: blocks above the ones the fixtures point at (grows with mining). */
  readonly maxReorgDepth: number;
  addBrc20Token(input: Partial<Brc20Token> & { ticker: string }): Brc20TokenDetails;
  addContract(input: { contractId: string; status?: SmartContractDeploymentStatus }): SmartContractStatus;
  /** Extension: every principal with at least one transaction (O(principals); for tests and tools). */
  principals(): string[];
}
