import type { Chain } from './chain';
import { transactionsFor } from './genesis';
import type { BlockRecord, TxRecord } from './model';
import { orphanTip } from './orphan';
import { createRandom, deriveSeed } from './random';

/** Options of `world.reorg`. */
export interface ReorgOptions {
  /** How many of the newest blocks to orphan: an integer from 1 to the world's `maxReorgDepth`. */
  readonly depth: number;
  /**
   * New blocks mined on the new tip (default 0, at most {@link MAX_REPLACEMENT_BLOCKS}): they take back about
   * three in four of the orphaned transactions (same `tx_id`, new block) besides transactions of their own.
   */
  readonly replaceWith?: number;
}

/** What `world.reorg` did. */
export interface ReorgResult {
  /** The Stacks height of the tip after the re-org (lower than before unless `replaceWith` >= `depth`). */
  readonly tip: number;
  /** Block `hash` of every orphaned block, newest first. */
  readonly orphanedBlocks: string[];
  /** `tx_id` of every transaction of those blocks, newest first (those taken back again included). */
  readonly orphanedTransactions: string[];
}

/** Most blocks one re-org mines in place of the orphaned ones, as `POST /__mock/mine` mines at most 1000. */
export const MAX_REPLACEMENT_BLOCKS = 1000;

/** Chance that a pending orphaned transaction is taken back by a replacement block. */
const TAKE_BACK = 0.75;

/**
 * Thrown when a re-org would go deeper than the world allows: the blocks the world's fixtures point at (and
 * block 1) are never orphaned. The world is left as it was.
 */
export class ReorgDepthError extends RangeError {
  constructor(
    /** The depth asked for. */
    readonly depth: number,
    /** The deepest re-org this world allows now (0 when none). */
    readonly maxDepth: number,
  ) {
    super(
      `reorg: depth ${depth} is deeper than this world allows now (at most ${maxDepth}): the blocks its fixtures ` +
        'point at are never orphaned; mine blocks first (world.mineBlock) to re-org deeper',
    );
    this.name = 'ReorgDepthError';
  }
}

/** Checks `world.reorg`'s argument: TypeError for a wrong shape or type, RangeError for a value out of range. */
export function checkReorgOptions(options: unknown, maxDepth: number): Required<ReorgOptions> {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`reorg: options must be an object { depth, replaceWith? }, got ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (key !== 'depth' && key !== 'replaceWith') {
      throw new TypeError(`reorg: unknown option "${key}" (expected depth and replaceWith)`);
    }
  }
  const { depth, replaceWith = 0 } = options as { depth?: unknown; replaceWith?: unknown };
  if (typeof depth !== 'number' || !Number.isInteger(depth)) {
    throw new TypeError(`reorg: depth must be an integer, got ${describe(depth)}`);
  }
  if (typeof replaceWith !== 'number' || !Number.isInteger(replaceWith)) {
    throw new TypeError(`reorg: replaceWith must be an integer, got ${describe(replaceWith)}`);
  }
  if (depth < 1) throw new RangeError(`reorg: depth must be at least 1, got ${depth}`);
  if (replaceWith < 0 || replaceWith > MAX_REPLACEMENT_BLOCKS) {
    throw new RangeError(
      `reorg: replaceWith must be an integer from 0 to ${MAX_REPLACEMENT_BLOCKS}, got ${replaceWith}`,
    );
  }
  if (depth > maxDepth) throw new ReorgDepthError(depth, maxDepth);
  return { depth, replaceWith };
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** What a re-org will do, decided before anything changes so that a refused one changes nothing. */
export interface ReorgPlan {
  readonly depth: number;
  /** Per replacement block, the orphaned transactions it takes back and how many new ones it draws. */
  readonly blocks: readonly { readonly carried: readonly TxRecord[]; readonly transactions: number }[];
  /** Transactions the replacement blocks add at most (system transactions excluded). */
  readonly added: number;
}

/**
 * Plans a re-org: which pending orphaned transactions (earlier ones and this re-org's, system transactions
 * excepted) come back, in chain order spread over the replacement blocks, and each block's own transactions.
 * Every draw comes from the seed and the re-org's number, so the same history gives the same chain.
 */
export function planReorg(chain: Chain, perBlock: number, depth: number, replaceWith: number): ReorgPlan {
  const { index } = chain;
  const fork = chain.forks + 1;
  const pool = [...index.orphanedTxs.values()];
  for (let height = index.tip.height - depth + 1; height <= index.tip.height; height++) {
    pool.push(...(index.blockAt(height)?.txs ?? []));
  }
  const rng = createRandom(deriveSeed(chain.seed, 'reorg', fork));
  const taken =
    replaceWith === 0
      ? []
      : pool
          .filter((tx) => !isSystem(tx))
          .sort((a, b) => a.block.height - b.block.height || a.txIndex - b.txIndex)
          .filter(() => rng.chance(TAKE_BACK));
  const blocks = Array.from({ length: replaceWith }, (_, j) => ({
    carried: taken.slice(
      Math.floor((j * taken.length) / replaceWith),
      Math.floor(((j + 1) * taken.length) / replaceWith),
    ),
    transactions: transactionsFor(createRandom(deriveSeed(chain.seed, 'reorg', fork, 'block', j)), perBlock),
  }));
  return { depth, blocks, added: blocks.reduce((sum, b) => sum + b.carried.length + b.transactions, 0) };
}

/** Carries a plan out: orphans the newest `depth` blocks, then mines the replacement blocks on the new tip. */
export function applyReorg(chain: Chain, plan: ReorgPlan): ReorgResult {
  const orphaned: BlockRecord[] = [];
  for (let i = 0; i < plan.depth; i++) orphaned.push(orphanTip(chain.index));
  chain.rewind(chain.index.tip.height);
  for (const block of plan.blocks) {
    chain.append({
      nakamoto: chain.lastNakamoto,
      newTenure: true,
      burnGap: 0,
      transactions: block.transactions,
      carried: block.carried,
    });
  }
  return {
    tip: chain.index.tip.height,
    orphanedBlocks: orphaned.map((block) => block.hash),
    orphanedTransactions: orphaned.flatMap((block) => block.txs.map((tx) => tx.txId).reverse()),
  };
}

function isSystem(tx: TxRecord): boolean {
  return tx.payload.type === 'coinbase' || tx.payload.type === 'tenure_change';
}
