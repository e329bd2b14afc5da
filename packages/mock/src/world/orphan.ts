import { type ChainIndex, touchedPrincipals } from './indexes';
import type { BlockRecord, TxRecord } from './model';

/**
 * Takes the tip block off the canonical chain, as upstream marks an orphaned block and every row of its
 * transactions non-canonical: the lists, totals, principal ETags and contract statuses lose them; the block
 * stays known (lookups by hash, cursors naming it) and its transactions go back to the mempool.
 */
export function orphanTip(index: ChainIndex): BlockRecord {
  const block = index.blocks.pop();
  if (!block) throw new Error('the chain has no blocks');
  for (let i = block.txs.length - 1; i >= 0; i--) {
    const tx = block.txs[i] as TxRecord;
    if (index.txById.get(tx.txId) === tx) index.txById.delete(tx.txId);
    index.orphanedTxs.set(tx.txId, tx);
    index.transactionCount -= 1;
    for (const principal of touchedPrincipals(tx)) {
      const list = index.principalTxs.get(principal);
      // The orphaned block is the newest, so its rows are the last of every list they are in.
      if (list?.[list.length - 1] !== tx) throw new Error(`principal list of ${principal} out of order`);
      list.pop();
      if (list.length === 0) index.principalTxs.delete(principal);
    }
    if (tx.payload.type === 'smart_contract') unconfirmDeploy(index, tx, tx.payload.contractId);
  }
  moveBurnLookups(index, block);
  return block;
}

/** The contract's status falls back to its previous canonical deployment, else to the orphaned one, pending. */
function unconfirmDeploy(index: ChainIndex, tx: TxRecord, contractId: string): void {
  const confirmed = index.deploys.get(contractId);
  if (confirmed && 'tx' in confirmed && confirmed.tx === tx) {
    const list = index.principalTxs.get(contractId) ?? [];
    let previous: TxRecord | undefined;
    for (let i = list.length - 1; i >= 0 && previous === undefined; i--) {
      const candidate = list[i] as TxRecord;
      if (candidate.payload.type === 'smart_contract' && candidate.payload.contractId === contractId)
        previous = candidate;
    }
    if (previous) index.deploys.set(contractId, { status: previous.status, tx: previous });
    else index.deploys.delete(contractId);
  }
  index.addMempoolDeploy({ txId: tx.txId, contractId, sender: tx.sender, nonce: tx.nonce });
}

/**
 * Burn-block lookups prefer a canonical block, then the highest block (upstream: `ORDER BY canonical DESC,
 * block_height DESC`): the canonical entry moves to the block below in the same tenure or goes; the orphaned
 * block becomes the fallback unless a higher orphaned block holds that burn block already.
 */
function moveBurnLookups(index: ChainIndex, block: BlockRecord): void {
  const below = index.blocks[index.blocks.length - 1];
  const sameBurn = below !== undefined && below.burnHash === block.burnHash ? below : undefined;
  if (index.burnByHeight.get(block.burnHeight) === block) {
    if (sameBurn) index.burnByHeight.set(block.burnHeight, sameBurn);
    else index.burnByHeight.delete(block.burnHeight);
  }
  if (index.burnByHash.get(block.burnHash) === block) {
    if (sameBurn) index.burnByHash.set(block.burnHash, sameBurn);
    else index.burnByHash.delete(block.burnHash);
  }
  const byHeight = index.orphanBurnByHeight.get(block.burnHeight);
  if (!byHeight || block.height >= byHeight.height) index.orphanBurnByHeight.set(block.burnHeight, block);
  const byHash = index.orphanBurnByHash.get(block.burnHash);
  if (!byHash || block.height >= byHash.height) index.orphanBurnByHash.set(block.burnHash, block);
}
