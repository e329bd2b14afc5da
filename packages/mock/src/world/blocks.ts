import { indexEvents } from './events';
import { randomHash } from './ids';
import { ownFields } from './later-tx';
import type { BlockRecord, TxRecord } from './model';
import type { Random } from './random';
import type { TxDraft } from './tx-builders';
import type { Block, PostCondition } from './types';

/** Everything about a block except its transactions. */
export type BlockHeader = Omit<BlockRecord, 'txs'>;

/** ISO-8601 form the API uses (`YYYY-MM-DDTHH:mm:ss.sssZ`), `""` for a zero time. */
export function isoTime(unixSeconds: number): string {
  return unixSeconds > 0 ? new Date(unixSeconds * 1000).toISOString() : '';
}

// Shared by every transaction without post-conditions (most of them): records are read-only. Not frozen, for
// the reason given for `NO_EVENTS`.
const NO_POST_CONDITIONS: readonly PostCondition[] = [];

/**
 * Places drafts in a block: transaction ids, `tx_index` in draft order, numbered events. A record among them is
 * an orphaned transaction taken back by a re-org: same id and contents, in this block at its new index.
 */
export function assembleBlock(
  rng: Random,
  header: BlockHeader,
  drafts: readonly (TxDraft | TxRecord)[],
): BlockRecord {
  const txs: TxRecord[] = [];
  const block: BlockRecord = { ...header, txs };
  // Explicit fields rather than spreads: this runs for every transaction of 100,000-transaction worlds.
  for (let txIndex = 0; txIndex < drafts.length; txIndex++) {
    const d = drafts[txIndex] as TxDraft | TxRecord;
    if ('txId' in d) {
      txs.push({ ...ownFields(d), block, txIndex });
      continue;
    }
    txs.push({
      txId: randomHash(rng),
      block,
      txIndex,
      sender: d.sender,
      nonce: d.nonce,
      fee: d.fee,
      sponsor: d.sponsor,
      anchorMode: d.anchorMode,
      postConditionMode: d.postConditionMode,
      postConditions: d.postConditions.length === 0 ? NO_POST_CONDITIONS : d.postConditions,
      status: d.status,
      result: d.result,
      vmError: d.vmError,
      payload: d.payload,
      events: indexEvents(d.events),
      cost: d.cost,
    });
  }
  return block;
}

/**
 * The v1 Block response (notes §2.5): `txs` highest `tx_index` first, costs summed over its transactions. An
 * orphaned block answers `canonical: false` and no `txs`, as upstream lists only canonical transactions of a
 * block while its costs are stored with the block.
 */
export function toBlock(block: BlockRecord, canonical = true): Block {
  const cost = [0, 0, 0, 0, 0];
  const txIds: string[] = [];
  for (let i = block.txs.length - 1; i >= 0; i--) {
    const tx = block.txs[i] as TxRecord;
    if (canonical) txIds.push(tx.txId);
    for (let c = 0; c < 5; c++) cost[c] = (cost[c] ?? 0) + (tx.cost[c] ?? 0);
  }
  return {
    canonical,
    height: block.height,
    hash: block.hash,
    block_time: block.blockTime,
    block_time_iso: isoTime(block.blockTime),
    tenure_height: block.tenureHeight,
    index_block_hash: block.indexBlockHash,
    parent_block_hash: block.parentBlockHash,
    burn_block_time: block.burnTime,
    burn_block_time_iso: isoTime(block.burnTime),
    burn_block_hash: block.burnHash,
    burn_block_height: block.burnHeight,
    miner_txid: block.minerTxid,
    parent_microblock_hash: '',
    parent_microblock_sequence: -1,
    txs: txIds,
    microblocks_accepted: [],
    microblocks_streamed: [],
    execution_cost_read_count: cost[0] ?? 0,
    execution_cost_read_length: cost[1] ?? 0,
    execution_cost_runtime: cost[2] ?? 0,
    execution_cost_write_count: cost[3] ?? 0,
    execution_cost_write_length: cost[4] ?? 0,
    microblock_tx_count: {},
  };
}
