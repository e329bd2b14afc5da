import { isoTime } from './blocks';
import type { ChainIndex } from './indexes';
import type { BlockRecord, TxRecord } from './model';
import type { PageRequest } from './queries';
import type { NakamotoBlock } from './types';

/**
 * The Stacks blocks of one burn block (`getBlocksByBurnBlock`): canonical blocks only, newest first, in the v2
 * block shape. Canonical burn heights never decrease with Stacks height (re-orgs anchor their replacement
 * blocks above every burn block seen), so a burn block's blocks sit next to each other below its newest one.
 */

/** Which burn block: the tip's, one by height, or one by hash (lower-case with `0x`). */
export type BurnBlockRef =
  | { readonly latest: true }
  | { readonly height: number }
  | { readonly hash: string };

/** A page of blocks, or undefined when no Stacks block (canonical or orphaned) is anchored to the burn block. */
export function listBlocksByBurnBlock(
  index: ChainIndex,
  ref: BurnBlockRef,
  page: PageRequest,
): { total: number; results: NakamotoBlock[] } | undefined {
  let newest: BlockRecord | undefined;
  if ('latest' in ref) newest = index.tip;
  else if ('height' in ref) newest = index.burnByHeight.get(ref.height);
  else newest = index.burnByHash.get(ref.hash);
  if (newest === undefined) {
    // Upstream checks the burn block among all blocks, orphaned ones included, before listing canonical ones.
    const orphaned =
      'height' in ref
        ? index.orphanBurnByHeight.get(ref.height)
        : 'hash' in ref
          ? index.orphanBurnByHash.get(ref.hash)
          : undefined;
    return orphaned === undefined ? undefined : { total: 0, results: [] };
  }
  const blocks: BlockRecord[] = [];
  for (let height = newest.height; height >= 1; height--) {
    const block = index.blockAt(height);
    if (block === undefined || block.burnHash !== newest.burnHash) break;
    blocks.push(block);
  }
  const results = blocks
    .slice(page.offset, page.offset + page.limit)
    .map((block) => toNakamotoBlock(index, block));
  return { total: results.length === 0 ? 0 : blocks.length, results };
}

/** The 32 zero bytes standing for the parent of the first block. */
const NO_PARENT = `0x${'0'.repeat(64)}`;

/** The v2 block shape of a canonical block: no `txs` nor microblock fields, `tx_count` and the parent's index hash. */
function toNakamotoBlock(index: ChainIndex, block: BlockRecord): NakamotoBlock {
  const cost = [0, 0, 0, 0, 0];
  for (const tx of block.txs as readonly TxRecord[]) {
    for (let c = 0; c < 5; c++) cost[c] = (cost[c] ?? 0) + (tx.cost[c] ?? 0);
  }
  return {
    canonical: index.isCanonical(block),
    height: block.height,
    hash: block.hash,
    block_time: block.blockTime,
    block_time_iso: isoTime(block.blockTime),
    tenure_height: block.tenureHeight,
    index_block_hash: block.indexBlockHash,
    parent_block_hash: block.parentBlockHash,
    parent_index_block_hash: index.blockAt(block.height - 1)?.indexBlockHash ?? NO_PARENT,
    burn_block_time: block.burnTime,
    burn_block_time_iso: isoTime(block.burnTime),
    burn_block_hash: block.burnHash,
    burn_block_height: block.burnHeight,
    miner_txid: block.minerTxid,
    tx_count: block.txs.length,
    execution_cost_read_count: cost[0] ?? 0,
    execution_cost_read_length: cost[1] ?? 0,
    execution_cost_runtime: cost[2] ?? 0,
    execution_cost_write_count: cost[3] ?? 0,
    execution_cost_write_length: cost[4] ?? 0,
  };
}
